import { config, type Config } from "@/lib/config";
import { trustedForwarded } from "./client";

type OriginSettings = Pick<Config, "publicUrl" | "trustedProxyHops" | "appUrl">;

/** A host name or bracketed IPv6 address, and perhaps a port: nothing a URL could smuggle in. */
const HOST = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * Where links people share point (referral links; mails use `mailOrigin`): the configured public
 * URL. Without one (development, tests and the single-machine demo; config's checkPublicUrl refuses a production deployment without it), the
 * host this request came to, so a phone on the network gets a link it can open rather than
 * localhost: the Host header, or X-Forwarded-Host and -Proto as the trusted proxies set them.
 */
export function publicOrigin(headers: Pick<Headers, "get">, settings: OriginSettings = config): string {
  if (settings.publicUrl) return settings.publicUrl;
  const host = trustedForwarded(headers, "x-forwarded-host", settings.trustedProxyHops) ?? headers.get("host") ?? "";
  if (!HOST.test(host)) return settings.appUrl;
  const protocol = trustedForwarded(headers, "x-forwarded-proto", settings.trustedProxyHops) === "https" ? "https" : "http";
  return `${protocol}://${host.toLowerCase()}`;
}

/**
 * Where mailed links (password resets, email confirmations) point. A mail goes to someone other
 * than whoever sent the request, so in production it never follows the request's Host header:
 * a forged one would put a victim's reset token on the forger's site (password-reset poisoning).
 * Without a public URL the demo mails the local address; development follows the request.
 */
export function mailOrigin(headers: Pick<Headers, "get">, settings: OriginSettings & Pick<Config, "environment"> = config): string {
  return settings.environment === "production" ? settings.appUrl : publicOrigin(headers, settings);
}
