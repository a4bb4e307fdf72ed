import { contactSchema } from "@/lib/contact/schemas";
import { saveContactMessage } from "@/lib/contact/service";
import { route } from "@/lib/http/route";

export const POST = route({ auth: "public", body: contactSchema }, async ({ body }) => {
  await saveContactMessage(body);
  return Response.json({ message: "Form submitted successfully!" }, { status: 201 });
});
