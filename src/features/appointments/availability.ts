/**
 * Which dates and windows a customer may ask for, and why not when they may not. Pure functions:
 * the caller reads the blocked dates and the confirmed jobs per date from the database and passes
 * them in with `now`, so the same rules answer `GET /api/availability`, re-check a booking on submit
 * and can be tested without a database. See docs/decisions/014-appointments-and-calendar.md.
 *
 * A day is bookable when all of these hold (checked in this order, the first failure is the reason):
 * it is not in the past; its weekday is worked and leaves at least one arrival window; the owner has
 * not blocked it; it is at least the minimum notice ahead (counted in working days after today, a
 * blocked day not counting); it is at most the horizon ahead; and its confirmed jobs are below the
 * daily cap. An option also needs its window to be offered that day.
 */
import {
  addDays,
  datesBetween,
  daysBetween,
  formatDate,
  formatDayMonth,
  weekdayNames,
  weekdayOf,
} from "./contract/dates";
import type { IsoDate } from "./contract/dates";
import { defaultBookingRules, windowsOn, type BookingRules } from "./contract/rules";
import type { PreferredOption } from "./contract/option-fields";
import { windowLabel, windowName, type WindowTimes } from "./contract/windows";
import { dateInZone } from "../../platform/time";

/** A date the owner has blocked (a holiday), with an optional label shown to customers. */
export interface BlockedDate {
  readonly date: IsoDate;
  readonly label?: string | null | undefined;
}

export interface AvailabilityInput {
  /** The current instant; "today" is its date in Europe/London. */
  readonly now: Date;
  /** Defaults to the rules in the site config. */
  readonly rules?: BookingRules | undefined;
  readonly blocked?: readonly BlockedDate[] | undefined;
  /** Confirmed jobs per date (dates not in the map have none). */
  readonly confirmedJobs?: ReadonlyMap<IsoDate, number> | undefined;
}

export type UnavailableReason =
  "past" | "not-working-day" | "blocked" | "notice" | "horizon" | "full" | "no-window";

/** A window as offered: its times and the customer's label, e.g. "morning (8am to 12pm)". */
export interface OfferedWindow extends WindowTimes {
  readonly label: string;
}

export interface BookableDate {
  readonly date: IsoDate;
  /** "Tuesday 3 March". */
  readonly label: string;
  /** The windows offered that day, "any" last. */
  readonly windows: readonly OfferedWindow[];
}

export type DayAvailability =
  | (BookableDate & { readonly bookable: true })
  | {
      readonly date: IsoDate;
      readonly label: string;
      readonly bookable: false;
      readonly reason: UnavailableReason;
      /** A sentence for the customer, e.g. "That date is fully booked." */
      readonly message: string;
    };

export interface BookingSpan {
  /** Today's date in Europe/London. */
  readonly today: IsoDate;
  /** The first date the notice allows, or null when no working day is left within the horizon. */
  readonly earliest: IsoDate | null;
  /** The last date within the horizon. */
  readonly latest: IsoDate;
}

export type OptionCheck =
  | {
      readonly ok: true;
      readonly date: IsoDate;
      readonly window: OfferedWindow;
      /** "Tuesday 3 March, morning (8am to 12pm)". */
      readonly label: string;
    }
  | { readonly ok: false; readonly reason: UnavailableReason; readonly message: string };

/** Largest range `describeDays` answers for, in days (a year and a bit; a calendar shows a month). */
export const maxRangeDays = 400;

interface Prepared {
  readonly rules: BookingRules;
  readonly span: BookingSpan;
  readonly blocked: ReadonlyMap<IsoDate, string | null>;
  readonly confirmed: ReadonlyMap<IsoDate, number>;
}

function prepare(input: AvailabilityInput): Prepared {
  const rules = input.rules ?? defaultBookingRules;
  const blocked = new Map<IsoDate, string | null>();
  for (const b of input.blocked ?? []) {
    const label = b.label?.trim();
    // A date blocked twice keeps the first non-empty label.
    if (!blocked.has(b.date) || (!blocked.get(b.date) && label)) blocked.set(b.date, label || null);
  }
  const today = dateInZone(input.now);
  const latest = addDays(today, rules.horizonWeeks * 7);
  const isWorkingDay = (date: IsoDate) => windowsOn(date, rules).length > 0 && !blocked.has(date);
  let earliest: IsoDate | null = null;
  if (rules.minimumNoticeWorkingDays === 0) {
    earliest = today;
  } else {
    let counted = 0;
    for (let date = addDays(today, 1); date <= latest; date = addDays(date, 1)) {
      if (isWorkingDay(date) && ++counted === rules.minimumNoticeWorkingDays) {
        earliest = date;
        break;
      }
    }
  }
  return {
    rules,
    span: { today, earliest, latest },
    blocked,
    confirmed: input.confirmedJobs ?? new Map(),
  };
}

/** Dates within the booking horizon (weeks ahead) are written without their year. */
const noYear = { year: false } as const;

function offered(windows: readonly WindowTimes[]): OfferedWindow[] {
  return windows.map((w) => ({ ...w, label: windowLabel(w) }));
}

function noticeMessage(p: Prepared): string {
  const n = p.rules.minimumNoticeWorkingDays;
  const need =
    n === 1 ? "We need at least one working day's notice." : `We need at least ${n} working days' notice.`;
  return p.span.earliest
    ? `${need} The earliest date we can book is ${formatDate(p.span.earliest, noYear)}.`
    : need;
}

function horizonMessage(p: Prepared): string {
  const w = p.rules.horizonWeeks;
  return `We book up to ${w === 1 ? "1 week" : `${w} weeks`} ahead. The latest date we can book is ${formatDate(p.span.latest, noYear)}.`;
}

function day(date: IsoDate, p: Prepared): DayAvailability {
  const label = formatDate(date, noYear);
  const no = (reason: UnavailableReason, message: string): DayAvailability => ({
    date,
    label,
    bookable: false,
    reason,
    message,
  });
  const { today, earliest, latest } = p.span;
  if (date < today) return no("past", "That date has passed.");
  const windows = windowsOn(date, p.rules);
  if (windows.length === 0) {
    return no("not-working-day", `${weekdayNames[weekdayOf(date)]}s are not working days.`);
  }
  if (p.blocked.has(date)) {
    const why = p.blocked.get(date);
    return no("blocked", `We are closed on ${formatDayMonth(date, noYear)}${why ? ` (${why})` : ""}.`);
  }
  if (earliest === null || date < earliest) return no("notice", noticeMessage(p));
  if (date > latest) return no("horizon", horizonMessage(p));
  if ((p.confirmed.get(date) ?? 0) >= p.rules.dailyCap) return no("full", "That date is fully booked.");
  return { date, label, bookable: true, windows: offered(windows) };
}

function assertRange(from: IsoDate, to: IsoDate): void {
  const n = daysBetween(from, to); // throws on a malformed date
  if (n > maxRangeDays) throw new RangeError(`A range of at most ${maxRangeDays} days, got ${n + 1}`);
}

/** Today, the earliest and the latest bookable date for these rules at `now`. */
export function bookingSpan(input: AvailabilityInput): BookingSpan {
  return prepare(input).span;
}

/** Every date from `from` to `to` (both included, at most `maxRangeDays`), bookable or with the reason it is not. */
export function describeDays(
  input: AvailabilityInput,
  range: { readonly from: IsoDate; readonly to: IsoDate },
): DayAvailability[] {
  const { from, to } = range;
  assertRange(from, to);
  const p = prepare(input);
  return datesBetween(from, to).map((date) => day(date, p));
}

/**
 * The bookable dates with their windows, between `from` and `to` (both included; by default the
 * whole bookable span). Only the part of the range inside the span is examined, so any range is
 * cheap.
 */
export function bookableDates(
  input: AvailabilityInput,
  range: { readonly from?: IsoDate | undefined; readonly to?: IsoDate | undefined } = {},
): BookableDate[] {
  const p = prepare(input);
  const { earliest, latest } = p.span;
  if (earliest === null) return [];
  // daysBetween validates both ends before they are compared as text.
  if (range.from !== undefined) daysBetween(range.from, earliest);
  if (range.to !== undefined) daysBetween(range.to, latest);
  const from = range.from !== undefined && range.from > earliest ? range.from : earliest;
  const to = range.to !== undefined && range.to < latest ? range.to : latest;
  const out: BookableDate[] = [];
  for (const date of datesBetween(from, to)) {
    const d = day(date, p);
    if (d.bookable) out.push({ date: d.date, label: d.label, windows: d.windows });
  }
  return out;
}

/** Whether one preferred option can be booked, and if not, a sentence saying why. */
export function checkOption(option: PreferredOption, input: AvailabilityInput): OptionCheck {
  return checkWith(option, prepare(input));
}

/** `checkOption` for each option, in order, preparing the rules once. */
export function checkOptions(options: readonly PreferredOption[], input: AvailabilityInput): OptionCheck[] {
  const p = prepare(input);
  return options.map((o) => checkWith(o, p));
}

function checkWith(option: PreferredOption, p: Prepared): OptionCheck {
  daysBetween(option.date, option.date); // a malformed date throws here, as the schema would refuse it
  const d = day(option.date, p);
  if (!d.bookable) return { ok: false, reason: d.reason, message: d.message };
  const window = d.windows.find((w) => w.window === option.window);
  if (!window) {
    const weekday = weekdayNames[weekdayOf(d.date)];
    const choices = d.windows.map((w) => windowName(w.window)).join(" or ");
    return {
      ok: false,
      reason: "no-window",
      message: `We have no ${windowName(option.window)} visits on ${weekday}s; please choose ${choices}.`,
    };
  }
  return { ok: true, date: d.date, window, label: `${d.label}, ${window.label}` };
}
