import { listBlogsForAdmin } from "@/lib/blog/admin";
import { route } from "@/lib/http/route";

export const GET = route({ auth: "public" }, async () => ({ blogs: await listBlogsForAdmin() }));
