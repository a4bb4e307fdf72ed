import type { Metadata } from "next";
import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { EnablePush } from "@/components/notifications/EnablePush";
import { PageTitle } from "@/components/ui/PageTitle";
import { requirePermission } from "@/lib/auth";
import { formatIndiaDateTime } from "@/lib/format";
import { listMyNotifications } from "@/lib/notifications";
import { sitePathParam } from "@/lib/validation";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("notificationPage");
  return { title: t("title"), robots: { index: false } };
}

/** Only paths inside the app are followed; this page itself is where most notifications point. */
function moreLink(url: string | null): string | null {
  const path = sitePathParam(url ?? undefined);
  return path && path !== "/notification" ? path : null;
}

export default async function Page() {
  const user = await requirePermission("notifications.read");
  // Reading marks them read, so "unread" is what was unread before this visit.
  const notifications = await listMyNotifications(user, user.id);
  const [t, language] = await Promise.all([getTranslations("notificationPage"), getLocale()]);

  return (
    <>
      <PageTitle lead={t("lead")}>{t("title")}</PageTitle>
      <EnablePush />
      {notifications.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white p-6 text-slate-700">{t("none")}</p>
      ) : (
        <ol aria-label={t("listLabel")} className="flex max-w-3xl flex-col gap-3">
          {notifications.map((notification) => {
            const unread = notification.readAt === null;
            const link = moreLink(notification.url);
            return (
              <li
                key={notification.id}
                className={`rounded-lg border bg-white p-4 ${unread ? "border-brand border-l-4 shadow-sm" : "border-slate-200"}`}
              >
                <div className="flex flex-wrap items-center gap-2">
                  <h2 className={`text-lg text-slate-900 ${unread ? "font-bold" : "font-semibold"}`}>{notification.title}</h2>
                  {unread && <span className="rounded-full bg-brand px-2 py-0.5 text-xs font-semibold text-white">{t("unread")}</span>}
                </div>
                <p className="mt-1 whitespace-pre-line text-slate-800">{notification.body}</p>
                <p className="mt-2 text-sm text-slate-600">
                  <time dateTime={notification.createdAt.toISOString()}>{formatIndiaDateTime(notification.createdAt, language)}</time>
                  {link && (
                    <>
                      <span aria-hidden="true"> · </span>
                      <Link href={link} className="font-medium text-brand underline">{t("open")}<span className="sr-only"> {notification.title}</span></Link>
                    </>
                  )}
                </p>
              </li>
            );
          })}
        </ol>
      )}
    </>
  );
}
