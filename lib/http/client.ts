/**
 * The caller's address for rate limits: the first X-Forwarded-For hop set by the load
 * balancer, else X-Real-IP. Behind no proxy both can be forged, which is why login is also
 * limited per email.
 */
export function clientIp(request: Request): string {
  const forwarded = request.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  return forwarded || request.headers.get("x-real-ip") || "unknown";
}
