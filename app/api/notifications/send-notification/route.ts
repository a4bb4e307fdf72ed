import { route } from "@/lib/http";
import { sendNotification } from "@/lib/notifications";
import { sendNotificationSchema } from "@/lib/notifications/schemas";

export const POST = route({ can: "notifications.send", body: sendNotificationSchema }, async ({ actor, body }) => ({
  message: "Notification sent.",
  ...(await sendNotification(actor, body)),
}));
