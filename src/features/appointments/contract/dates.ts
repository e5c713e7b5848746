/**
 * Calendar dates as plain `YYYY-MM-DD` strings: what a native date input sends, what Postgres's
 * `date` type returns, and what sorts correctly as text. No time and no zone: a date here is a day
 * on the business's wall calendar. Arithmetic runs on UTC midnights, where every day has 24 hours,
 * so it gives the same answer in every browser and server whatever their own time zone.
 */

/** A calendar date, `YYYY-MM-DD`. */
export type IsoDate = string;

/** 0 = Sunday … 6 = Saturday, as `Date.prototype.getDay`. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

const isoDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const dayMs = 86_400_000;

export const weekdayNames = [
  "Sunday",
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
] as const;

export const monthNames = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

/** Year, month (1-12) and day of a valid date, or null for anything else (2026-02-30 included). */
export function parseIsoDate(value: string): { year: number; month: number; day: number } | null {
  const m = isoDatePattern.exec(value);
  if (!m) return null;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (year < 1 || month < 1 || month > 12 || day < 1) return null;
  const check = new Date(Date.UTC(year, month - 1, day));
  check.setUTCFullYear(year); // Date.UTC maps years 0-99 to 1900-1999
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return { year, month, day };
}

/** True for a real calendar date written `YYYY-MM-DD`. */
export function isIsoDate(value: unknown): value is IsoDate {
  return typeof value === "string" && parseIsoDate(value) !== null;
}

function toUtcMs(date: IsoDate): number {
  const p = parseIsoDate(date);
  if (!p) throw new RangeError(`Not a YYYY-MM-DD date: ${JSON.stringify(date)}`);
  const d = new Date(Date.UTC(p.year, p.month - 1, p.day));
  d.setUTCFullYear(p.year);
  return d.getTime();
}

function fromUtcMs(ms: number): IsoDate {
  const d = new Date(ms);
  const y = String(d.getUTCFullYear()).padStart(4, "0");
  const m = String(d.getUTCMonth() + 1).padStart(2, "0");
  const day = String(d.getUTCDate()).padStart(2, "0");
  return `${y}-${m}-${day}`;
}

/** The date `days` days after `date` (before, when negative). */
export function addDays(date: IsoDate, days: number): IsoDate {
  return fromUtcMs(toUtcMs(date) + days * dayMs);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return Math.round((toUtcMs(to) - toUtcMs(from)) / dayMs);
}

/** Day of the week of a date, 0 = Sunday. */
export function weekdayOf(date: IsoDate): Weekday {
  return new Date(toUtcMs(date)).getUTCDay() as Weekday;
}

/** Every date from `from` to `to`, both included (empty when `to` is before `from`). */
export function datesBetween(from: IsoDate, to: IsoDate): IsoDate[] {
  const out: IsoDate[] = [];
  const n = daysBetween(from, to);
  for (let i = 0; i <= n; i++) out.push(addDays(from, i));
  return out;
}

/** "3 March", or "3 March 2026" with `year`. */
export function formatDayMonth(date: IsoDate, options: { year?: boolean } = {}): string {
  const p = parseIsoDate(date);
  if (!p) throw new RangeError(`Not a YYYY-MM-DD date: ${JSON.stringify(date)}`);
  const text = `${p.day} ${monthNames[p.month - 1]}`;
  return options.year ? `${text} ${p.year}` : text;
}

/** "Tuesday 3 March", or "Tuesday 3 March 2026" with `year`. */
export function formatDate(date: IsoDate, options: { year?: boolean } = {}): string {
  return `${weekdayNames[weekdayOf(date)]} ${formatDayMonth(date, options)}`;
}
