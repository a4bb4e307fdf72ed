import { z } from "zod";
import { route } from "@/lib/http/route";
import { deleteQuestion } from "@/lib/questions/service";

export const DELETE = route({ auth: "admin", params: z.object({ id: z.uuid("Not found.") }) }, async ({ params }) => deleteQuestion(params.id));
