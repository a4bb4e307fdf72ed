import { eq, inArray, sql } from "drizzle-orm";
import webpush from "web-push";
import { appSecrets, pushSubscriptions } from "@/db/schema";
import { config } from "@/lib/config";
import { getDb } from "@/lib/db";

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The configured VAPID keys, or a pair generated on first use and kept in the database so
 * every instance signs pushes with the same key (a second instance's key would be refused).
 */
export async function vapidKeys(): Promise<VapidKeys> {
  if (config.push.keys) return config.push.keys;
  const db = await getDb();
  const generated = webpush.generateVAPIDKeys();
  await db.insert(appSecrets).values({ name: "vapid", value: JSON.stringify(generated) }).onConflictDoNothing();
  const [stored] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, "vapid"));
  return JSON.parse(stored.value) as VapidKeys;
}

export interface PushPayload {
  title: string;
  body: string;
  icon?: string;
  url?: string;
}

export interface PushReport {
  sent: number;
  removed: number;
  failed: number;
}

const PARALLEL_SENDS = 50;

/** Sends to every subscription of the given users; subscriptions the service says are gone are deleted. */
export async function deliverPush(userIds: string[] | "all", payload: PushPayload): Promise<PushReport> {
  const db = await getDb();
  const subscriptions = await db
    .select()
    .from(pushSubscriptions)
    .where(userIds === "all" ? undefined : userIds.length > 0 ? inArray(pushSubscriptions.userId, userIds) : sql`false`);
  const keys = await vapidKeys();
  const report: PushReport = { sent: 0, removed: 0, failed: 0 };
  const gone: string[] = [];
  const body = JSON.stringify(payload);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(PARALLEL_SENDS, subscriptions.length) }, async () => {
      while (next < subscriptions.length) {
        const subscription = subscriptions[next++];
        // web-push builds the encrypted, VAPID-signed request; fetch sends it to http or https
        // push services alike (web-push's own sender speaks https only).
        const request = webpush.generateRequestDetails(
          { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
          body,
          { vapidDetails: { subject: config.push.subject, ...keys }, TTL: 24 * 60 * 60 },
        );
        try {
          const response = await fetch(request.endpoint, { method: request.method, headers: request.headers as Record<string, string>, body: request.body ? new Uint8Array(request.body) : undefined, signal: AbortSignal.timeout(10_000) });
          if (response.ok) report.sent++;
          else if (response.status === 404 || response.status === 410) gone.push(subscription.id);
          else report.failed++;
        } catch {
          report.failed++;
        }
      }
    }),
  );
  if (gone.length > 0) {
    await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, gone));
    report.removed = gone.length;
  }
  return report;
}
