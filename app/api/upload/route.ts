import { z } from "zod";
import { route } from "@/lib/http/route";
import { storeUpload } from "@/lib/uploads/service";

const uploadForm = z.object({
  file: z.instanceof(File).nullable().optional(),
  imageType: z.enum(["payment", "profile"], { error: "imageType must be 'payment' or 'profile'." }),
  /** Accepted for the spec's payload; the owner is always the logged-in user. */
  userID: z.string().optional(),
  reason: z.string().optional(),
});

export const POST = route({ auth: "user", form: uploadForm }, async ({ user, form }) =>
  Response.json(await storeUpload(user, form.imageType, form.file ?? null), { status: 201 }),
);
