import { z } from "zod";
import { personName, text } from "@/lib/validation";

/** Shared by the contact form in the browser and POST /api/contact: the same messages in both (SPEC §5). */
const required = (label: string, max: number, field = text) =>
  field(label, `${label} is required`)
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

export const contactSchema = z.object({
  name: required("Name", 100, personName),
  email: required("Email", 254).pipe(z.email("Enter a valid email address")),
  subject: required("Subject", 200),
  message: required("Message", 5000),
});

export type ContactInput = z.infer<typeof contactSchema>;
