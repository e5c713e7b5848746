/**
 * From wall-clock dates and windows in the business's zone (Europe/London) to instants, and back.
 * Appointments are stored as a date plus a window; the instants are computed here, with the zone's
 * own rules, whenever something needs one (the reminder, the change cut-off, a calendar feed in UTC).
 * The zone's rules come from the runtime's time-zone data through @date-fns/tz, so the answer does
 * not depend on the server's own zone. See docs/decisions/014-appointments-and-calendar.md.
 */
import { TZDate } from "@date-fns/tz";
import { site } from "../../config/site";
import { addDays, parseIsoDate, type IsoDate } from "./contract/dates";
import { defaultBookingRules, windowTimesOn, type BookingRules } from "./contract/rules";
import { minutesOf, type WindowId, type WindowTimes } from "./contract/windows";

export const businessTimeZone = site.booking.timeZone;
const hourMs = 3_600_000;

/**
 * The instant of a wall-clock time on a date in the zone. A time that does not exist (inside the
 * spring-forward hour) resolves to the instant one hour later; an ambiguous one (inside the
 * autumn hour that happens twice) to one of the two. Arrival windows never fall in either hour.
 */
export function wallClockInstant(date: IsoDate, time: string, timeZone: string = businessTimeZone): Date {
  const p = parseIsoDate(date);
  if (!p) throw new RangeError(`Not a YYYY-MM-DD date: ${JSON.stringify(date)}`);
  const minutes = minutesOf(time);
  const zoned = new TZDate(p.year, p.month - 1, p.day, Math.floor(minutes / 60), minutes % 60, 0, timeZone);
  if (Number.isNaN(zoned.getTime())) throw new RangeError(`Unknown time zone: ${timeZone}`);
  return new Date(zoned.getTime());
}

/** The date on the zone's wall calendar at an instant (e.g. "today" for `new Date()`). */
export function dateInZone(instant: Date, timeZone: string = businessTimeZone): IsoDate {
  const zoned = new TZDate(instant.getTime(), timeZone);
  if (Number.isNaN(zoned.getTime())) throw new RangeError(`Unknown time zone or instant: ${timeZone}`);
  const y = String(zoned.getFullYear()).padStart(4, "0");
  const m = String(zoned.getMonth() + 1).padStart(2, "0");
  const d = String(zoned.getDate()).padStart(2, "0");
  return `${y}-${m}-${d}`;
}

export interface WindowInstants {
  /** The window's wall-clock times on that date (clipped to the day's hours). */
  readonly times: WindowTimes;
  readonly start: Date;
  readonly end: Date;
}

/** The UTC start and end of a window on a date in Europe/London. */
export function windowInstants(
  date: IsoDate,
  window: WindowId,
  rules: BookingRules = defaultBookingRules,
): WindowInstants {
  const times = windowTimesOn(date, window, rules);
  return { times, start: wallClockInstant(date, times.start), end: wallClockInstant(date, times.end) };
}

/**
 * The last instant a customer may change or cancel on their own page: a fixed number of hours
 * (elapsed time, not wall-clock) before the window starts.
 */
export function changeCutoff(
  date: IsoDate,
  window: WindowId,
  rules: BookingRules = defaultBookingRules,
): Date {
  const { start } = windowInstants(date, window, rules);
  return new Date(start.getTime() - site.booking.changeCutoffHours * hourMs);
}

/** True while the customer may still change or cancel the appointment themselves. */
export function canChangeOnline(
  now: Date,
  date: IsoDate,
  window: WindowId,
  rules: BookingRules = defaultBookingRules,
): boolean {
  return now.getTime() < changeCutoff(date, window, rules).getTime();
}

/** When the reminder for an appointment on `date` goes out: 18:00 (config) on the evening before. */
export function reminderAt(date: IsoDate): Date {
  const { daysBefore, time } = site.booking.reminder;
  return wallClockInstant(addDays(date, -daysBefore), time);
}

/**
 * Whether a reminder is due now for an appointment confirmed at `confirmedAt`: the reminder time
 * has come, the window has not started, and the job was confirmed at least the configured lead
 * (24 hours) before the window (a job booked at shorter notice gets no reminder). Sending it once
 * is the caller's part: record it in the same statement that claims it.
 */
export function isReminderDue(args: {
  now: Date;
  confirmedAt: Date;
  date: IsoDate;
  window: WindowId;
  rules?: BookingRules;
}): boolean {
  const { start } = windowInstants(args.date, args.window, args.rules ?? defaultBookingRules);
  const leadMs = site.booking.reminder.minimumLeadHours * hourMs;
  if (args.confirmedAt.getTime() > start.getTime() - leadMs) return false;
  const now = args.now.getTime();
  return now >= reminderAt(args.date).getTime() && now < start.getTime();
}
