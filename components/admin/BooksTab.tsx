import { useTranslations } from "next-intl";
import type { LedgerCheck, TrialBalance, TrialBalanceLine } from "@/lib/books/schemas";
import { financialQuarter, indiaDay } from "@/lib/books/schemas";
import { knownMessage } from "@/lib/catalogue";
import { config } from "@/lib/config";
import { inputClass } from "@/components/ui/form";
import { ScrollRegion } from "@/components/ui/ScrollRegion";
import { smallButtonClass } from "./adminUi";
import { GatewaySettlementForm } from "./GatewaySettlementForm";
import { TaxDepositForm } from "./TaxDepositForm";

export interface BooksLoaded {
  balance: TrialBalance;
  check: LedgerCheck;
}

const amounts = new Intl.NumberFormat("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** ₹1,00,000.00: lakh grouping and paise always shown, as an accountant reads a trial balance. */
const rupees = (paise: number) => `₹${amounts.format(Math.abs(paise) / 100)}`;

/**
 * The admin panel's Books: the trial balance of a period (India dates) by account, its totals
 * (which must come to zero), the ledger check, a CSV for the accountant, the tax deposit form, and
 * the payment gateway's settlement report while the gateway is on or its clearing account moved in the period.
 */
export function BooksTab({ loaded, rangeProblem, now }: { loaded: BooksLoaded | null; rangeProblem?: string; now: Date }) {
  const t = useTranslations("books");
  const errors = useTranslations("errors");
  // The schema's refusal is the catalogue's English: shown in the page's language.
  const problem = rangeProblem === undefined ? undefined : ((known) => (known ? errors(known.id) : rangeProblem))(knownMessage(rangeProblem));
  if (loaded === null) return <p role="alert" className="text-red-700">{t("loadFailed")}</p>;
  const { balance, check } = loaded;
  const signed = (paise: number) => (paise === 0 ? rupees(0) : paise > 0 ? t("debitBalance", { amount: rupees(paise) }) : t("creditBalance", { amount: rupees(paise) }));
  const balanced = balance.totals.openingPaise === 0 && balance.totals.closingPaise === 0 && balance.totals.debitsPaise === balance.totals.creditsPaise;
  const cells = (line: Omit<TrialBalanceLine, "account">) => (
    <>
      <td className="py-2 pr-3 text-right tabular-nums">{signed(line.openingPaise)}</td>
      <td className="py-2 pr-3 text-right tabular-nums">{rupees(line.debitsPaise)}</td>
      <td className="py-2 pr-3 text-right tabular-nums">{rupees(line.creditsPaise)}</td>
      <td className="py-2 text-right tabular-nums">{signed(line.closingPaise)}</td>
    </>
  );
  const caption = t("caption", { from: balance.from, to: balance.to });
  const csvHref = `/api/books/trial-balance?${new URLSearchParams({ from: balance.from, to: balance.to })}`;
  const today = indiaDay(now);
  const clearing = balance.lines.find((line) => line.account === "gateway_clearing");
  const gatewayInBooks = config.gateway !== null || (clearing !== undefined && (clearing.openingPaise !== 0 || clearing.debitsPaise !== 0 || clearing.creditsPaise !== 0));

  return (
    <div className="flex flex-col gap-6">
      <p className="text-slate-700">{t("intro")}</p>
      <form action="/adminpanel" method="get" className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="tab" value="books" />
        <fieldset className="flex flex-wrap items-end gap-2">
          <legend className="mb-1 text-sm font-medium text-slate-800">{t("rangeLegend")}</legend>
          <div className="flex flex-col gap-1">
            <label htmlFor="books-from" className="text-sm text-slate-800">{t("from")}</label>
            <input id="books-from" name="from" type="date" className={inputClass} defaultValue={balance.from} required />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor="books-to" className="text-sm text-slate-800">{t("to")}</label>
            <input id="books-to" name="to" type="date" className={inputClass} defaultValue={balance.to} required />
          </div>
        </fieldset>
        <button type="submit" className={smallButtonClass}>{t("show")}</button>
        <a href={csvHref} download className={smallButtonClass}>{t("download")}</a>
      </form>
      {problem && <p role="alert" className="text-red-700">{t("rangeInvalid", { problem })}</p>}
      <ScrollRegion label={caption}>
        <table className="w-full text-left text-sm">
          <caption className="mb-2 text-left font-medium text-slate-900">{caption}</caption>
          <thead className="border-b border-slate-200 text-slate-700">
            <tr>
              <th scope="col" className="py-2 pr-3">{t("account")}</th>
              <th scope="col" className="py-2 pr-3 text-right">{t("opening")}</th>
              <th scope="col" className="py-2 pr-3 text-right">{t("debits")}</th>
              <th scope="col" className="py-2 pr-3 text-right">{t("credits")}</th>
              <th scope="col" className="py-2 text-right">{t("closing")}</th>
            </tr>
          </thead>
          <tbody>
            {balance.lines.map((line) => (
              <tr key={line.account} className="border-b border-slate-100">
                <th scope="row" className="py-2 pr-3 font-medium text-slate-900">
                  {t.has(`accounts.${line.account}`) ? t(`accounts.${line.account}`) : line.account}
                </th>
                {cells(line)}
              </tr>
            ))}
          </tbody>
          <tfoot className="border-t-2 border-slate-300 font-semibold text-slate-900">
            <tr>
              <th scope="row" className="py-2 pr-3">{t("total")}</th>
              {cells(balance.totals)}
            </tr>
          </tfoot>
        </table>
      </ScrollRegion>
      <p role="status" className={balanced ? "text-emerald-800" : "text-red-700"}>{balanced ? t("balanced") : t("unbalanced")}</p>
      <p className={check.ok ? "text-slate-700" : "text-red-700"}>{check.ok ? t("checkPassed") : t("checkFailed", { discrepancy: check.discrepancy })}</p>
      {check.ok && <p className="text-slate-700">{t("receiptsNotOnBankLine", { count: check.receiptsNotOnBankLine.count, amount: rupees(check.receiptsNotOnBankLine.paise) })}</p>}
      <TaxDepositForm
        today={today}
        period={financialQuarter(today)}
        texts={{
          heading: t("deposit.heading"),
          payable: t("deposit.payable", { amount: rupees(balance.taxPayablePaise) }),
          amount: t("deposit.amount"),
          challan: t("deposit.challan"),
          depositedOn: t("deposit.depositedOn"),
          period: t("deposit.period"),
          submit: t("deposit.submit"),
          failed: t("deposit.failed"),
        }}
      />
      {gatewayInBooks && (
        <GatewaySettlementForm
          texts={{
            heading: t("settlement.heading"),
            intro: t("settlement.intro"),
            file: t("settlement.file"),
            submit: t("settlement.submit"),
            failed: t("settlement.failed"),
            tooLarge: t("settlement.tooLarge"),
            lines: t("settlement.lines"),
          }}
        />
      )}
    </div>
  );
}
