import { config } from "@/lib/config";

/**
 * The caller's address for rate limits. Route handlers see no socket, so it can only come from
 * X-Forwarded-For, and only the entries the configured proxies appended are believed: behind N
 * trusted hops, the N-th from the right (anything to its left the client may have written).
 * With none (the default), no header is believed and every caller counts as one "direct"
 * client: per-address limits then hold for the whole site.
 */
export function clientIp(request: Request, trustedHops = config.trustedProxyHops): string {
  if (trustedHops === 0) return "direct";
  const hops = (request.headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (hops.length === 0) return "direct";
  return hops[Math.max(0, hops.length - trustedHops)];
}
