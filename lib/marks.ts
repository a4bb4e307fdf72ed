/**
 * Marks are exact decimals of two places (0.25, 2.5, −0.25), held in the database as numeric and
 * added here as whole hundredths, never in floating point: as lib/money.ts holds rupees in paise.
 */

const EXACT_DECIMAL = /^-?\d{1,9}(\.\d{1,2})?$/;

/** An exact decimal of at most two places as whole hundredths: "2.5" → 250, 0.25 → 25. */
export function toHundredths(value: number | string): number {
  const text = typeof value === "number" ? value.toFixed(2) : value.trim();
  if (!EXACT_DECIMAL.test(text)) throw new RangeError(`${value} is not a decimal of at most two places.`);
  const [whole, fraction = ""] = text.replace("-", "").split(".");
  const hundredths = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  return text.startsWith("-") && hundredths !== 0 ? -hundredths : hundredths;
}

/** Whole hundredths as the number a page or a file shows: 250 → 2.5. */
export function fromHundredths(hundredths: number): number {
  return hundredths / 100;
}

/** Whole hundredths as a decimal with two places: 250 → "2.50", −25 → "-0.25". */
export function decimalText(hundredths: number): string {
  const sign = hundredths < 0 ? "-" : "";
  const magnitude = Math.abs(hundredths);
  return `${sign}${Math.floor(magnitude / 100)}.${String(magnitude % 100).padStart(2, "0")}`;
}
