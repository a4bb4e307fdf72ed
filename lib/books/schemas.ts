import { z } from "zod";
import { BOOKS_DATE_RANGE_ORDER, BOOKS_DAY_FORMAT, CHALLAN_REFERENCE_FORMAT, TAX_DEPOSIT_PERIOD_FORMAT } from "@/lib/catalogue";
import { isCalendarDayText, rupees, text } from "@/lib/validation";

/**
 * The books' accounts and the shapes the admin panel's Books tab and its handlers share: the
 * trial balance's date range and the tax deposit form. Client-safe.
 *
 * Amounts are in paise, debits positive and credits negative (as journal_lines stores them): an
 * asset or expense account normally shows a positive balance, a liability or income account a
 * negative one, and all balances together sum to zero.
 */
export const ACCOUNTS = ["bank", "wallets", "entry_fees", "refunds", "referral_rewards", "prizes", "prize_liability", "prize_recoverable", "tax_payable", "gateway_clearing", "gateway_fees", "suspense"] as const;
export type Account = (typeof ACCOUNTS)[number];

/** The India calendar day of an instant, "YYYY-MM-DD". */
export function indiaDay(instant: Date): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(instant);
}

/** The first day (1 April) of the Indian financial year the India day falls in. */
function financialYearStart(day: string): string {
  const [year, month] = day.split("-").map(Number);
  return `${month >= 4 ? year : year - 1}-04-01`;
}

/** The financial year's quarter of an India day, as the quarterly return labels it: "FY2026-27 Q3". */
export function financialQuarter(day: string): string {
  const [year, month] = day.split("-").map(Number);
  const first = month >= 4 ? year : year - 1;
  const quarter = month >= 4 ? Math.floor((month - 4) / 3) + 1 : 4;
  return `FY${first}-${String((first + 1) % 100).padStart(2, "0")} Q${quarter}`;
}

const day = (label: string) => text(label).trim().refine(isCalendarDayText, BOOKS_DAY_FORMAT);

/**
 * GET /api/books/trial-balance.csv and the Books tab: India days, both inclusive. Without them,
 * the financial year so far.
 */
export const trialBalanceQuery = z
  .object({ from: day("From").optional(), to: day("To").optional() })
  .refine((range) => !range.from || !range.to || range.from <= range.to, { message: BOOKS_DATE_RANGE_ORDER, path: ["to"] });
export type TrialBalanceQuery = z.output<typeof trialBalanceQuery>;

/** The range a query names, filled in: the financial year to date, or up to `to`. */
export function dateRange(query: TrialBalanceQuery, now: Date = new Date()): { from: string; to: string } {
  const to = query.to ?? indiaDay(now);
  return { from: query.from ?? financialYearStart(to), to };
}

const PERIOD = /^FY(\d{4})-(\d{2}) Q([1-4])$/;

/** The first India day of a period the schema accepted ("FY2026-27 Q3" begins 2026-10-01). */
export function periodStart(period: string): string {
  const [, first, , quarter] = PERIOD.exec(period)!.map(Number);
  const month = 4 + 3 * (quarter - 1);
  return month > 12 ? `${first + 1}-${String(month - 12).padStart(2, "0")}-01` : `${first}-${String(month).padStart(2, "0")}-01`;
}

/**
 * A challan reference as it is compared and stored: bank receipts print the same challan with
 * spaces, hyphens or in either case, and each must be one challan.
 */
function normalisedChallan(reference: string): string {
  return reference.toUpperCase().replace(/[\s-]+/g, "");
}

/** POST /api/books/tax-deposits: tax withheld that was paid to the government with a challan. */
export const taxDepositSchema = z.object({
  amount: rupees("The amount"),
  challanReference: text("The challan reference")
    .transform(normalisedChallan)
    .pipe(z.string().regex(/^[A-Z0-9][A-Z0-9/]{2,62}[A-Z0-9]$/, CHALLAN_REFERENCE_FORMAT)),
  depositedOn: day("The deposit date"),
  period: text("The period")
    .transform((value) => value.trim().replace(/\s+/g, " ").toUpperCase())
    .pipe(z.string().refine((value) => {
      const match = PERIOD.exec(value);
      return match !== null && (Number(match[1]) + 1) % 100 === Number(match[2]);
    }, TAX_DEPOSIT_PERIOD_FORMAT)),
});
export type TaxDepositInput = z.output<typeof taxDepositSchema>;

/** One account's line of the trial balance. */
export interface TrialBalanceLine {
  account: Account;
  openingPaise: number;
  debitsPaise: number;
  /** Positive: the credits of the period, as an amount. */
  creditsPaise: number;
  closingPaise: number;
}

export interface TrialBalance {
  from: string;
  to: string;
  lines: TrialBalanceLine[];
  /** Sums of the lines: opening and closing are zero when the books balance, debits equal credits. */
  totals: Omit<TrialBalanceLine, "account">;
  /** Tax withheld not yet deposited now, for the deposit form's hint. */
  taxPayablePaise: number;
}

/** The result of npm run ledger:check and of the Books tab's check. */
export type LedgerCheck =
  | {
      ok: true;
      totals: { entries: number; bankPaise: number; walletsPaise: number; prizeLiabilityPaise: number; prizeRecoverablePaise: number; taxPayablePaise: number };
      /** Verified UPI receipts no bank statement line shows yet: to reconcile, not wrong. */
      receiptsNotOnBankLine: { count: number; paise: number };
    }
  | { ok: false; check: string; subject: string; discrepancy: string };
