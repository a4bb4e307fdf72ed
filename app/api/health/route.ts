/** Liveness: the process answers. Deliberately touches nothing else. */
export function GET() {
  return Response.json({ status: "ok", uptimeSeconds: Math.round(process.uptime()) }, { headers: { "cache-control": "no-store" } });
}
