import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import Razorpay from "razorpay";
import { config } from "@/lib/config";
import { NotFound, Unavailable } from "@/lib/errors";
import { message } from "@/lib/catalogue";
import { log } from "@/lib/log";

/** The gateway's settings; a call for a gateway that is not turned on finds nothing there. */
export function gatewaySettings() {
  if (!config.gateway) throw new NotFound(message("gatewayOff"));
  return config.gateway;
}

let client: { apiUrl: string; sdk: Razorpay } | undefined;

/**
 * The official SDK. Its API host is fixed to Razorpay's; the SDK makes its calls through one axios
 * instance, whose base URL is set to RAZORPAY_API_URL (the same host unless a test points it at the
 * local fake of the documented API, tests/support/fake-razorpay.ts).
 */
function razorpay(): Razorpay {
  const settings = gatewaySettings();
  if (client?.apiUrl !== settings.apiUrl) {
    const sdk = new Razorpay({ key_id: settings.keyId, key_secret: settings.keySecret });
    (sdk as unknown as { api: { rq: { defaults: { baseURL: string } } } }).api.rq.defaults.baseURL = settings.apiUrl;
    client = { apiUrl: settings.apiUrl, sdk };
  }
  return client.sdk;
}

/** Razorpay signs with HMAC-SHA256 in hex: the webhook's raw body, or "order_id|payment_id" at checkout. */
export function gatewaySignature(secret: string, payload: string): string {
  return createHmac("sha256", secret).update(payload).digest("hex");
}

/** Compared in constant time: how far a guess matched must not show in how long the answer took. */
export function signatureMatches(secret: string, payload: string, signature: string): boolean {
  const expected = Buffer.from(gatewaySignature(secret, payload), "hex");
  const given = Buffer.from(/^[0-9a-f]{64}$/i.test(signature) ? signature : "", "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export const webhookSignatureValid = (rawBody: string, signature: string) => signatureMatches(gatewaySettings().webhookSecret, rawBody, signature);

export const checkoutSignatureValid = (gatewayOrderId: string, gatewayPaymentId: string, signature: string) =>
  signatureMatches(gatewaySettings().keySecret, `${gatewayOrderId}|${gatewayPaymentId}`, signature);

const GATEWAY_RETRY_SECONDS = 5;

/** A call to the gateway's API: its refusal or silence becomes a 503 the payer can retry, logged with what the gateway said. */
export async function askGateway<T>(what: string, call: (gateway: Razorpay) => Promise<T>): Promise<T> {
  try {
    return await call(razorpay());
  } catch (error) {
    const detail = (error as { statusCode?: number; error?: { description?: string } }) ?? {};
    log.error({ what, status: detail.statusCode, description: detail.error?.description ?? String(error) }, "payment gateway call failed");
    throw new Unavailable(message("gatewayUnavailable"), GATEWAY_RETRY_SECONDS);
  }
}
