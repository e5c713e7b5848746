/**
 * The dates the site offers customers now, with no owner's settings: the booking rules less the
 * bank holidays, which the server blocks by default (docs/decisions/035-diary.md). Tests that
 * book pick their dates here, so none lands on a holiday.
 */
import { bookableDates } from "../../src/features/appointments/availability";
import { bankHolidays } from "../../src/features/appointments/holidays";
import { addDays, dateInZone } from "../../src/platform/time";

export function offeredDates(now: Date = new Date()) {
  const today = dateInZone(now);
  const blocked = bankHolidays(today, `${Number(today.slice(0, 4)) + 1}-12-31`, { today });
  return bookableDates({ now, blocked });
}

/** The first date the site offers on or after `daysAhead` days from today (never a holiday). */
export function offeredFrom(daysAhead: number, now: Date = new Date()) {
  const from = addDays(dateInZone(now), daysAhead);
  const found = offeredDates(now).find((d) => d.date >= from);
  if (!found) throw new Error(`No date is offered ${daysAhead} or more days ahead`);
  return found.date;
}
