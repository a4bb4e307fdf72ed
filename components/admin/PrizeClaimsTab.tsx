import type { AdminPrizeClaim } from "@/lib/payouts";
import { formatIndiaDateTime, ordinal } from "@/lib/format";
import { formatRupeesWithSymbol } from "@/lib/money";
import { inputClass } from "@/components/ui/form";
import { PrizeClaimActions } from "./PrizeClaimActions";
import { smallButtonClass } from "./adminUi";
import { ScrollRegion } from "@/components/ui/ScrollRegion";

const STATUS_LABELS = { claimed: "New claim", approved: "Approved, to pay", paid: "Paid" } as const;

/** This quarter in India time, as the export form's default: "2026-Q4". */
function currentQuarter(now: Date): string {
  const [year, month] = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(now).split("-").map(Number);
  return `${year}-Q${Math.floor((month - 1) / 3) + 1}`;
}

/** Winners' prize claims with masked details, their next step, and the quarter's tax-withheld export. */
export function PrizeClaimsTab({ claims, now }: { claims: AdminPrizeClaim[] | null; now: Date }) {
  return (
    <div className="flex flex-col gap-6">
      <form action="/api/prize-claims/tax" method="get" className="flex flex-wrap items-end gap-2">
        <div className="flex flex-col gap-1">
          <label htmlFor="tax-quarter" className="text-sm font-medium text-slate-800">Quarter (India time, like 2026-Q3)</label>
          <input id="tax-quarter" name="quarter" className={inputClass} defaultValue={currentQuarter(now)} pattern="\d{4}-Q[1-4]" required />
        </div>
        <button type="submit" className={smallButtonClass}>Export tax withheld (CSV)</button>
      </form>
      {claims === null ? (
        <p role="alert" className="text-red-700">Prize claims could not be loaded. Please reload the page.</p>
      ) : claims.length === 0 ? (
        <p className="text-slate-700">No prize claims yet.</p>
      ) : (
        <ScrollRegion label="Prize claims, new first">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Prize claims, new first</caption>
            <thead className="border-b border-slate-200 text-slate-700">
              <tr>
                <th scope="col" className="py-2 pr-3">Winner</th>
                <th scope="col" className="py-2 pr-3">Quiz</th>
                <th scope="col" className="py-2 pr-3">Prize, tax, net</th>
                <th scope="col" className="py-2 pr-3">PAN and account</th>
                <th scope="col" className="py-2 pr-3">Status</th>
                <th scope="col" className="py-2">Action</th>
              </tr>
            </thead>
            <tbody>
              {claims.map((claim) => (
                <tr key={claim.id} className="border-b border-slate-100 align-top">
                  <td className="py-2 pr-3">
                    <span className="font-medium text-slate-900">{claim.name}</span>
                    <br />
                    <span className="text-slate-600">{claim.email}</span>
                  </td>
                  <td className="py-2 pr-3">
                    {claim.quizTitle}
                    <br />
                    <span className="text-slate-600">{ordinal(claim.rank)} · claimed {formatIndiaDateTime(claim.claimedAt)}</span>
                  </td>
                  <td className="py-2 pr-3">
                    {formatRupeesWithSymbol(claim.grossPaise)}
                    <br />
                    <span className="text-slate-600">
                      tax {formatRupeesWithSymbol(claim.taxPaise)} ({claim.taxRateBasisPoints / 100} %, s. {claim.taxSection}) · net {formatRupeesWithSymbol(claim.netPaise)}
                    </span>
                  </td>
                  <td className="py-2 pr-3">
                    {claim.panMasked}
                    <br />
                    <span className="text-slate-600">{claim.method === "upi" ? "UPI" : "Bank"} {claim.accountMasked}</span>
                  </td>
                  <td className="py-2 pr-3">
                    {STATUS_LABELS[claim.status]}
                    {claim.status === "paid" && claim.paidAt && (
                      <>
                        <br />
                        <span className="text-slate-600">{formatIndiaDateTime(claim.paidAt)} · ref {claim.bankReference}</span>
                      </>
                    )}
                  </td>
                  <td className="py-2">{claim.status === "paid" ? "—" : <PrizeClaimActions claimId={claim.id} status={claim.status} winner={claim.name} />}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </div>
  );
}
