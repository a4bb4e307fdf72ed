import { Pager } from "@/components/ui/Pager";
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
  if (!referrals) return <p role="alert" className="text-red-700">Referral check failed</p>;
  if (referrals.length === 0) return <p className="text-slate-700">No friends have signed up with your link yet.</p>;

  const pageCount = Math.ceil(referrals.length / REFERRALS_PAGE_SIZE);
  const current = Math.min(page, pageCount);
  const rows = referrals.slice((current - 1) * REFERRALS_PAGE_SIZE, current * REFERRALS_PAGE_SIZE);

  return (
    <div>
      <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
        <table className="w-full min-w-[28rem] text-left text-sm">
          <caption className="sr-only">Referral history</caption>
          <thead className="bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className="px-3 py-2">Friend</th>
              <th scope="col" className="px-3 py-2">Joined</th>
              <th scope="col" className="px-3 py-2">Reward</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((referral, index) => (
              <tr key={`${referral.joinedAt.toISOString()}-${index}`} className="border-t border-slate-100">
                <td className="px-3 py-2">{referral.name}</td>
                <td className="px-3 py-2 whitespace-nowrap">{formatIndiaDate(referral.joinedAt)}</td>
                <td className="px-3 py-2">
                  {referral.status === "rewarded" ? (
                    <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">
                      Rewarded{referral.rewardedAt && ` on ${formatIndiaDate(referral.rewardedAt)}`}
                    </span>
                  ) : (
                    <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">Pending: no paid quiz yet</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager label="Referral pages" page={current} pageCount={pageCount} pageHref={pageHref} className="mt-3" />
    </div>
  );
}
