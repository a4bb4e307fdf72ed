import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { DeleteAccount } from "@/components/profile/DeleteAccount";
import { LogOutEverywhere } from "@/components/profile/LogOutEverywhere";
import { ProfileDetails } from "@/components/profile/ProfileDetails";
import { ProfileImage } from "@/components/profile/ProfileImage";
import { TransactionHistory } from "@/components/profile/TransactionHistory";
import { PageTitle } from "@/components/ui/PageTitle";
import { getProfile } from "@/lib/accounts";
import { requirePermission } from "@/lib/auth";
import { config } from "@/lib/config";
import { formatRupeesWithSymbol } from "@/lib/money";
import { uploadUrl } from "@/lib/uploads/schemas";
import { pageParam, sitePathParam } from "@/lib/validation";
import { listTransactions } from "@/lib/wallet";
import { errorFields, log } from "@/lib/log";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("profile");
  return { title: t("title"), robots: { index: false } };
}

type Params = { page?: string | string[]; complete?: string | string[]; returnTo?: string | string[] };

/** ?complete=dob opens the form at the date of birth (Google's first visit, a refused payment); ?returnTo= is where saving leads. */
export default async function ProfilePage({ searchParams }: { searchParams: Promise<Params> }) {
  const user = await requirePermission("accounts.read");
  const t = await getTranslations("profile");
  const params = await searchParams;
  const page = pageParam(params.page);
  const dateOfBirthStep =
    params.complete === "dob" ? { rule: t("dateOfBirthRule", { age: config.competition.minimumAge }), returnTo: sitePathParam(params.returnTo) } : undefined;
  const [profile, history] = await Promise.all([
    getProfile(user, user.id),
    listTransactions(user, user.id, page).catch((error: unknown) => {
      log.error(errorFields(error), "loading transactions failed");
      return null;
    }),
  ]);

  return (
    <>
      <PageTitle>{t("title")}</PageTitle>
      <div className="grid gap-6 lg:grid-cols-[16rem_1fr]">
        <section aria-labelledby="picture-heading" className="rounded-xl border border-slate-200 bg-white p-6">
          <h2 id="picture-heading" className="sr-only">{t("profileImage")}</h2>
          <ProfileImage imageUrl={profile.profileImageId ? uploadUrl(profile.profileImageId) : null} name={profile.name} />
          <div className="mt-6 border-t border-slate-200 pt-4 text-center">
            <p className="text-sm text-slate-600">{t("walletBalance")}</p>
            <p className="text-2xl font-bold text-brand">{formatRupeesWithSymbol(profile.walletBalancePaise)}</p>
            <Link href="/walletdetails" className="mt-2 inline-block font-semibold text-brand underline">{t("goToWallet")}</Link>
          </div>
        </section>
        <section aria-labelledby="info-heading" className="rounded-xl border border-slate-200 bg-white p-6">
          <h2 id="info-heading" className="mb-4 text-lg font-semibold">{t("personalInfo")}</h2>
          <ProfileDetails profile={profile} dateOfBirthStep={dateOfBirthStep} />
        </section>
      </div>
      <section aria-labelledby="history-heading" className="mt-8">
        <h2 id="history-heading" className="mb-3 text-lg font-semibold">{t("transactionHistory")}</h2>
        <TransactionHistory history={history} pageHref={(target) => `/profiledetails?page=${target}`} />
      </section>
      <section aria-labelledby="sessions-heading" className="mt-8 rounded-xl border border-slate-200 bg-white p-6">
        <h2 id="sessions-heading" className="mb-3 text-lg font-semibold">{t("sessions")}</h2>
        <LogOutEverywhere />
      </section>
      <section aria-labelledby="danger-heading" className="mt-8 rounded-xl border border-red-200 bg-white p-6">
        <h2 id="danger-heading" className="mb-3 text-lg font-semibold text-red-900">{t("deleteAccountHeading")}</h2>
        <DeleteAccount userId={profile.id} />
      </section>
    </>
  );
}
