import { blogCategories, createBlog, specBlog } from "@/lib/blog";
import { blogSchema } from "@/lib/blog/schemas";
import { route } from "@/lib/http";

export const POST = route({ can: "blog.edit", does: "Publishes a new blog article", body: blogSchema(blogCategories()) }, async ({ actor, body }) =>
  Response.json({ message: "Article published.", blog: specBlog(await createBlog(actor, body)) }, { status: 201 }),
);
