import { afterAll, beforeAll } from "vitest";
import { POST as webhookRoute } from "@/app/api/payments/gateway/webhook/route";
import { config } from "@/lib/config";
import { startFakeRazorpay, type FakeRazorpay } from "./fake-razorpay";

/**
 * The local fake of Razorpay's API for the calling file's tests, on a free port, with the app's
 * gateway settings pointed at it while they run (vitest.config.ts's keys; webhooks held until a
 * test delivers them). Read `gateway.fake` inside a test or hook.
 */
export function withFakeGateway(): { readonly fake: FakeRazorpay } {
  const gateway = {} as { fake: FakeRazorpay };
  const settings = config.gateway!;
  beforeAll(async () => {
    gateway.fake = await startFakeRazorpay({ keyId: settings.keyId, keySecret: settings.keySecret, webhookSecret: settings.webhookSecret });
    config.gateway = { ...settings, apiUrl: gateway.fake.url };
  });
  afterAll(async () => {
    config.gateway = settings;
    await gateway.fake?.close();
  });
  return gateway;
}

/**
 * Posts a webhook to the app's route as the gateway does: the raw body as signed, its signature and
 * event id (none when `eventId` is null), no session. Its status and `{ message }`.
 */
export async function deliverWebhook(event: { id: string; body: string; signature: string }, options: { signature?: string; eventId?: string | null } = {}) {
  const eventId = options.eventId === undefined ? event.id : options.eventId;
  const response = await webhookRoute(
    new Request("http://localhost:3000/api/payments/gateway/webhook", {
      method: "POST",
      headers: { "content-type": "application/json", "x-razorpay-signature": options.signature ?? event.signature, ...(eventId === null ? {} : { "x-razorpay-event-id": eventId }), host: "localhost:3000" },
      body: event.body,
    }),
  );
  return { status: response.status, body: (await response.json()) as { message: string } };
}
