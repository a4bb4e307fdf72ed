import "server-only";
import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { notifications, pushSubscriptions, users } from "@/db/schema";
import { authorize, service, step } from "@/lib/auth";
import { getDb, type Queryable } from "@/lib/db";
import { config } from "@/lib/config";
import { Invalid, NotFound } from "@/lib/errors";
import { textsIn } from "@/lib/i18n";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "@/lib/i18n/schemas";
import { enqueue } from "@/lib/jobs";
import { message } from "@/lib/catalogue";
import { textIn } from "@/lib/quizzes/schemas";
import type noticeTexts from "@/messages/en/push.json";
import { endpointAllowed } from "./endpoints";

export interface NotificationContent {
  title: string;
  body: string;
  url?: string;
}

/** One in-app notification per admin, inside the caller's transaction (payment submissions). */
export const notifyAdmins = step(async (db: Queryable, content: NotificationContent): Promise<void> => {
  await db.execute(sql`
    insert into notifications (user_id, target, title, body, url)
    select id, 'admin', ${content.title}, ${content.body}, ${content.url ?? null}
    from users where role = 'admin' and deleted_at is null`);
});

/** A notice a participant receives: a title and body of the "push" catalogue (messages/{en,hi}/push.json) with their values. */
export interface Notice {
  id: keyof typeof noticeTexts;
  values?: Record<string, string | number>;
  /** The quiz the notice is about, its `{quiz}`: named as each reader's pages name it, in Hindi to a Hindi reader where the organiser wrote a Hindi title. */
  quiz?: { title: string; titleHi: string | null };
  url?: string;
}

/**
 * One in-app notification for each of the given users, and a push to their devices through the
 * queue, each in the user's language (English if they never chose). Call it after the decision
 * it reports has committed, so nobody hears of a rolled-back one.
 */
export const notifyUsers = step(async (userIds: string[], notice: Notice): Promise<void> => {
  if (userIds.length === 0) return;
  const db = await getDb();
  const url = notice.url ?? "/notification";
  const recipients = await db.select({ id: users.id, language: users.language }).from(users).where(inArray(users.id, userIds));
  for (const [language, ids] of byLanguage(recipients)) {
    const t = await textsIn(language, "push");
    const values = notice.quiz ? { ...notice.values, quiz: textIn(language, notice.quiz.title, notice.quiz.titleHi).text } : notice.values;
    const title = t(`${notice.id}.title`, values);
    const body = t(`${notice.id}.body`, values);
    await db.insert(notifications).values(ids.map((userId) => ({ userId, target: "user" as const, title, body, url })));
    await enqueue("push.fan-out", { userIds: ids, payload: { title, body, icon: "/icon.svg", url } });
  }
});

/** Keeps each insert well under PostgreSQL's 65,535 bind parameters. */
const NOTICES_PER_INSERT = 5_000;

/** A notice for one recipient, kept under a key that is the same whenever the same notice is sent again. */
export interface KeyedNotice {
  key: string;
  userId: string;
  language: string | null;
  notice: Notice;
}

/**
 * One in-app notification per notice, each in its recipient's language (English if they never
 * chose), with values of its own. Each is stored under an id derived from its key, so sending
 * the same notices again (a retried job) adds nothing. No push: these carry what only their
 * recipient may read, and one push per recipient would crowd the queue. Call it after the
 * decision it reports has committed.
 */
export const notifyEachOnce = step(async (notices: KeyedNotice[]): Promise<void> => {
  if (notices.length === 0) return;
  const db = await getDb();
  const texts = new Map<Language, Awaited<ReturnType<typeof textsIn<"push">>>>();
  const rows = [];
  for (const { key, userId, language, notice } of notices) {
    const chosen = isLanguage(language) ? language : DEFAULT_LANGUAGE;
    if (!texts.has(chosen)) texts.set(chosen, await textsIn(chosen, "push"));
    const t = texts.get(chosen)!;
    rows.push({
      id: sql`md5(${key})::uuid`,
      userId,
      target: "user" as const,
      title: t(`${notice.id}.title`, notice.values),
      body: t(`${notice.id}.body`, notice.values),
      url: notice.url ?? "/notification",
    });
  }
  for (let start = 0; start < rows.length; start += NOTICES_PER_INSERT) {
    await db.insert(notifications).values(rows.slice(start, start + NOTICES_PER_INSERT)).onConflictDoNothing();
  }
});

function byLanguage(recipients: { id: string; language: string | null }[]): Map<Language, string[]> {
  const groups = new Map<Language, string[]>();
  for (const { id, language } of recipients) {
    const chosen = isLanguage(language) ? language : DEFAULT_LANGUAGE;
    groups.set(chosen, [...(groups.get(chosen) ?? []), id]);
  }
  return groups;
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
export const sendNotification = service("notifications.send", async (_actor, announcement: Announcement): Promise<{ recipients: number }> => {
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
  if (announcement.target === "user" && inserted.rows.length === 0) throw new NotFound(message("userNotFound"));
  const recipients = inserted.rows.map((row) => row.user_id);
  const payload = { title: announcement.title, body: announcement.body, icon: announcement.icon || "/icon.svg", url: "/notification" };
  await enqueue("push.fan-out", { userIds: announcement.target === "all" ? "all" : recipients, payload });
  return { recipients: recipients.length };
});

/** Only endpoints on the real push services are kept: the server posts to them later. */
export const savePushSubscription = service("notifications.subscribe", async (user, subscription: { endpoint: string; keys: { p256dh: string; auth: string } }): Promise<void> => {
  if (!endpointAllowed(subscription.endpoint, config.push)) throw new Invalid(message("pushServiceNotSupported"));
  const db = await getDb();
  await db
    .insert(pushSubscriptions)
    .values({ userId: user.id, endpoint: subscription.endpoint, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth })
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { userId: user.id, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth } });
});

/** A participant's notifications, newest first; opening the list marks them read. */
export const listMyNotifications = service("notifications.read", async (actor, userId: string) => {
  authorize(actor, "notifications.read", userId);
  const db = await getDb();
  const rows = await db
    .select({ id: notifications.id, title: notifications.title, body: notifications.body, url: notifications.url, readAt: notifications.readAt, createdAt: notifications.createdAt })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt))
    .limit(100);
  await db.update(notifications).set({ readAt: new Date() }).where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return rows;
});
