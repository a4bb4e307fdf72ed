import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { QuizCardList } from "@/components/dashboard/QuizCardList";
import { VerifyEmailBanner } from "@/components/dashboard/VerifyEmailBanner";
import { YourResults } from "@/components/dashboard/YourResults";
import { PageTitle } from "@/components/ui/PageTitle";
import { RefreshWhenReviewed } from "@/components/wallet/RefreshWhenReviewed";
import { needsEmailVerification } from "@/lib/accounts";
import { requirePermission } from "@/lib/auth";
import { config } from "@/lib/config";
import { myPublishedRanks } from "@/lib/results";
import { loadDashboard } from "@/lib/quizzes";
import { pendingTransactionIds } from "@/lib/wallet";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("dashboard");
  return { title: t("title"), robots: { index: false } };
}

export default async function DashboardPage() {
  const user = await requirePermission("quizzes.dashboard");
  const t = await getTranslations("dashboard");
  const [dashboard, results, unconfirmed, pending] = await Promise.all([
    loadDashboard(user),
    myPublishedRanks(user, user.id),
    needsEmailVerification(user),
    pendingTransactionIds(user, user.id),
  ]);
  const payment = {
    walletBalancePaise: dashboard.walletBalancePaise,
    freePasses: dashboard.freePasses,
    upi: dashboard.upi,
    participantName: dashboard.participant.name,
    // The checkout script's address only: the gateway's secrets never leave the server.
    gateway: config.gateway && { checkoutUrl: config.gateway.checkoutUrl },
  };

  return (
    <>
      <PageTitle lead={t("lead")}>{t("title")}</PageTitle>
      {unconfirmed && <VerifyEmailBanner email={user.email} />}
      {results.length > 0 && <YourResults results={results} />}
      {pending.length > 0 && <RefreshWhenReviewed pending={pending} />}
      {dashboard.quizzes.length === 0 ? (
        <p className="text-slate-700">
          {t.rich("noQuizzes", {
            demo: (chunks) => <Link href="/demoquiz" className="font-semibold text-brand underline">{chunks}</Link>,
          })}
        </p>
      ) : (
        <QuizCardList listId="current-quizzes" quizzes={dashboard.quizzes} payment={payment} now={dashboard.now} />
      )}
      {dashboard.past.length > 0 && (
        <details className="mt-8">
          <summary className="cursor-pointer text-lg font-semibold text-slate-900">{t("pastQuizzes", { count: dashboard.past.length })}</summary>
          <div className="mt-4">
            <QuizCardList listId="past-quizzes" quizzes={dashboard.past} payment={payment} now={dashboard.now} />
          </div>
        </details>
      )}
    </>
  );
}
