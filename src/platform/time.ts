/**
 * Time: the one business time zone, the one zone engine and the one way dates and times are
 * written, for pages, islands, the admin, e-mails and calendar text. Browser-safe (islands import
 * it): no server imports. See docs/decisions/028-time-and-money.md.
 *
 * - The zone is `businessZone`, Europe/London (the config's `booking.timeZone`): GMT in winter, BST in summer.
 * - The engine is @date-fns/tz's `tzOffset`: the zone's offset at an instant, from the runtime's
 *   time-zone data. Both directions are built on it here (an instant's wall clock; a wall-clock
 *   time's instant, where a time inside the spring-forward gap moves an hour later, as `TZDate`
 *   does). Only `tzOffset` is imported, so an island that formats a date stays small. No other
 *   code does zone arithmetic.
 * - Calendar dates are `YYYY-MM-DD` strings (what a date input sends and Postgres's `date`
 *   returns); their arithmetic runs on UTC midnights, where every day has 24 hours.
 * - The written style (UK, day before month, no commas, no leading zeros):
 *     date        "Tuesday 1 December 2026"     (`formatDate`; `{ year: false }` drops the year)
 *     short date  "Tue 1 Dec 2026"              (`formatShortDate`; `{ year: false }` → "Tue 1 Dec")
 *     time        "8am", "12:30pm", "12pm"      (`formatTime`; midnight is "12am")
 *     date + time "Tuesday 1 December 2026 at 8:37am", short "Tue 1 Dec 2026 at 8:37am"
 *     month       "December 2026"               (`formatMonthYear`)
 *     hours       "8am-6pm"; a window "morning (8am to 12pm)"
 *   Machine-readable places (CSV exports, iCalendar, `datetime` attributes) use ISO forms.
 */
import { tzOffset } from "@date-fns/tz";
import type { OpeningHours } from "../config/booking";

/**
 * The business's time zone: every date and time the site shows or stores is wall-clock time here.
 * The site config names it as `booking.timeZone` from this constant. This module reads nothing
 * else from the config at import time, so an island that formats a date does not carry the config.
 */
export const businessZone = "Europe/London";

// ---------------------------------------------------------------------------------------------
// Calendar dates

/** A calendar date, `YYYY-MM-DD`. */
export type IsoDate = string;

/** 0 = Sunday … 6 = Saturday, as `Date.prototype.getDay`. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

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

/** "Tue", "Dec": the first three letters (UK style, so "Sep", not "Sept"). */
const short = (name: string) => name.slice(0, 3);

const isoDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const dayMs = 86_400_000;

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

function requireDate(date: IsoDate): { year: number; month: number; day: number } {
  const p = parseIsoDate(date);
  if (!p) throw new RangeError(`Not a YYYY-MM-DD date: ${JSON.stringify(date)}`);
  return p;
}

function toUtcMs(date: IsoDate): number {
  const p = requireDate(date);
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

/** The first day of the month `months` calendar months after `date`'s (before, when negative). */
export function firstOfMonth(date: IsoDate, months = 0): IsoDate {
  const d = new Date(toUtcMs(date));
  return fromUtcMs(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1));
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

// ---------------------------------------------------------------------------------------------
// Times of day

const timePattern = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Minutes after midnight of an `HH:MM` time. */
export function minutesOf(time: string): number {
  const m = timePattern.exec(time);
  if (!m) throw new RangeError(`Not an HH:MM time: ${JSON.stringify(time)}`);
  return Number(m[1]) * 60 + Number(m[2]);
}

/** `HH:MM` of minutes after midnight. */
export function timeOf(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

// ---------------------------------------------------------------------------------------------
// The zone engine

/** Minutes the business zone is ahead of UTC at an instant (0 in GMT, 60 in BST). */
export function zoneOffsetMinutes(instant: Date, timeZone: string = businessZone): number {
  const offset = tzOffset(timeZone, instant);
  if (Number.isNaN(offset) || Number.isNaN(instant.getTime())) {
    throw new RangeError(`Unknown time zone or instant: ${timeZone}`);
  }
  return offset;
}

/** The wall clock in the business zone at an instant. */
export interface WallClock {
  readonly date: IsoDate;
  readonly hour: number;
  readonly minute: number;
  /** `HH:MM`. */
  readonly time: string;
}

/** The date and time of day the business zone's clocks show at an instant. */
export function wallClock(instant: Date, timeZone: string = businessZone): WallClock {
  const shifted = instant.getTime() + zoneOffsetMinutes(instant, timeZone) * 60_000;
  const minutesOfDay = Math.floor((((shifted % dayMs) + dayMs) % dayMs) / 60_000);
  const hour = Math.floor(minutesOfDay / 60);
  const minute = minutesOfDay % 60;
  return { date: fromUtcMs(shifted), hour, minute, time: timeOf(minutesOfDay) };
}

/** The date on the zone's wall calendar at an instant ("today" for `new Date()`). */
export function dateInZone(instant: Date, timeZone: string = businessZone): IsoDate {
  return wallClock(instant, timeZone).date;
}

/**
 * The instant of a wall-clock time on a date in the zone. A time that does not exist (inside the
 * spring-forward hour) resolves to the instant one hour later; an ambiguous one (inside the
 * autumn hour that happens twice) to one of the two. Arrival windows never fall in either hour.
 */
export function wallClockInstant(date: IsoDate, time: string, timeZone: string = businessZone): Date {
  // The wall-clock reading as if it were UTC, then corrected by the offset in force at the answer.
  const wall = toUtcMs(date) + minutesOf(time) * 60_000;
  const first = zoneOffsetMinutes(new Date(wall), timeZone);
  const guess = wall - first * 60_000;
  const second = zoneOffsetMinutes(new Date(guess), timeZone);
  if (second === first) return new Date(guess);
  const retry = wall - second * 60_000;
  if (zoneOffsetMinutes(new Date(retry), timeZone) === second) return new Date(retry);
  // Neither offset fits: the time is inside the gap when the clocks go forward. Read it with the
  // offset from before the change, which lands as far after the gap's start as the time was.
  return new Date(wall - Math.min(first, second) * 60_000);
}

/**
 * The instant the zone's clocks show 00:00 on `date`. The UK clocks change at 01:00 or 02:00,
 * never at midnight, so midnight always exists exactly once.
 */
export function startOfDay(date: IsoDate): Date {
  return wallClockInstant(date, "00:00");
}

const hourMs = 3_600_000;
/** The zone's offset per UTC hour (the UK clocks only ever change on the hour), for long exports. */
const offsetByHour = new Map<number, number>();

/** "2026-11-23 07:05" in the business zone: sortable, for CSV exports (fast enough for every cell). */
export function formatIsoDateTime(instant: Date): string {
  const hour = Math.floor(instant.getTime() / hourMs);
  let offset = offsetByHour.get(hour);
  if (offset === undefined) {
    offset = zoneOffsetMinutes(new Date(hour * hourMs));
    if (offsetByHour.size > 10_000) offsetByHour.clear();
    offsetByHour.set(hour, offset);
  }
  return new Date(instant.getTime() + offset * 60_000).toISOString().slice(0, 16).replace("T", " ");
}

// ---------------------------------------------------------------------------------------------
// Formatters (the one UK style)

/** A calendar date as is, or the business zone's date at an instant. */
export type DateValue = IsoDate | Date;

function dateOf(value: DateValue): IsoDate {
  return typeof value === "string" ? value : dateInZone(value);
}

export interface DateOptions {
  /** Include the year (default true). */
  readonly year?: boolean;
}

/** "1 December 2026", or "1 December" with `{ year: false }`. */
export function formatDayMonth(value: DateValue, options: DateOptions = {}): string {
  const p = requireDate(dateOf(value));
  const text = `${p.day} ${monthNames[p.month - 1]}`;
  return options.year === false ? text : `${text} ${p.year}`;
}

/** "Tuesday 1 December 2026", or "Tuesday 1 December" with `{ year: false }`. */
export function formatDate(value: DateValue, options: DateOptions = {}): string {
  const date = dateOf(value);
  return `${weekdayNames[weekdayOf(date)]} ${formatDayMonth(date, options)}`;
}

export interface ShortDateOptions {
  /** Include the year (default false). */
  readonly year?: boolean;
}

/** "Tue 1 Dec", or "Tue 1 Dec 2026" with `{ year: true }`. */
export function formatShortDate(value: DateValue, options: ShortDateOptions = {}): string {
  const date = dateOf(value);
  const p = requireDate(date);
  const text = `${short(weekdayNames[weekdayOf(date)])} ${p.day} ${short(monthNames[p.month - 1]!)}`;
  return options.year ? `${text} ${p.year}` : text;
}

/** "8am", "12pm", "5:30pm", "12am" (midnight) for `HH:MM`, or the zone's time at an instant. */
export function formatTime(value: string | Date): string {
  const minutes = typeof value === "string" ? minutesOf(value) : minutesOf(wallClock(value).time);
  const h24 = Math.floor(minutes / 60);
  const m = minutes % 60;
  const h12 = h24 % 12 === 0 ? 12 : h24 % 12;
  const suffix = h24 < 12 ? "am" : "pm";
  return m === 0 ? `${h12}${suffix}` : `${h12}:${String(m).padStart(2, "0")}${suffix}`;
}

/** "Tuesday 1 December 2026 at 8:37am"; `{ short: true }` gives "Tue 1 Dec 2026 at 8:37am". */
export function formatDateTime(instant: Date, options: { short?: boolean } = {}): string {
  const date = options.short ? formatShortDate(instant, { year: true }) : formatDate(instant);
  return `${date} at ${formatTime(instant)}`;
}

/** "December 2026" for a "YYYY-MM" month or the zone's month at an instant. */
export function formatMonthYear(value: string | Date): string {
  const month = typeof value === "string" ? value : dateInZone(value).slice(0, 7);
  const p = requireDate(`${month}-01`);
  return `${monthNames[p.month - 1]} ${p.year}`;
}

/** "8am to 12pm". */
export function formatTimeRange(start: string, end: string): string {
  return `${formatTime(start)} to ${formatTime(end)}`;
}

// ---------------------------------------------------------------------------------------------
// Opening hours and arrival windows, from src/config/site.ts

/** One line of the weekly hours as shown: days and their text ("8am-6pm" or the closed text). */
export interface OpeningHoursLine {
  readonly label: string;
  readonly short: string;
  /** "8am-6pm", from `opens` and `closes`; the closed text on a closed day. */
  readonly hours: string;
  readonly days: readonly string[];
  readonly opens?: string | undefined;
  readonly closes?: string | undefined;
}

/** The hours text of one entry of `site.hours.weekly`: "8am-6pm", or its closed text. */
export function openingHoursText(entry: OpeningHours): string {
  if (entry.opens && entry.closes) return `${formatTime(entry.opens)}-${formatTime(entry.closes)}`;
  return entry.closed ?? "Closed";
}

/** The weekly hours (`site.hours.weekly`) as every page, the footer and the e-mails show them. */
export function openingHoursOf(weekly: readonly OpeningHours[]): OpeningHoursLine[] {
  return weekly.map((h) => ({
    label: h.label,
    short: h.short,
    hours: openingHoursText(h),
    days: h.days,
    opens: h.opens,
    closes: h.closes,
  }));
}

/** The weekly hours in one line: "Monday to Friday 8am-6pm, Saturday 9am-4pm, Sunday closed (emergency only)". */
export function hoursLineOf(weekly: readonly OpeningHours[]): string {
  return openingHoursOf(weekly)
    .map((h) => `${h.label} ${h.opens ? h.hours : h.hours.charAt(0).toLowerCase() + h.hours.slice(1)}`)
    .join(", ");
}

/**
 * The one label of an arrival window: its name and its times on that day, e.g.
 * "morning (8am to 12pm)", "afternoon (12pm to 4pm)" on a Saturday, "any time (9am to 4pm)".
 */
export function arrivalWindowLabel(name: string, start: string, end: string): string {
  return `${name} (${formatTimeRange(start, end)})`;
}
