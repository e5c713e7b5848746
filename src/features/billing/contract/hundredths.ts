/**
 * Hundredths: how a quantity (2.5 hours is 250), a VAT rate (20% is 2000) and a deposit percentage
 * (10% is 1000) are stored, as whole numbers so no float ever reaches the database. A branded type,
 * so a plain number cannot be stored where hundredths are expected (or read back as a quantity)
 * without one of the conversions below: the only place a value is multiplied or divided by 100 on
 * its way to or from the tables. Browser-safe. See docs/decisions/066-billing-core.md.
 */

declare const hundredthsBrand: unique symbol;

/** A whole number of hundredths (250 for 2.5). */
export type Hundredths = number & { readonly [hundredthsBrand]: true };

/** True when a number has at most two decimals (2.5, 0.25; not 0.125). */
export function hasAtMostTwoDecimals(value: number): boolean {
  return Number.isFinite(value) && Math.abs(Math.round(value * 100) - value * 100) <= 1e-6;
}

/**
 * A value with up to two decimals as whole hundredths: 2.5 → 250, 17.5 → 1750. Throws a RangeError
 * on NaN, an infinity, more than two decimals or a result that is not a safe integer.
 */
export function toHundredths(value: number, what = "Value"): Hundredths {
  if (!hasAtMostTwoDecimals(value)) throw new RangeError(`${what} has more than two decimals: ${value}`);
  const h = Math.round(value * 100);
  if (!Number.isSafeInteger(h)) throw new RangeError(`${what} is too large: ${value}`);
  return (h === 0 ? 0 : h) as Hundredths;
}

/** Stored hundredths back to the value: 250 → 2.5 (exact: a whole number over 100). */
export const fromHundredths = (h: Hundredths): number => h / 100;

/** A whole number already counted in hundredths (a stored row, a form's data attribute). */
export function hundredths(value: number): Hundredths {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Not a whole number of hundredths: ${value}`);
  return value as Hundredths;
}

/** A quantity (up to two decimals) as it is stored: 2.5 → 250. */
export const quantityToHundredths = (quantity: number): Hundredths => toHundredths(quantity, "Quantity");
/** Stored hundredths back to the quantity: 250 → 2.5. */
export const hundredthsToQuantity = fromHundredths;

/** A percentage (a VAT rate, a deposit) as stored: 17.5 → 1750; null stays null. */
export function percentToHundredths(percent: number): Hundredths;
export function percentToHundredths(percent: number | null): Hundredths | null;
export function percentToHundredths(percent: number | null): Hundredths | null {
  return percent === null ? null : toHundredths(percent, "Percentage");
}

/** Stored hundredths of a percent back to the percentage: 1750 → 17.5; null stays null. */
export function hundredthsToPercent(h: Hundredths): number;
export function hundredthsToPercent(h: Hundredths | null): number | null;
export function hundredthsToPercent(h: Hundredths | null): number | null {
  return h === null ? null : fromHundredths(h);
}

/** "2.5", "1", "0.25": a quantity as people write it (at most two decimals, no trailing zero). */
export function quantityText(quantity: number): string {
  const h = Math.round(quantity * 100);
  const whole = Math.trunc(h / 100);
  const frac = Math.abs(h % 100);
  if (frac === 0) return String(whole);
  const sign = h < 0 && whole === 0 ? "-" : "";
  return `${sign}${whole}.${String(frac).padStart(2, "0").replace(/0$/, "")}`;
}

/** "20%", "17.5%": a percentage in hundredths as people write it. */
export const percentText = (h: Hundredths): string => `${quantityText(fromHundredths(h))}%`;
