import { readiness } from "@/lib/health";
import { describedRoute } from "@/lib/http";

/** Readiness: 200 when the database, migrations and object store are all usable, else 503. */
export const GET = describedRoute({ permission: "health.ping", does: "Answers 200 when the database, migrations and object store are usable (the balancer's readiness probe)" }, async () => {
  const result = await readiness();
  return Response.json({ status: result.ready ? "ready" : "not ready", ...result }, { status: result.ready ? 200 : 503, headers: { "cache-control": "no-store" } });
});
