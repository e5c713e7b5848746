/**
 * Money: amounts are whole pence (a safe integer) everywhere they are stored, sent or summed; a
 * float never holds money. Pounds appear only as text, made by `formatMoney` and read by
 * `parsePounds`. VAT is worked out per rate on the net total of that rate, then rounded DOWN to the
 * whole penny (towards zero, so a credit note mirrors its invoice): the one VAT rounding rule,
 * docs/decisions/044-vat-tax-point-and-pdf-font.md. Line nets and deposits round to the nearest
 * penny, half a penny away from zero. Browser-safe: pages, islands, the admin and the server use it.
 * See docs/decisions/028-time-and-money.md.
 */

/** An amount in whole pence (may be negative, e.g. a credit). */
export type Pence = number;

/** A VAT rate in whole percent. */
export type VatRate = number;

/** Pence from a whole number of pence; throws on a fraction, NaN or an unsafe integer. */
export function pence(value: number): Pence {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Not a whole number of pence: ${value}`);
  return value;
}

/** Pence from whole pounds, e.g. `fromPounds(150)` is 15000. Throws on a fraction of a pound. */
export function fromPounds(pounds: number): Pence {
  if (!Number.isSafeInteger(pounds)) throw new RangeError(`Not a whole number of pounds: ${pounds}`);
  return pence(pounds * 100);
}

const exact = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" });
const whole = new Intl.NumberFormat("en-GB", {
  style: "currency",
  currency: "GBP",
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

export interface FormatMoneyOptions {
  /**
   * Leave ".00" off a whole number of pounds ("£150"), for advertised prices. Amounts with pence
   * keep them ("£12.50"). Quotes, invoices and totals always show the pence.
   */
  readonly dropZeroPence?: boolean;
}

/** "£1,234.00", "-£5.50"; with `dropZeroPence`, "£150" for 15000. */
export function formatMoney(amount: Pence, options: FormatMoneyOptions = {}): string {
  pence(amount);
  // Whole pence divided by 100 is the exact decimal the formatter prints (two places at most).
  const pounds = amount / 100;
  return options.dropZeroPence && amount % 100 === 0 ? whole.format(pounds) : exact.format(pounds);
}

/**
 * "150.00", "-5.50": pounds as a plain decimal with two places, made from the integer (no float
 * arithmetic), for machine-readable places such as schema.org prices and CSV exports.
 */
export function poundsDecimal(amount: Pence): string {
  pence(amount);
  const sign = amount < 0 ? "-" : "";
  const abs = Math.abs(amount);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

const poundsPattern = /^(-)?£?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{2}))?$/;

/**
 * Pence from pounds as a person writes them: "1234", "1,234.50", "£12.5" is refused (pence need two
 * digits), "-£3.20" is -320. Surrounding spaces are ignored; anything else (letters, three
 * decimals, misplaced commas, an empty string) throws a RangeError naming the text.
 */
export function parsePounds(text: string): Pence {
  const m = poundsPattern.exec(text.trim());
  if (!m) throw new RangeError(`Not an amount in pounds: ${JSON.stringify(text)}`);
  const poundsDigits = m[2]!.replaceAll(",", "");
  const amount = Number(poundsDigits) * 100 + Number(m[3] ?? "0");
  if (!Number.isSafeInteger(amount)) throw new RangeError(`Amount too large: ${JSON.stringify(text)}`);
  return m[1] && amount !== 0 ? -amount : amount;
}

/** `parsePounds` that answers null instead of throwing. */
export function tryParsePounds(text: string): Pence | null {
  try {
    return parsePounds(text);
  } catch {
    return null;
  }
}

/**
 * Pounds as a person types them into a form: `tryParsePounds`, and one decimal means tens of pence
 * ("12.5" is £12.50, as people write it). Null for anything else.
 */
export function parseTypedPounds(text: string): Pence | null {
  const t = text.trim();
  return tryParsePounds(/^[^.]*\.\d$/.test(t) ? `${t}0` : t);
}

/** The exact sum of amounts in pence. */
export function sumPence(amounts: readonly Pence[]): Pence {
  let total = 0;
  for (const a of amounts) total += pence(a);
  return pence(total);
}

/**
 * `numerator / denominator` rounded to a whole number, half away from zero (2.5 → 3, -2.5 → -3),
 * in integer arithmetic so no float rounding error can move a half penny.
 */
function divideRoundHalfAway(numerator: number, denominator: number): number {
  const n = BigInt(numerator);
  const d = BigInt(denominator);
  const sign = n < 0n !== d < 0n ? -1n : 1n;
  const an = n < 0n ? -n : n;
  const ad = d < 0n ? -d : d;
  const q = (an * 2n + ad) / (2n * ad);
  return Number(sign * q);
}

/** Rounds a rate to hundredths of a percent, so 17.5 % works and 0.1 + 0.2 style errors cannot. */
function rateHundredths(rate: VatRate): number {
  if (!Number.isFinite(rate) || rate < 0 || rate > 100) throw new RangeError(`Not a VAT rate: ${rate}`);
  const h = Math.round(rate * 100);
  if (Math.abs(h - rate * 100) > 1e-6) throw new RangeError(`VAT rate has more than two decimals: ${rate}`);
  return h;
}

/** `numerator / denominator` with any fraction dropped (towards zero), in integer arithmetic. */
function divideTowardsZero(numerator: number, denominator: number): number {
  return Number(BigInt(numerator) / BigInt(denominator));
}

/**
 * VAT at `rate` percent on a net amount, rounded down to the whole penny (a fraction of a penny is
 * dropped; for a negative net, towards zero). HMRC lets the VAT on an invoice be rounded down so;
 * it is never more than the exact VAT, and never a penny less than it.
 */
export function vatOn(net: Pence, rate: VatRate): Pence {
  return divideTowardsZero(pence(net) * rateHundredths(rate), 10_000);
}

/**
 * `total` shared out over `weights` in proportion, in whole pence that add up to `total` exactly
 * (largest remainder; ties to the earlier part). Weights and total share a sign or are zero. Used
 * to show a document's VAT per line (an export's TaxAmount) without changing the VAT itself.
 */
export function allocate(total: Pence, weights: readonly Pence[]): Pence[] {
  pence(total);
  const sum = weights.reduce((s, w) => s + BigInt(pence(w)), 0n);
  if (weights.length === 0) return [];
  if (sum === 0n) return weights.map((_, i) => (i === 0 ? total : 0));
  const t = BigInt(total);
  const shares = weights.map((w) => (t * BigInt(w)) / sum);
  const rest = weights.map((w, i) => {
    const r = t * BigInt(w) - shares[i]! * sum;
    return r < 0n ? -r : r;
  });
  let left = t - shares.reduce((s, x) => s + x, 0n);
  const step = left < 0n ? -1n : 1n;
  const order = weights
    .map((_, i) => i)
    .sort((a, b) => (rest[b]! > rest[a]! ? 1 : rest[b]! < rest[a]! ? -1 : a - b));
  for (let k = 0; left !== 0n; k = (k + 1) % order.length) {
    shares[order[k]!]! += step;
    left -= step;
  }
  return shares.map(Number);
}

/** `percent` of an amount (a deposit), rounded to the penny, half a penny away from zero. */
export function percentOf(amount: Pence, percent: number): Pence {
  if (!Number.isFinite(percent) || percent < 0 || percent > 100) {
    throw new RangeError(`Not a percentage between 0 and 100: ${percent}`);
  }
  return divideRoundHalfAway(pence(amount) * rateHundredths(percent), 10_000);
}

/** A priced line: how many, the price of one (ex-VAT when VAT-registered) and its VAT rate. */
export interface MoneyLine {
  /** Whole or up to two decimals (e.g. 2.5 hours); the line's net is rounded to the penny. */
  readonly quantity: number;
  readonly unitPrice: Pence;
  /** Percent; ignored (treated as no VAT) when the business is not VAT-registered. */
  readonly vatRate: VatRate;
}

/** The net of one line: quantity × unit price, rounded to the penny, half away from zero. */
export function lineNet(line: MoneyLine): Pence {
  const q = Math.round(line.quantity * 100);
  if (!Number.isFinite(line.quantity) || Math.abs(q - line.quantity * 100) > 1e-6) {
    throw new RangeError(`Quantity has more than two decimals: ${line.quantity}`);
  }
  return divideRoundHalfAway(pence(line.unitPrice) * q, 100);
}

export interface VatBand {
  readonly rate: VatRate;
  /** The net total of the lines at this rate. */
  readonly net: Pence;
  /** VAT on that net total, rounded down once. */
  readonly vat: Pence;
}

export interface Totals {
  readonly net: Pence;
  /** One entry per rate used, highest rate first; empty when not VAT-registered. */
  readonly vatByRate: readonly VatBand[];
  readonly vat: Pence;
  readonly gross: Pence;
}

/**
 * Totals of priced lines. VAT-registered: the lines are grouped by rate, VAT is computed once on
 * each rate's net total (not per line) and rounded down to the penny; gross = net + VAT. Not registered:
 * no VAT, gross = net.
 */
export function totals(lines: readonly MoneyLine[], options: { vatRegistered: boolean }): Totals {
  const nets = lines.map(lineNet);
  const net = sumPence(nets);
  if (!options.vatRegistered) return { net, vatByRate: [], vat: 0, gross: net };
  const byRate = new Map<number, Pence>();
  lines.forEach((line, i) => {
    rateHundredths(line.vatRate);
    byRate.set(line.vatRate, (byRate.get(line.vatRate) ?? 0) + nets[i]!);
  });
  const vatByRate = [...byRate.entries()]
    .sort(([a], [b]) => b - a)
    .map(([rate, rateNet]) => ({ rate, net: rateNet, vat: vatOn(rateNet, rate) }));
  const vat = sumPence(vatByRate.map((b) => b.vat));
  return { net, vatByRate, vat, gross: sumPence([net, vat]) };
}
