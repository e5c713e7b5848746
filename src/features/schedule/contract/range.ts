/**
 * The schedule's date arithmetic, shared by the server and the admin screens (isomorphic: no server
 * or browser imports). Every date is a plain `YYYY-MM-DD` calendar date in Europe/London, counted
 * as whole days (src/platform/time.ts), so a week that holds a clock change still has seven days
 * and starts on Monday: nothing here reads a browser's local time zone.
 */
import { addDays, daysBetween, isIsoDate, weekdayOf, type IsoDate } from "../../../platform/time";

/** The longest range one schedule answer covers, in days (both ends included). */
export const maxScheduleDays = 92;

export const scheduleViews = ["agenda", "day", "week"] as const;
export type ScheduleView = (typeof scheduleViews)[number];

/** How many days the agenda shows from its first date. */
export const agendaDays = 14;

/** The Monday of the week holding `date`. */
export function mondayOf(date: IsoDate): IsoDate {
  return addDays(date, -((weekdayOf(date) + 6) % 7));
}

/** The dates a view shows for an anchor date: a day, its Monday-first week, or two weeks from it. */
export function viewRange(view: ScheduleView, date: IsoDate): { from: IsoDate; to: IsoDate } {
  if (view === "day") return { from: date, to: date };
  if (view === "week") {
    const from = mondayOf(date);
    return { from, to: addDays(from, 6) };
  }
  return { from: date, to: addDays(date, agendaDays - 1) };
}

/** The anchor date one step back (-1) or forward (+1) in a view. */
export function stepDate(view: ScheduleView, date: IsoDate, direction: -1 | 1): IsoDate {
  const size = view === "day" ? 1 : view === "week" ? 7 : agendaDays;
  return addDays(view === "week" ? mondayOf(date) : date, direction * size);
}

/**
 * Why a schedule range is refused, as a sentence, or null when it is fine: a malformed date, `to`
 * before `from`, or more than `maxScheduleDays` days.
 */
export function rangeProblem(from: string, to: string): string | null {
  if (!isIsoDate(from)) return "from must be a date written YYYY-MM-DD.";
  if (!isIsoDate(to)) return "to must be a date written YYYY-MM-DD.";
  const span = daysBetween(from, to);
  if (span < 0) return "to must not be before from.";
  if (span + 1 > maxScheduleDays) return `A schedule covers at most ${maxScheduleDays} days.`;
  return null;
}
