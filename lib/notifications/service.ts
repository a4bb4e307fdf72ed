import { sql } from "drizzle-orm";
import type { Queryable } from "@/lib/db";

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
