import type { AdminPrizeClaim, PrizeToRecover } from "@/lib/payouts";
import { formatIndiaDateTime, ordinal } from "@/lib/format";
import { formatRupeesWithSymbol } from "@/lib/money";
import { inputClass } from "@/components/ui/form";
import { financialQuarterOf, type FinancialQuarter } from "@/lib/payouts/schemas";
import { PrizeClaimActions } from "./PrizeClaimActions";
import { PrizesToRecover } from "./PrizesToRecover";
import { smallButtonClass } from "./adminUi";
import { ScrollRegion } from "@/components/ui/ScrollRegion";

const STATUS_LABELS = { claimed: "New claim", approved: "Approved, to pay", paid: "Paid" } as const;
const BASIS_LABELS = { net: "of net winnings", gross: "of gross prizes" } as const;

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** "FY2026-27 Q3 (October to December 2026)": the quarter as the TDS return names it, and its months. */
function quarterText(quarter: FinancialQuarter): string {
  const first = new Date(quarter.from.getTime() + 330 * 60_000);
  const last = new Date(quarter.to.getTime() + 330 * 60_000 - 1);
  return `${quarter.label} (${MONTHS[first.getUTCMonth()]} to ${MONTHS[last.getUTCMonth()]} ${last.getUTCFullYear()})`;
}

/** This financial-year quarter (India time) and the seven before it, newest first: the export form's choices. */
function recentQuarters(now: Date): FinancialQuarter[] {
  const quarters = [financialQuarterOf(now)];
  while (quarters.length < 8) quarters.push(financialQuarterOf(new Date(quarters.at(-1)!.from.getTime() - 1)));
  return quarters;
}

/** Winners' prize claims with masked details, their next step, the quarter's tax-withheld export, and the prizes a revision left to recover. */
export function PrizeClaimsTab({ claims, toRecover, now }: { claims: AdminPrizeClaim[] | null; toRecover: PrizeToRecover[] | null; now: Date }) {
  return (
    <div className="flex flex-col gap-6">
      {toRecover && <PrizesToRecover rows={toRecover} />}
      <form action="/api/prize-claims/tax" method="get" className="flex flex-wrap items-end gap-2">
        <div className="flex flex-col gap-1">
          <label htmlFor="tax-quarter" className="text-sm font-medium text-slate-800">Quarter of the financial year (Q1 is April to June, India time)</label>
          <select id="tax-quarter" name="quarter" className={inputClass} defaultValue={financialQuarterOf(now).label} required>
            {recentQuarters(now).map((quarter) => (
              <option key={quarter.label} value={quarter.label}>
                {quarterText(quarter)}
              </option>
            ))}
          </select>
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
                      {claim.status === "paid" ? "tax" : "estimated tax"} {formatRupeesWithSymbol(claim.taxPaise)} ({claim.taxRateBasisPoints / 100} %
                      {claim.taxBasis ? ` ${BASIS_LABELS[claim.taxBasis]}` : ""}, s. {claim.taxSection}
                      {claim.financialYear ? `, FY ${claim.financialYear}` : ""}) · net {formatRupeesWithSymbol(claim.netPaise)}
                    </span>
                  </td>
                  <td className="py-2 pr-3">
                    {claim.panMasked}
                    <br />
                    <span className="text-slate-600">{claim.method === "upi" ? "UPI" : "Bank"} {claim.accountMasked}</span>
                  </td>
                  <td className="py-2 pr-3">
                    {claim.heldAt ? <strong className="text-amber-800">Held for review</strong> : STATUS_LABELS[claim.status]}
                    {claim.heldAt && (
                      <>
                        <br />
                        <span className="text-slate-700">{claim.heldReason}</span>
                        {claim.samePanAccounts.length > 0 && (
                          <>
                            <br />
                            <span className="text-slate-700">Same PAN on: {claim.samePanAccounts.map((other) => `${other.name} (${other.email})`).join(", ")}</span>
                          </>
                        )}
                      </>
                    )}
                    {claim.status === "paid" && claim.paidAt && (
                      <>
                        <br />
                        <span className="text-slate-600">{formatIndiaDateTime(claim.paidAt)} · ref {claim.bankReference}</span>
                      </>
                    )}
                  </td>
                  <td className="py-2">{claim.status === "paid" ? "—" : <PrizeClaimActions claimId={claim.id} status={claim.status} held={claim.heldAt !== null} winner={claim.name} />}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </div>
  );
}
