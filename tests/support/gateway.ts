import { afterAll, beforeAll } from "vitest";
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
