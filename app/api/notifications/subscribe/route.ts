import { route } from "@/lib/http/route";
import { subscriptionSchema } from "@/lib/notifications/schemas";
import { savePushSubscription } from "@/lib/notifications/service";

export const POST = route({ auth: "user", body: subscriptionSchema }, async ({ user, body }) =>
  Response.json(await savePushSubscription(user, body.subscription), { status: 201 }),
);
