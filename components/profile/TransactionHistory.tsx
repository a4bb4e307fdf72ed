import { Pager } from "@/components/ui/Pager";
import { formatIndiaDateTime } from "@/lib/format";
import { formatRupeesWithSymbol } from "@/lib/money";
import type { TransactionPage } from "@/lib/wallet/service";

const STATUS_STYLE = {
  pending: "bg-amber-100 text-amber-900",
  verified: "bg-emerald-100 text-emerald-900",
  rejected: "bg-red-100 text-red-900",
} as const;

/** The ledger, 5 rows a page; pages are links so the table works without JavaScript. */
export function TransactionHistory({ history, pageHref }: { history: TransactionPage | null; pageHref: (page: number) => string }) {
  if (!history) return <p role="alert" className="text-red-700">Error loading transactions.</p>;
  if (history.total === 0) return <p className="text-slate-700">No transactions yet.</p>;

  return (
    <div>
      <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
        <table className="w-full min-w-[36rem] text-left text-sm">
          <caption className="sr-only">Transaction history</caption>
          <thead className="bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className="px-3 py-2">Date</th>
              <th scope="col" className="px-3 py-2">Details</th>
              <th scope="col" className="px-3 py-2">Type</th>
              <th scope="col" className="px-3 py-2 text-right">Amount</th>
              <th scope="col" className="px-3 py-2">Status</th>
            </tr>
          </thead>
          <tbody>
            {history.rows.map((row) => (
              <tr key={row.id} className="border-t border-slate-100">
                <td className="px-3 py-2 whitespace-nowrap">{formatIndiaDateTime(row.createdAt)}</td>
                <td className="px-3 py-2">{row.quizTitle ?? row.reason}</td>
                <td className="px-3 py-2">{row.type}</td>
                <td className="px-3 py-2 text-right font-medium">{formatRupeesWithSymbol(row.amountPaise)}</td>
                <td className="px-3 py-2">
                  <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[row.status]}`}>{row.status}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager label="Transaction pages" page={history.page} pageCount={history.pageCount} pageHref={pageHref} className="mt-3" />
    </div>
  );
}
