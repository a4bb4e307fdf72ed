import { afterResponse } from "@/lib/http/after-response";
import { route } from "@/lib/http/route";
import { sendNotificationSchema } from "@/lib/notifications/schemas";
import { sendNotification } from "@/lib/notifications/service";

export const POST = route({ auth: "admin", body: sendNotificationSchema }, async ({ body }) => {
  const { message, recipients, deliver } = await sendNotification(body);
  afterResponse(deliver);
  return { message, recipients };
});
