import { randomBytes } from "node:crypto";
import { config } from "@/lib/config";

/** A fresh nonce per response: only scripts carrying it (Next's own, and what they load) run. */
export function createNonce(): string {
  return randomBytes(16).toString("base64");
}

const GOOGLE_SIGN_IN = "https://accounts.google.com";
/** Where Razorpay Checkout's script puts its payment frame and sends the payer's details. */
const RAZORPAY_API = "https://api.razorpay.com";

const NONCE_SLOT = "{nonce}";

/**
 * The page policy. Scripts need the nonce ('strict-dynamic' lets Next's nonce'd loader add the
 * chunks, Google sign-in and the live chat); inline style attributes stay allowed because React
 * and Tailwind set them and they cannot run code. Question images may come from any https host.
 * With a payment gateway, its checkout (a script our code adds) frames and calls its own origins.
 */
function policyWithNonceSlot(overHttps: boolean): string {
  const google = config.google ? [GOOGLE_SIGN_IN] : [];
  const liveChat = config.liveChatScriptUrl ? [new URL(config.liveChatScriptUrl).origin] : [];
  const thirdParties = [...google, ...liveChat];
  const gateway = config.gateway ? [new URL(config.gateway.checkoutUrl).origin, RAZORPAY_API] : [];
  const framed = [...thirdParties, ...gateway];
  // Next's development server evaluates modules with eval(); production never does.
  const evalInDevelopment = config.environment === "development" ? ["'unsafe-eval'"] : [];
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", `'nonce-${NONCE_SLOT}'`, "'strict-dynamic'", ...evalInDevelopment],
    "style-src": ["'self'", "'unsafe-inline'", ...thirdParties],
    "img-src": ["'self'", "data:", "blob:", "https:"],
    "media-src": ["'self'", "blob:"],
    "font-src": ["'self'", "data:", ...thirdParties],
    "connect-src": ["'self'", ...thirdParties, ...gateway],
    "frame-src": framed.length > 0 ? framed : ["'none'"],
    "worker-src": ["'self'"],
    "manifest-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
  };
  const policy = Object.entries(directives).map(([name, sources]) => `${name} ${sources.join(" ")}`);
  if (overHttps) policy.push("upgrade-insecure-requests");
  return policy.join("; ");
}

// Built once: the proxy runs before every request, and only the nonce changes between them.
const POLICIES = { http: policyWithNonceSlot(false), https: policyWithNonceSlot(true) };

export function contentSecurityPolicy(nonce: string, overHttps: boolean): string {
  return POLICIES[overHttps ? "https" : "http"].replace(NONCE_SLOT, nonce);
}

export const STRICT_TRANSPORT_SECURITY = `max-age=${2 * 365 * 24 * 60 * 60}; includeSubDomains`;

/**
 * Whether the browser reached us over HTTPS: directly, or through a TLS-terminating proxy that
 * says so in X-Forwarded-Proto (trusting it is harmless: browsers ignore HSTS over plain HTTP).
 */
export function servedOverHttps(request: { url: string; headers: Pick<Headers, "get"> }): boolean {
  return new URL(request.url).protocol === "https:" || request.headers.get("x-forwarded-proto") === "https" || config.appUrl.startsWith("https://");
}
