import { route } from "@/lib/http";
import { vapidPublicKey } from "@/lib/notifications";

/** The application server key a browser needs to subscribe to pushes. */
export const GET = route({ can: "notifications.readKey", does: "Reads the push service's public key" }, async ({ actor }) => ({ publicKey: await vapidPublicKey(actor) }));
