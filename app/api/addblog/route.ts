import { blogCategories, createBlog } from "@/lib/blog/admin";
import { blogSchema } from "@/lib/blog/schemas";
import { route } from "@/lib/http/route";

export const POST = route({ auth: "admin", body: blogSchema(blogCategories()) }, async ({ body }) =>
  Response.json({ message: "Article published.", blog: await createBlog(body) }, { status: 201 }),
);
