import type { Metadata } from "next";
import { headers } from "next/headers";
import { getTranslations } from "next-intl/server";
import { TransactionHistory } from "@/components/profile/TransactionHistory";
import { PageTitle } from "@/components/ui/PageTitle";
import { AddMoneyForm } from "@/components/wallet/AddMoneyForm";
import { GatewayTopUp } from "@/components/wallet/GatewayTopUp";
import { ReferralHistory } from "@/components/wallet/ReferralHistory";
import { ReferralLink } from "@/components/wallet/ReferralLink";
import { RefreshWhenReviewed } from "@/components/wallet/RefreshWhenReviewed";
import { WithdrawForm } from "@/components/wallet/WithdrawForm";
import { referralStatus } from "@/lib/accounts";
import { requirePermission } from "@/lib/auth";
import { config } from "@/lib/config";
import { publicOrigin } from "@/lib/http";
import { formatRupeesWithSymbol } from "@/lib/money";
import { pageParam } from "@/lib/validation";
import { listTransactions, pendingTransactionIds, walletSummary } from "@/lib/wallet";
import { errorFields, log } from "@/lib/log";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("wallet");
  return { title: t("title"), robots: { index: false } };
}

type SearchParams = { page?: string | string[]; refPage?: string | string[] };

export default async function WalletPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const user = await requirePermission("wallet.read");
  const t = await getTranslations("wallet");
  const params = await searchParams;
  const page = pageParam(params.page);
  const refPage = pageParam(params.refPage);
  // Both pagers share the URL, so each link keeps the other table's page.
  const href = (pages: { page: number; refPage: number }) => {
    const query = new URLSearchParams();
    if (pages.page > 1) query.set("page", String(pages.page));
    if (pages.refPage > 1) query.set("refPage", String(pages.refPage));
    return query.size ? `/walletdetails?${query}` : "/walletdetails";
  };

  const [summary, pending, history, referrals] = await Promise.all([
    walletSummary(user, user.id, publicOrigin(await headers())),
    pendingTransactionIds(user, user.id),
    listTransactions(user, user.id, page).catch((error: unknown) => {
      log.error(errorFields(error), "loading transactions failed");
      return null;
    }),
    referralStatus(user, user.id)
      .then((status) => status.totalRefer)
      .catch((error: unknown) => {
        log.error(errorFields(error), "referral check failed");
        return null;
      }),
  ]);
  const reward = config.competition.referralRewardPaise;

  return (
    <>
      <PageTitle lead={t("lead")}>{t("title")}</PageTitle>
      {pending.length > 0 && <RefreshWhenReviewed pending={pending} />}

      <section aria-labelledby="balance-heading" className="rounded-xl border border-slate-200 bg-white p-6">
        <h2 id="balance-heading" className="sr-only">{t("balance")}</h2>
        <dl className="flex flex-wrap gap-x-12 gap-y-4">
          <div>
            <dt className="text-sm text-slate-600">{t("walletBalance")}</dt>
            <dd className="text-3xl font-bold text-brand">{formatRupeesWithSymbol(summary.balancePaise)}</dd>
          </div>
          {summary.pendingWithdrawalsPaise > 0 && (
            <div>
              <dt className="text-sm text-slate-600">{t("availableToWithdraw")}</dt>
              <dd className="text-3xl font-bold text-slate-900">{formatRupeesWithSymbol(summary.availablePaise)}</dd>
            </div>
          )}
          {summary.freePasses.length > 0 && (
            <div>
              <dt className="text-sm text-slate-600">{t("freePasses")}</dt>
              <dd className="text-3xl font-bold text-slate-900">{summary.freePasses.length}</dd>
            </div>
          )}
        </dl>
        {summary.freePasses.length > 0 && <p className="mt-3 text-sm text-slate-700">{t("freePassesExplained")}</p>}
        {summary.pendingWithdrawalsPaise > 0 && (
          <p className="mt-3 text-sm text-slate-700">
            {t("heldForWithdrawals", { amount: formatRupeesWithSymbol(summary.pendingWithdrawalsPaise) })}
          </p>
        )}
      </section>

      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="add-heading" className="rounded-xl border border-slate-200 bg-white p-6">
          <h2 id="add-heading" className="mb-4 text-lg font-semibold">{t("addMoney")}</h2>
          {config.gateway && <GatewayTopUp checkoutUrl={config.gateway.checkoutUrl} />}
          <AddMoneyForm upiId={config.upi.id} />
        </section>
        <section aria-labelledby="withdraw-heading" className="rounded-xl border border-slate-200 bg-white p-6">
          <h2 id="withdraw-heading" className="mb-4 text-lg font-semibold">{t("withdrawMoney")}</h2>
          <WithdrawForm availablePaise={summary.availablePaise} />
        </section>
      </div>

      <section aria-labelledby="referral-heading" className="mt-8 rounded-xl border border-slate-200 bg-white p-6">
        <h2 id="referral-heading" className="mb-2 text-lg font-semibold">{t("referAFriend")}</h2>
        {reward > 0 && (
          <p className="mb-4 text-slate-700">
            {t("referralReward", { amount: formatRupeesWithSymbol(reward) })}
          </p>
        )}
        <ReferralLink link={summary.referralLink} />
        <h3 className="mt-6 mb-3 font-semibold">{t("referralHistory")}</h3>
        <ReferralHistory referrals={referrals} page={refPage} pageHref={(target) => href({ page, refPage: target })} />
      </section>

      <section aria-labelledby="history-heading" className="mt-8">
        <h2 id="history-heading" className="mb-3 text-lg font-semibold">{t("transactionHistory")}</h2>
        <TransactionHistory history={history} pageHref={(target) => href({ page: target, refPage })} />
      </section>
    </>
  );
}
