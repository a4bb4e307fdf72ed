import { route } from "@/lib/http";
import { savePushSubscription } from "@/lib/notifications";
import { subscriptionSchema } from "@/lib/notifications/schemas";

export const POST = route({ can: "notifications.subscribe", does: "Saves the caller's push subscription", body: subscriptionSchema }, async ({ actor, body, say }) => {
  await savePushSubscription(actor, body.subscription);
  return Response.json({ message: say("subscribedToNotifications") }, { status: 201 });
});
