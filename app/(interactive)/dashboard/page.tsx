import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { QuizCard } from "@/components/dashboard/QuizCard";
import { VerifyEmailBanner } from "@/components/dashboard/VerifyEmailBanner";
import { YourResults } from "@/components/dashboard/YourResults";
import { PageTitle } from "@/components/ui/PageTitle";
import { RefreshWhenReviewed } from "@/components/wallet/RefreshWhenReviewed";
import { needsEmailVerification } from "@/lib/accounts";
import { requirePermission } from "@/lib/auth";
import { myPublishedRanks } from "@/lib/results";
import { loadDashboard, type Dashboard } from "@/lib/quizzes";
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
  const payment = { walletBalancePaise: dashboard.walletBalancePaise, upi: dashboard.upi, participantName: dashboard.participant.name };
  const cards = (quizzes: Dashboard["quizzes"]) => (
    <ul className="grid gap-6 md:grid-cols-2">
      {quizzes.map((quiz) => (
        <li key={quiz.id}>
          <QuizCard quiz={quiz} payment={payment} now={dashboard.now} />
        </li>
      ))}
    </ul>
  );

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
        cards(dashboard.quizzes)
      )}
      {dashboard.past.length > 0 && (
        <details className="mt-8">
          <summary className="cursor-pointer text-lg font-semibold text-slate-900">{t("pastQuizzes", { count: dashboard.past.length })}</summary>
          <div className="mt-4">{cards(dashboard.past)}</div>
        </details>
      )}
    </>
  );
}
