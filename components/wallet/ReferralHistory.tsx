import { useLocale, useTranslations } from "next-intl";
import { PagedTable, type Column } from "@/components/ui/PagedTable";
import { formatIndiaDate } from "@/lib/format";

const REFERRALS_PAGE_SIZE = 5;

interface Referral {
  name: string;
  joinedAt: Date;
  status: "pending" | "rewarded";
  rewardedAt: Date | null;
}

/** Friends who signed up with the viewer's link; pages are links so the table works without JavaScript. */
export function ReferralHistory({ referrals, page, pageHref }: { referrals: Referral[] | null; page: number; pageHref: (page: number) => string }) {
  const t = useTranslations("wallet.referrals");
  const language = useLocale();
  if (!referrals) return <p role="alert" className="text-red-700">{t("failed")}</p>;

  const columns: Column<Referral>[] = [
    { header: t("friend"), cell: (referral) => referral.name },
    { header: t("joined"), cell: (referral) => formatIndiaDate(referral.joinedAt, language), cellClassName: "whitespace-nowrap" },
    {
      header: t("reward"),
      cell: (referral) =>
        referral.status === "rewarded" ? (
          <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">
            {referral.rewardedAt ? t("rewardedOn", { date: formatIndiaDate(referral.rewardedAt, language) }) : t("rewarded")}
          </span>
        ) : (
          <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">{t("pending")}</span>
        ),
    },
  ];

  const pageCount = Math.ceil(referrals.length / REFERRALS_PAGE_SIZE);
  const current = Math.min(page, pageCount);
  const rows = referrals.slice((current - 1) * REFERRALS_PAGE_SIZE, current * REFERRALS_PAGE_SIZE);

  return (
    <PagedTable
      caption={t("caption")}
      columns={columns}
      rows={rows}
      rowKey={(referral, index) => `${referral.joinedAt.toISOString()}-${index}`}
      minWidth="min-w-[28rem]"
      empty={t("empty")}
      total={referrals.length}
      pager={{ label: t("pages"), page: current, pageCount, pageHref }}
    />
  );
}
