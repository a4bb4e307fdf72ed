import { z } from "zod";
import { route } from "@/lib/http";
import { storeQuestionImage } from "@/lib/quizzes";

const imageForm = z.object({ file: z.instanceof(File).nullable().optional() });

export const POST = route({ can: "questions.edit", does: "Uploads an image for a question or an option (SVG refused)", form: imageForm }, async ({ actor, form }) =>
  Response.json(await storeQuestionImage(actor, form.file ?? null), { status: 201 }),
);
