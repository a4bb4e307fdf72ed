import { z } from "zod";
import { deleteBlog } from "@/lib/blog/admin";
import { route } from "@/lib/http/route";

export const DELETE = route({ auth: "admin", params: z.object({ id: z.uuid("Not found.") }) }, async ({ params }) => deleteBlog(params.id));
