/**
 * Arrival windows: a booking asks for a date and a window (morning, afternoon or any time that day),
 * never a minute. Each window is clipped to the day's opening hours, so Saturday's morning starts
 * when Saturday opens. Times are `HH:MM` wall-clock strings in the business's time zone.
 */
import { booking } from "../../../config/booking";
import { arrivalWindowLabel, formatDate, minutesOf, timeOf, type IsoDate } from "../../../platform/time";

export { formatTime, minutesOf } from "../../../platform/time";

export const windowIds = ["morning", "afternoon", "any"] as const;
export type WindowId = (typeof windowIds)[number];
/** The windows that are a span of their own; "any" is all of them together. */
export type ArrivalWindowId = Exclude<WindowId, "any">;
export const arrivalWindowIds = ["morning", "afternoon"] as const satisfies readonly ArrivalWindowId[];

/** A day's opening hours, `HH:MM`. */
export interface DayHours {
  readonly opens: string;
  readonly closes: string;
}

/** One window on one day: which, and its clipped start and end (`HH:MM`). */
export interface WindowTimes {
  readonly window: WindowId;
  readonly start: string;
  readonly end: string;
}

/** The window's name alone: "morning", "afternoon", "any time". */
export function windowName(window: WindowId): string {
  return window === "any" ? booking.anyTimeLabel : booking.windows[window].label;
}

/**
 * The windows offered on a day with these hours, in day order and "any" last; empty on a closed
 * day. A window is clipped to the hours and left out when less than the configured minimum remains;
 * "any" runs from the first offered window's start to the last one's end.
 */
export function windowsForDay(hours: DayHours | null): WindowTimes[] {
  if (!hours) return [];
  const opens = minutesOf(hours.opens);
  const closes = minutesOf(hours.closes);
  const out: WindowTimes[] = [];
  for (const id of arrivalWindowIds) {
    const def = booking.windows[id];
    const start = Math.max(minutesOf(def.start), opens);
    const end = Math.min(minutesOf(def.end), closes);
    if (end - start >= booking.minimumWindowMinutes) {
      out.push({ window: id, start: timeOf(start), end: timeOf(end) });
    }
  }
  if (out.length > 0) out.push({ window: "any", start: out[0]!.start, end: out[out.length - 1]!.end });
  return out;
}

/**
 * The start and end of a window on a day with these hours: the offered (clipped) times when the
 * window is offered that day, otherwise the window's standard times (8am to 12pm for a morning). The
 * owner may confirm any date and window, a Sunday emergency included, and it still needs a time.
 */
export function windowTimes(window: WindowId, hours: DayHours | null): WindowTimes {
  const offered = windowsForDay(hours).find((w) => w.window === window);
  if (offered) return offered;
  const { morning, afternoon } = booking.windows;
  if (window === "any") return { window, start: morning.start, end: afternoon.end };
  const def = booking.windows[window];
  return { window, start: def.start, end: def.end };
}

/** "morning (8am to 12pm)", "any time (9am to 4pm)". */
export function windowLabel(times: WindowTimes): string {
  return arrivalWindowLabel(windowName(times.window), times.start, times.end);
}

/** "Tuesday 3 March, morning (8am to 12pm)"; with `year`, "Tuesday 3 March 2026, morning (…)". */
export function optionLabel(date: IsoDate, times: WindowTimes, options: { year?: boolean } = {}): string {
  return `${formatDate(date, { year: options.year ?? false })}, ${windowLabel(times)}`;
}
