import { saveContactMessage } from "@/lib/contact";
import { contactSchema } from "@/lib/contact/schemas";
import { clientIp, route } from "@/lib/http";

export const POST = route({ can: "contact.send", does: "Sends a message to the organisers", body: contactSchema }, async ({ actor, request, body, say }) => {
  await saveContactMessage(actor, body, clientIp(request));
  return Response.json({ message: say("contactSent") }, { status: 201 });
});
