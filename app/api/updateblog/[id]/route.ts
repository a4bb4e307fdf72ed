import { z } from "zod";
import { blogCategories, specBlog, updateBlog } from "@/lib/blog";
import { blogSchema } from "@/lib/blog/schemas";
import { route } from "@/lib/http";

export const PUT = route({ can: "blog.edit", does: "Edits a blog article", params: z.object({ id: z.uuid("Not found.") }), body: blogSchema(blogCategories()) }, async ({ actor, params, body }) => ({
  message: "Article updated.",
  blog: specBlog(await updateBlog(actor, params.id, body)),
}));
