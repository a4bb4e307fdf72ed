import { route } from "@/lib/http";

/**
 * The cheapest call there is through the whole request path (proxy, route wrapper, the caller
 * identified from the database): whether this browser's session still counts. `bench:exam`
 * measures it as the ceiling every exam step is compared with.
 */
export const GET = route({ can: "health.ping", does: "Answers that the process is up" }, async ({ actor }) => ({ signedIn: actor.role !== "visitor" }));
