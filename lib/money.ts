const PAISE_PER_RUPEE = 100;

/** The most an amount column holds: PostgreSQL `integer` paise, ₹2,14,74,836.47. */
export const MAX_PAISE = 2_147_483_647;

export function rupeesToPaise(rupees: number): number {
  return Math.round(rupees * PAISE_PER_RUPEE);
}

export function paiseToRupees(paise: number): number {
  return paise / PAISE_PER_RUPEE;
}

const indianGrouping = new Intl.NumberFormat("en-IN", { maximumFractionDigits: 2 });

/** Indian digit grouping: 1,00,000. */
export function formatRupees(paise: number): string {
  return indianGrouping.format(paiseToRupees(paise));
}

export function formatRupeesWithSymbol(paise: number): string {
  return `₹${formatRupees(paise)}`;
}
