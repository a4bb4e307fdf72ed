import { z } from "zod";
import { route } from "@/lib/http";
import { storeUpload } from "@/lib/uploads";

const uploadForm = z.object({
  file: z.instanceof(File).nullable().optional(),
  imageType: z.enum(["payment", "profile", "objection"], { error: "imageType must be 'payment', 'profile' or 'objection'." }),
  /** Accepted for the spec's payload; the owner is always the logged-in user. */
  userID: z.string().optional(),
  reason: z.string().optional(),
});

export const POST = route({ can: "uploads.create", does: "Uploads a payment screenshot or profile picture", form: uploadForm }, async ({ actor, form, say }) =>
  Response.json({ ...(await storeUpload(actor, form.imageType, form.file ?? null)), message: say("fileUploaded") }, { status: 201 }),
);
