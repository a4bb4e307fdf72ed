import { liveness } from "@/lib/health";

/**
 * Liveness: the process answers, and the database has not been unreachable for longer than
 * HEALTH_DATABASE_DOWN_SECONDS. Deliberately queries nothing: it reads the pool's record.
 */
export function GET() {
  const { healthy, ...details } = liveness();
  return Response.json(
    { status: healthy ? "ok" : "unhealthy", uptimeSeconds: Math.round(process.uptime()), ...details },
    { status: healthy ? 200 : 503, headers: { "cache-control": "no-store" } },
  );
}
