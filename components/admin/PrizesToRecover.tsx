import { ScrollRegion } from "@/components/ui/ScrollRegion";
import { formatIndiaDateTime } from "@/lib/format";
import { formatRupeesWithSymbol } from "@/lib/money";
import type { PrizeToRecover } from "@/lib/payouts";

/**
 * Prizes paid on a version of a quiz's results that a revision no longer holds: what to recover
 * from whom, with what was paid (and, for cash, the tax withheld and the net sent) and what the
 * current version gives instead. Only shown when there is something to recover.
 */
export function PrizesToRecover({ rows }: { rows: PrizeToRecover[] }) {
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby="prizes-to-recover" className="flex flex-col gap-2 rounded-lg border border-amber-200 bg-amber-50 p-4">
      <h3 id="prizes-to-recover" className="text-lg font-semibold text-amber-900">Prizes to recover</h3>
      <p className="text-sm text-slate-800">Paid on an earlier version of the results; a revision no longer holds them, or holds less.</p>
      <ScrollRegion label="Prizes to recover, oldest payment first">
        <table className="w-full bg-white text-left text-sm">
          <caption className="sr-only">Prizes to recover, oldest payment first</caption>
          <thead className="border-b border-slate-200 text-slate-700">
            <tr>
              <th scope="col" className="px-2 py-2">Winner</th>
              <th scope="col" className="px-2 py-2">Quiz</th>
              <th scope="col" className="px-2 py-2">Paid</th>
              <th scope="col" className="px-2 py-2">Current version</th>
              <th scope="col" className="px-2 py-2 text-right">To recover</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={`${row.kind}-${row.quizId}-${row.participantId}`} className="border-b border-slate-100 align-top" data-testid="prize-to-recover">
                <td className="px-2 py-2">
                  <span className="font-medium text-slate-900">{row.name}</span>
                  <br />
                  <span className="text-slate-600">{row.email}</span>
                </td>
                <td className="px-2 py-2">{row.quizTitle}</td>
                <td className="px-2 py-2">
                  {row.kind === "cash" ? `Cash prize ${formatRupeesWithSymbol(row.paidPaise)}` : `Free pass, credited ${formatRupeesWithSymbol(row.paidPaise)}`}
                  <br />
                  <span className="text-slate-600">
                    revision {row.paidRevision}, {formatIndiaDateTime(row.paidAt)}
                    {row.kind === "cash" && row.taxPaise !== null && row.netPaise !== null ? ` · tax ${formatRupeesWithSymbol(row.taxPaise)}, net ${formatRupeesWithSymbol(row.netPaise)}` : ""}
                  </span>
                </td>
                <td className="px-2 py-2">
                  Revision {row.currentRevision}: {row.currentPrizePaise > 0 ? `cash prize ${formatRupeesWithSymbol(row.currentPrizePaise)}` : "no cash prize"}
                </td>
                <td className="px-2 py-2 text-right font-semibold whitespace-nowrap">{formatRupeesWithSymbol(row.recoverPaise)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </section>
  );
}
