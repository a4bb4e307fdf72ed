import { route } from "@/lib/http";
import { authoriseScrape, metricsText } from "@/lib/metrics";

/** Prometheus scrape endpoint, behind a bearer token (METRICS_TOKEN). */
export const GET = route({ can: "metrics.scrape", does: "Serves Prometheus metrics (with the metrics token)" }, async ({ request }) => {
  authoriseScrape(request.headers.get("authorization"));
  const { contentType, body } = await metricsText();
  return new Response(body, { headers: { "content-type": contentType, "cache-control": "no-store" } });
});
