import { contactSchema } from "@/lib/contact/schemas";
import { saveContactMessage } from "@/lib/contact/service";
import { clientIp } from "@/lib/http/client";
import { route } from "@/lib/http/route";

export const POST = route({ auth: "public", body: contactSchema }, async ({ request, body }) => {
  await saveContactMessage(body, clientIp(request));
  return Response.json({ message: "Form submitted successfully!" }, { status: 201 });
});
