/**
 * Tax withheld on prizes, as the law computes it (Income-tax Act s. 194BA for online-game
 * winnings): over the Indian financial year (1 April to 31 March, India time), on the
 * participant's net winnings of the year to date (prizes less entry fees paid in the year), less
 * the tax already withheld that year, rounded to the nearest rupee. Pure and client-safe: the
 * services feed it the year-to-date figures from the database, the tests feed it tables.
 */

/** What is taxed: net winnings (prizes less entry fees of the year, the default) or gross prizes. */
type TaxBasis = "net" | "gross";

export interface TaxRule {
  /** Hundredths of a percent: 3000 is 30 %. */
  rateBasisPoints: number;
  /** No tax while the year's taxable amount (cumulative, in paise) is at most this. */
  thresholdPaise: number;
  basis: TaxBasis;
}

/** The participant's figures for the financial year before this payout, in paise. */
export interface YearToDate {
  /** Gross of the prizes already paid to the participant in the year (not this one). */
  prizesPaise: number;
  /** Entry fees the participant paid (verified) in the year. */
  entryFeesPaise: number;
  /** Tax already withheld from the participant's prizes paid in the year. */
  taxWithheldPaise: number;
}

export interface TaxAtPayout {
  taxPaise: number;
  netPaise: number;
  /** The year's taxable amount including this prize: net winnings (never below zero) or gross prizes. */
  taxablePaise: number;
  /** The tax due on that amount for the whole year to date, rounded to the rupee. */
  yearTaxPaise: number;
}

/** Paise rounded to the nearest whole rupee, half up: 1999.8 paise (₹19.998) is 2000 (₹20). */
export function roundToRupee(paise: number): number {
  return Math.floor((paise + 50) / 100) * 100;
}

/** The rate applied to an amount in paise, rounded to the nearest rupee (integer arithmetic: no float drift). */
function rateOf(amountPaise: number, rateBasisPoints: number): number {
  // amount × rate is in paise × 1/10,000; one rupee is 100 paise, so 1,000,000 units; + half a rupee, floored.
  return Math.floor((amountPaise * rateBasisPoints + 500_000) / 1_000_000) * 100;
}

/**
 * The tax to withhold from a prize of `grossPaise` paid now: the rate on the year's taxable amount
 * including this prize (nothing while it is at most the threshold), rounded to the rupee, less the
 * tax already withheld in the year; never negative and never more than this prize.
 */
export function taxAtPayout(grossPaise: number, year: YearToDate, rule: TaxRule): TaxAtPayout {
  const prizes = year.prizesPaise + grossPaise;
  const taxablePaise = rule.basis === "gross" ? prizes : Math.max(0, prizes - year.entryFeesPaise);
  const yearTaxPaise = taxablePaise > rule.thresholdPaise ? rateOf(taxablePaise, rule.rateBasisPoints) : 0;
  const taxPaise = Math.min(grossPaise, Math.max(0, yearTaxPaise - year.taxWithheldPaise));
  return { taxPaise, netPaise: grossPaise - taxPaise, taxablePaise, yearTaxPaise };
}

// The Indian financial year and its quarters, in India time (UTC+5:30, no daylight saving).

const IST_OFFSET_MS = 330 * 60_000;

/** Midnight India time at the start of a month, as a UTC instant (month indexes past 11 roll into the next year). */
function istMonthStart(year: number, monthIndex: number): Date {
  return new Date(Date.UTC(year, monthIndex, 1) - IST_OFFSET_MS);
}

/** A financial year by the calendar year it starts in: 2026 is "2026-27", 1 April 2026 to 31 March 2027. */
export interface FinancialYear {
  startYear: number;
  /** "2026-27" */
  label: string;
  from: Date;
  to: Date;
}

function financialYear(startYear: number): FinancialYear {
  return { startYear, label: `${startYear}-${String((startYear + 1) % 100).padStart(2, "0")}`, from: istMonthStart(startYear, 3), to: istMonthStart(startYear + 1, 3) };
}

/** The financial year an instant falls in, by its India date. */
export function financialYearOf(at: Date): FinancialYear {
  const india = new Date(at.getTime() + IST_OFFSET_MS);
  const year = india.getUTCFullYear();
  return financialYear(india.getUTCMonth() >= 3 ? year : year - 1);
}

/** "FY2026-27 Q3": the financial year 2026-27's third quarter, October to December 2026. */
const FY_QUARTER_PATTERN = /^FY(\d{4})-(\d{2}) Q([1-4])$/;

export interface FinancialQuarter {
  year: FinancialYear;
  quarter: 1 | 2 | 3 | 4;
  /** "FY2026-27 Q3" */
  label: string;
  from: Date;
  to: Date;
}

export function financialQuarter(startYear: number, quarter: 1 | 2 | 3 | 4): FinancialQuarter {
  const year = financialYear(startYear);
  // Q1 is April to June: months 3, 4, 5 of the starting year; Q4 is January to March of the next.
  return { year, quarter, label: `FY${year.label} Q${quarter}`, from: istMonthStart(startYear, 3 * quarter), to: istMonthStart(startYear, 3 * quarter + 3) };
}

/** The financial-year quarter an instant falls in, by its India date: a November payout is in Q3. */
export function financialQuarterOf(at: Date): FinancialQuarter {
  const { startYear } = financialYearOf(at);
  return financialQuarter(startYear, (Math.floor(monthsSince(startYear, at) / 3) + 1) as 1 | 2 | 3 | 4);
}

/** Whole India months from April of `startYear` to the instant's India month. */
function monthsSince(startYear: number, at: Date): number {
  const india = new Date(at.getTime() + IST_OFFSET_MS);
  return (india.getUTCFullYear() - startYear) * 12 + india.getUTCMonth() - 3;
}

/** Reads "FY2026-27 Q3", or null when it is not exactly that form (the second year must follow the first). */
export function parseFinancialQuarter(text: string): FinancialQuarter | null {
  const match = FY_QUARTER_PATTERN.exec(text);
  if (!match) return null;
  const startYear = Number(match[1]);
  if (startYear < 2000 || Number(match[2]) !== (startYear + 1) % 100) return null;
  return financialQuarter(startYear, Number(match[3]) as 1 | 2 | 3 | 4);
}
