import { listBlogs, specBlog } from "@/lib/blog";
import { route } from "@/lib/http";

export const GET = route({ can: "blog.read", does: "Lists published blog articles" }, async ({ actor }) => ({ blogs: (await listBlogs(actor)).map(specBlog) }));
