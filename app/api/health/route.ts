import { liveness } from "@/lib/health";
import { describedRoute } from "@/lib/http";

/**
 * Liveness: the process answers, and the database has not been unreachable for longer than
 * HEALTH_DATABASE_DOWN_SECONDS. Deliberately queries nothing: it reads the pool's record.
 */
export const GET = describedRoute({ permission: "health.ping", does: "Answers 200 while the process lives and the database has not been gone too long (liveness probe)" }, () => {
  const { healthy, ...details } = liveness();
  return Response.json(
    { status: healthy ? "ok" : "unhealthy", uptimeSeconds: Math.round(process.uptime()), ...details },
    { status: healthy ? 200 : 503, headers: { "cache-control": "no-store" } },
  );
});
