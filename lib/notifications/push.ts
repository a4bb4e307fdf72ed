import "server-only";
import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import { eq, inArray, sql } from "drizzle-orm";
import webpush from "web-push";
import { appSecrets, pushSubscriptions } from "@/db/schema";
import { config } from "@/lib/config";
import { service } from "@/lib/auth";
import { getDb } from "@/lib/db";
import { enqueueMany, type PushPayload } from "@/lib/jobs";
import { log } from "@/lib/log";
import { addressAllowed, bareHost, endpointAllowed, guardedLookup, RefusedAddress, type EndpointPolicy } from "./endpoints";

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The configured VAPID keys, or a pair generated on first use and kept in the database so
 * every instance signs pushes with the same key (a second instance's key would be refused).
 */
async function loadVapidKeys(): Promise<VapidKeys> {
  if (config.push.keys) return config.push.keys;
  const db = await getDb();
  const generated = webpush.generateVAPIDKeys();
  await db.insert(appSecrets).values({ name: "vapid", value: JSON.stringify(generated) }).onConflictDoNothing();
  const [stored] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, "vapid"));
  return JSON.parse(stored.value) as VapidKeys;
}

/** The public half is what a browser needs to subscribe. */
export const vapidPublicKey = service("notifications.readKey", async () => (await loadVapidKeys()).publicKey);

export type PushOutcome = "sent" | "gone" | "failed";

/** Queues one delivery job per subscription of the given users, so each is retried on its own. */
export const fanOutPush = service("notifications.deliver", async (_actor, userIds: string[] | "all", payload: PushPayload): Promise<number> => {
  const db = await getDb();
  const subscriptions = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(userIds === "all" ? undefined : userIds.length > 0 ? inArray(pushSubscriptions.userId, userIds) : sql`false`);
  await enqueueMany("push.deliver", subscriptions.map((subscription) => ({ subscriptionId: subscription.id, payload })));
  return subscriptions.length;
});

const PARALLEL_SENDS = 50;

/**
 * Sends each delivery; a subscription the push service says is gone (404/410) is deleted,
 * one already deleted counts as gone. "failed" deliveries are for the queue to retry.
 */
export const deliverPushes = service("notifications.deliver", async (_actor, deliveries: { subscriptionId: string; payload: PushPayload }[]): Promise<PushOutcome[]> => {
  const db = await getDb();
  const subscriptions = await db.select().from(pushSubscriptions).where(inArray(pushSubscriptions.id, deliveries.map((delivery) => delivery.subscriptionId)));
  const byId = new Map(subscriptions.map((subscription) => [subscription.id, subscription]));
  const keys = await loadVapidKeys();
  const outcomes: PushOutcome[] = new Array(deliveries.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(PARALLEL_SENDS, deliveries.length) }, async () => {
      while (next < deliveries.length) {
        const index = next++;
        const subscription = byId.get(deliveries[index].subscriptionId);
        outcomes[index] = subscription ? await send(subscription, JSON.stringify(deliveries[index].payload), keys) : "gone";
      }
    }),
  );
  const gone = deliveries.filter((_, index) => outcomes[index] === "gone").map((delivery) => delivery.subscriptionId);
  if (gone.length > 0) await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, gone));
  return outcomes;
});

const agents = { "http:": new http.Agent({ keepAlive: true }), "https:": new https.Agent({ keepAlive: true }) };

/**
 * POSTs a prepared push request and answers the push service's status. Never follows a
 * redirect (node's http client does not), connects only to addresses the policy allows (an IP
 * in the URL is checked here, a name in the lookup), and gives up after 10 s.
 */
function post(endpoint: string, request: { method: string; headers: Record<string, string>; body: Buffer | null }, policy: EndpointPolicy): Promise<number> {
  const url = new URL(endpoint);
  const host = bareHost(url);
  if (isIP(host) && !addressAllowed(host, policy)) return Promise.reject(new RefusedAddress(host, host));
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const outgoing = client.request(
      url,
      { method: request.method, headers: request.headers, agent: agents[url.protocol as keyof typeof agents], lookup: guardedLookup(policy), signal: AbortSignal.timeout(10_000) },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
        response.on("error", reject);
      },
    );
    outgoing.on("error", reject);
    outgoing.end(request.body ?? undefined);
  });
}

/**
 * One delivery. An endpoint off the push services' allowlist (stored before the list existed,
 * or its host since removed) can never be delivered to: it counts as gone, so the subscription
 * is deleted. A host that resolves to a private address is refused as failed instead: that is
 * a DNS answer, which may be wrong for a while, and the queue's few retries are refused too.
 * A redirect (3xx) is a failure, never followed.
 */
async function send(subscription: typeof pushSubscriptions.$inferSelect, body: string, keys: VapidKeys): Promise<PushOutcome> {
  const policy = config.push;
  if (!endpointAllowed(subscription.endpoint, policy)) {
    log.warn({ subscriptionId: subscription.id }, "push endpoint is not on a known push service: subscription deleted");
    return "gone";
  }
  try {
    // web-push builds the encrypted, VAPID-signed request; web-push's own sender would follow
    // no policy (and speaks https only).
    const request = webpush.generateRequestDetails(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      body,
      { vapidDetails: { subject: config.push.subject, ...keys }, TTL: 24 * 60 * 60 },
    );
    const status = await post(request.endpoint, { method: request.method, headers: request.headers as Record<string, string>, body: request.body }, policy);
    if (status >= 200 && status < 300) return "sent";
    return status === 404 || status === 410 ? "gone" : "failed";
  } catch (error) {
    if (error instanceof RefusedAddress) log.warn({ subscriptionId: subscription.id, err: error }, "push endpoint refused: not a public address");
    return "failed";
  }
}
