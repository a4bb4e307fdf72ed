import { route } from "@/lib/http/route";
import { vapidKeys } from "@/lib/notifications/push";

/** The application server key a browser needs to subscribe to pushes. */
export const GET = route({ auth: "public" }, async () => ({ publicKey: (await vapidKeys()).publicKey }));
