import { z } from "zod";
import { deleteBlog } from "@/lib/blog";
import { route } from "@/lib/http";

export const DELETE = route({ can: "blog.edit", does: "Deletes a blog article", params: z.object({ id: z.uuid("Not found.") }) }, async ({ actor, params }) => {
  await deleteBlog(actor, params.id);
  return { message: "Article deleted." };
});
