/**
 * Dates in the admin, always in the firm's time zone and in the site's one style
 * (src/platform/time.ts; docs/decisions/028-time-and-money.md).
 */
import { formatDateTime, formatShortDate, type IsoDate } from "../platform/time";

const parse = (value: string): Date | null => {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

/**
 * 'Sun 22 Nov 2026 at 8:37am': the short date (abbreviated weekday and month, the day, the
 * year), 'at', the time with am/pm. The raw value comes back when it is not a date.
 */
export function formatSubmittedAt(value: string): string {
  const date = parse(value);
  return date ? formatDateTime(date, { short: true }) : value;
}

/** The date part only, for the table: 'Sun 22 Nov 2026'. */
export function formatDateOnly(value: string): string {
  const date = parse(value);
  return date ? formatShortDate(date, { year: true }) : value;
}

/** A calendar date ("YYYY-MM-DD", a London date already): 'Mon 1 Dec'. */
export function formatDay(date: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) ? formatShortDate(date as IsoDate) : date;
}
