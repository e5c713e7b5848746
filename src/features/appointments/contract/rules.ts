/**
 * The booking rules: which weekdays are worked and their hours, the minimum notice, the horizon and
 * the daily cap. The defaults come from the site config (src/config/booking.ts: `weeklyHours` and `booking`); the owner's
 * settings in the admin override them through `bookingRules(overrides)`.
 */
import { booking, weeklyHours } from "../../../config/booking";
import { listInWords } from "../../../lib/words";
import { formatTimeRange } from "../../../platform/time";
import { weekdayNames, weekdayOf, type IsoDate, type Weekday } from "./dates";
import {
  arrivalWindowIds,
  windowLabel,
  windowsForDay,
  windowTimes,
  type DayHours,
  type WindowId,
  type WindowTimes,
} from "./windows";

export interface BookingRules {
  /** Hours per weekday, index 0 = Sunday … 6 = Saturday; null on a day that is not worked. */
  readonly hours: readonly (DayHours | null)[];
  /** The earliest bookable date is this many working days after today. */
  readonly minimumNoticeWorkingDays: number;
  /** The latest bookable date is this many weeks after today. */
  readonly horizonWeeks: number;
  /** Confirmed jobs a day can take. */
  readonly dailyCap: number;
}

export interface BookingRulesOverrides {
  /** Replace the hours of some weekdays (null: not worked). */
  readonly hours?: Readonly<Partial<Record<Weekday, DayHours | null>>>;
  readonly minimumNoticeWorkingDays?: number;
  readonly horizonWeeks?: number;
  readonly dailyCap?: number;
}

/** Each weekday's hours as the site config states them (`hours.weekly`); null when closed. */
function configHours(): (DayHours | null)[] {
  const hours: (DayHours | null)[] = [null, null, null, null, null, null, null];
  for (const entry of weeklyHours) {
    if (!("opens" in entry) || !entry.opens || !entry.closes) continue;
    for (const day of entry.days) {
      const index = (weekdayNames as readonly string[]).indexOf(day);
      if (index < 0) throw new Error(`site.hours.weekly names an unknown day: ${day}`);
      hours[index] = { opens: entry.opens, closes: entry.closes };
    }
  }
  return hours;
}

function wholeNumber(name: string, value: number, min: number): number {
  if (!Number.isInteger(value) || value < min) {
    throw new RangeError(`Booking rule ${name} must be a whole number of at least ${min}, got ${value}`);
  }
  return value;
}

/** The config's rules with the owner's overrides applied. Throws on a rule that makes no sense. */
export function bookingRules(overrides: BookingRulesOverrides = {}): BookingRules {
  const hours = configHours();
  for (const [key, value] of Object.entries(overrides.hours ?? {})) {
    const index = Number(key);
    if (!Number.isInteger(index) || index < 0 || index > 6) throw new RangeError(`Not a weekday: ${key}`);
    hours[index] = value ?? null;
  }
  return {
    hours,
    minimumNoticeWorkingDays: wholeNumber(
      "minimumNoticeWorkingDays",
      overrides.minimumNoticeWorkingDays ?? booking.minimumNoticeWorkingDays,
      0,
    ),
    horizonWeeks: wholeNumber("horizonWeeks", overrides.horizonWeeks ?? booking.horizonWeeks, 1),
    dailyCap: wholeNumber("dailyCap", overrides.dailyCap ?? booking.dailyCap, 0),
  };
}

/** The rules as the site config sets them. */
export const defaultBookingRules: BookingRules = bookingRules();

/** The hours on a date, or null when that weekday is not worked. */
export function hoursOn(date: IsoDate, rules: BookingRules = defaultBookingRules): DayHours | null {
  return rules.hours[weekdayOf(date)] ?? null;
}

/** The windows offered on a date by its weekday's hours ("any" last); empty when not worked. */
export function windowsOn(date: IsoDate, rules: BookingRules = defaultBookingRules): WindowTimes[] {
  return windowsForDay(hoursOn(date, rules));
}

/** The times of a window on a date: clipped to that day's hours, or the standard times. */
export function windowTimesOn(
  date: IsoDate,
  window: WindowId,
  rules: BookingRules = defaultBookingRules,
): WindowTimes {
  return windowTimes(window, hoursOn(date, rules));
}

/**
 * A window's label where the day is not known yet (a form before a date is chosen): its times on
 * most working days, then the days whose hours clip it differently, e.g.
 * "afternoon (12pm to 5pm; Saturday 12pm to 4pm)". Made from the same clipped times as a day's own
 * label (`windowLabel`), so the form never promises a time an e-mail then contradicts.
 */
export function windowLabelAnyDay(window: WindowId, rules: BookingRules = defaultBookingRules): string {
  const groups = new Map<string, { times: WindowTimes; days: string[] }>();
  // Monday first, Sunday last, as the hours are listed.
  for (const day of [1, 2, 3, 4, 5, 6, 0] as const) {
    const times = windowsForDay(rules.hours[day] ?? null).find((w) => w.window === window);
    if (!times) continue;
    const key = `${times.start}-${times.end}`;
    const group = groups.get(key) ?? { times, days: [] };
    group.days.push(weekdayNames[day]);
    groups.set(key, group);
  }
  const [main, ...others] = [...groups.values()].sort((a, b) => b.days.length - a.days.length);
  if (!main) return windowLabel(windowTimes(window, null));
  const label = windowLabel(main.times);
  if (others.length === 0) return label;
  const extra = others
    .map((g) => `${listInWords(g.days)} ${formatTimeRange(g.times.start, g.times.end)}`)
    .join("; ");
  return `${label.slice(0, -1)}; ${extra})`;
}

/** Every window ("any" first, as the forms offer them) with its label for a day not chosen yet. */
export function windowChoicesAnyDay(
  rules: BookingRules = defaultBookingRules,
): { readonly window: WindowId; readonly label: string }[] {
  return (["any", "morning", "afternoon"] as const).map((window) => ({
    window,
    label: windowLabelAnyDay(window, rules),
  }));
}

/**
 * The arrival windows in one sentence, for a form where the window list shows names only until a
 * date is chosen: "Arrival windows: morning (8am to 12pm; Saturday 9am to 12pm) and afternoon
 * (12pm to 5pm; Saturday 12pm to 4pm)."
 */
export function windowsSentence(rules: BookingRules = defaultBookingRules): string {
  return `Arrival windows: ${listInWords(arrivalWindowIds.map((w) => windowLabelAnyDay(w, rules)))}.`;
}
