/**
 * From the wall-clock dates and windows of appointments to instants. Appointments are stored as a
 * date plus a window in the business's zone; the instants are computed here, through the one zone
 * engine in src/platform/time.ts, whenever something needs one (the reminder, the change cut-off, a
 * calendar feed in UTC). See docs/decisions/014-appointments-and-calendar.md.
 */
import { site } from "../../config/site";
import { addDays, type IsoDate } from "./contract/dates";
import { defaultBookingRules, windowTimesOn, type BookingRules } from "./contract/rules";
import type { WindowId, WindowTimes } from "./contract/windows";
import { wallClockInstant } from "../../platform/time";

const hourMs = 3_600_000;

export interface WindowInstants {
  /** The window's wall-clock times on that date (clipped to the day's hours). */
  readonly times: WindowTimes;
  readonly start: Date;
  readonly end: Date;
}

/** The UTC start and end of a window on a date in the business's zone. */
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
