import { readiness } from "@/lib/health";

/** Readiness: 200 when the database, migrations and object store are all usable, else 503. */
export async function GET() {
  const result = await readiness();
  return Response.json({ status: result.ready ? "ready" : "not ready", ...result }, { status: result.ready ? 200 : 503, headers: { "cache-control": "no-store" } });
}
