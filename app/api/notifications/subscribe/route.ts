import { route } from "@/lib/http";
import { savePushSubscription } from "@/lib/notifications";
import { subscriptionSchema } from "@/lib/notifications/schemas";

export const POST = route({ can: "notifications.subscribe", body: subscriptionSchema }, async ({ actor, body }) => {
  await savePushSubscription(actor, body.subscription);
  return Response.json({ message: "Subscribed to notifications." }, { status: 201 });
});
