import { route } from "@/lib/http/route";
import { sendNotificationSchema } from "@/lib/notifications/schemas";
import { sendNotification } from "@/lib/notifications/service";

export const POST = route({ auth: "admin", body: sendNotificationSchema }, ({ body }) => sendNotification(body));
