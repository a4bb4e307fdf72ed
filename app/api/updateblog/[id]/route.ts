import { z } from "zod";
import { blogCategories, updateBlog } from "@/lib/blog/admin";
import { blogSchema } from "@/lib/blog/schemas";
import { route } from "@/lib/http/route";

export const PUT = route({ auth: "admin", params: z.object({ id: z.uuid("Not found.") }), body: blogSchema(blogCategories()) }, async ({ params, body }) => ({
  message: "Article updated.",
  blog: await updateBlog(params.id, body),
}));
