import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { notifications, pushSubscriptions, users } from "@/db/schema";
import { getDb, type Queryable } from "@/lib/db";
import { NotFound } from "@/lib/errors";
import type { ActiveUser } from "@/lib/users/service";
import { enqueue } from "@/lib/jobs/queue";

export interface NotificationContent {
  title: string;
  body: string;
  url?: string;
}

/** One in-app notification per admin, inside the caller's transaction (payment submissions). */
export async function notifyAdmins(db: Queryable, content: NotificationContent): Promise<void> {
  await db.execute(sql`
    insert into notifications (user_id, target, title, body, url)
    select id, 'admin', ${content.title}, ${content.body}, ${content.url ?? null}
    from users where role = 'admin' and deleted_at is null`);
}

export interface Announcement {
  title: string;
  body: string;
  icon?: string;
  target: "all" | "user" | "admin";
  userId?: string;
}

/**
 * Stores the in-app notification for every recipient at once and queues the web-push
 * fan-out: thousands of pushes must not hold the admin's request.
 */
export async function sendNotification(announcement: Announcement): Promise<{ message: string; recipients: number }> {
  const db = await getDb();
  const recipientFilter =
    announcement.target === "user"
      ? sql`id = ${announcement.userId!}`
      : announcement.target === "admin"
        ? sql`role = 'admin'`
        : sql`true`;
  const inserted = await db.execute<{ user_id: string }>(sql`
    insert into notifications (user_id, target, title, body, icon, url)
    select id, ${announcement.target}, ${announcement.title}, ${announcement.body}, ${announcement.icon ?? null}, '/notification'
    from users where deleted_at is null and ${recipientFilter}
    returning user_id`);
  if (announcement.target === "user" && inserted.rows.length === 0) throw new NotFound("That user does not exist.");
  const recipients = inserted.rows.map((row) => row.user_id);
  const payload = { title: announcement.title, body: announcement.body, icon: announcement.icon || "/icon.svg", url: "/notification" };
  await enqueue("push.fan-out", { userIds: announcement.target === "all" ? "all" : recipients, payload });
  return { message: "Notification sent.", recipients: recipients.length };
}

export async function savePushSubscription(user: ActiveUser, subscription: { endpoint: string; keys: { p256dh: string; auth: string } }) {
  const db = await getDb();
  await db
    .insert(pushSubscriptions)
    .values({ userId: user.id, endpoint: subscription.endpoint, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth })
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { userId: user.id, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth } });
  return { message: "Subscribed to notifications." };
}

/** A participant's notifications, newest first; opening the list marks them read. */
export async function listMyNotifications(userId: string) {
  const db = await getDb();
  const rows = await db
    .select({ id: notifications.id, title: notifications.title, body: notifications.body, url: notifications.url, readAt: notifications.readAt, createdAt: notifications.createdAt })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt))
    .limit(100);
  await db.update(notifications).set({ readAt: new Date() }).where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return rows;
}

/** For the admin's "send to user" search. */
export async function searchUsers(query: string) {
  const db = await getDb();
  const pattern = `%${query.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(and(isNull(users.deletedAt), sql`(${users.name} ilike ${pattern} or ${users.email} ilike ${pattern})`))
    .orderBy(users.name)
    .limit(10);
}
