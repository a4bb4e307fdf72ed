import { route } from "@/lib/http";
import { sendNotification } from "@/lib/notifications";
import { sendNotificationSchema } from "@/lib/notifications/schemas";

export const POST = route({ can: "notifications.send", does: "Sends a notification to all users, one user or the admins", body: sendNotificationSchema }, async ({ actor, body }) => ({
  message: "Notification sent.",
  ...(await sendNotification(actor, body)),
}));
