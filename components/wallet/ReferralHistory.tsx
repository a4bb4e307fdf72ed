import { PagedTable, type Column } from "@/components/ui/PagedTable";
import { formatIndiaDate } from "@/lib/format";

const REFERRALS_PAGE_SIZE = 5;

interface Referral {
  name: string;
  joinedAt: Date;
  status: "pending" | "rewarded";
  rewardedAt: Date | null;
}

const COLUMNS: Column<Referral>[] = [
  { header: "Friend", cell: (referral) => referral.name },
  { header: "Joined", cell: (referral) => formatIndiaDate(referral.joinedAt), cellClassName: "whitespace-nowrap" },
  {
    header: "Reward",
    cell: (referral) =>
      referral.status === "rewarded" ? (
        <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">
          Rewarded{referral.rewardedAt && ` on ${formatIndiaDate(referral.rewardedAt)}`}
        </span>
      ) : (
        <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">Pending: no paid quiz yet</span>
      ),
  },
];

/** Friends who signed up with the viewer's link; pages are links so the table works without JavaScript. */
export function ReferralHistory({ referrals, page, pageHref }: { referrals: Referral[] | null; page: number; pageHref: (page: number) => string }) {
  if (!referrals) return <p role="alert" className="text-red-700">Referral check failed</p>;

  const pageCount = Math.ceil(referrals.length / REFERRALS_PAGE_SIZE);
  const current = Math.min(page, pageCount);
  const rows = referrals.slice((current - 1) * REFERRALS_PAGE_SIZE, current * REFERRALS_PAGE_SIZE);

  return (
    <PagedTable
      caption="Referral history"
      columns={COLUMNS}
      rows={rows}
      rowKey={(referral, index) => `${referral.joinedAt.toISOString()}-${index}`}
      minWidth="min-w-[28rem]"
      empty="No friends have signed up with your link yet."
      total={referrals.length}
      pager={{ label: "Referral pages", page: current, pageCount, pageHref }}
    />
  );
}
