import { config, type Config } from "@/lib/config";
import { trustedForwarded } from "./client";

/** A host name or bracketed IPv6 address, and perhaps a port: nothing a URL could smuggle in. */
const HOST = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * Where links people share or receive by mail point (referral links, password resets, email
 * confirmations): the configured public URL. Without one (development, tests and the
 * single-machine demo; config's checkPublicUrl refuses a production deployment without it), the
 * host this request came to, so a phone on the network gets a link it can open rather than
 * localhost: the Host header, or X-Forwarded-Host and -Proto as the trusted proxies set them.
 */
export function publicOrigin(headers: Pick<Headers, "get">, settings: Pick<Config, "publicUrl" | "trustedProxyHops" | "appUrl"> = config): string {
  if (settings.publicUrl) return settings.publicUrl;
  const host = trustedForwarded(headers, "x-forwarded-host", settings.trustedProxyHops) ?? headers.get("host") ?? "";
  if (!HOST.test(host)) return settings.appUrl;
  const protocol = trustedForwarded(headers, "x-forwarded-proto", settings.trustedProxyHops) === "https" ? "https" : "http";
  return `${protocol}://${host.toLowerCase()}`;
}
