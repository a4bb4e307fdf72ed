import { config } from "@/lib/config";

/**
 * The entry of a proxy header (X-Forwarded-For, -Host, -Proto) that the configured proxies
 * wrote: behind N trusted hops, the N-th from the right (anything to its left the client may
 * have written). With none (the default), no such header is believed.
 */
export function trustedForwarded(headers: Pick<Headers, "get">, name: string, trustedHops = config.trustedProxyHops): string | undefined {
  if (trustedHops === 0) return undefined;
  const hops = (headers.get(name) ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  return hops.length === 0 ? undefined : hops[Math.max(0, hops.length - trustedHops)];
}

/**
 * The caller's address for rate limits. Route handlers see no socket, so it can only come from
 * X-Forwarded-For, as the trusted proxies appended it. With none (the default), every caller
 * counts as one "direct" client: per-address limits then hold for the whole site.
 */
export function clientIp(request: Request, trustedHops = config.trustedProxyHops): string {
  return knownClientIp(request, trustedHops) ?? "direct";
}

/**
 * The caller's address as the trusted proxies gave it, or undefined with none: for a limit so low
 * that holding it for the whole site at once would shut everyone out (sign-ups).
 */
export function knownClientIp(request: Request, trustedHops = config.trustedProxyHops): string | undefined {
  return trustedForwarded(request.headers, "x-forwarded-for", trustedHops);
}
