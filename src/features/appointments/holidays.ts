/**
 * The region's bank and public holidays (docs/decisions/035-diary.md), from the date-holidays
 * library: its rules ship inside the package (no download at install or at run time), pinned in
 * package.json, so an update is a reviewed dependency bump. Only `public` holidays count (bank
 * holidays and substitute days); observances such as Mother's Day do not. The region is
 * `site.holidays.region`; the list runs from today for `site.holidays.yearsAhead` years.
 *
 * Server only: the library is large, and every date a customer sees comes from the server's
 * availability answer, so the form, the server's check and the customer's reschedule share it.
 */
import Holidays from "date-holidays";
import { site } from "../../config/site";
import { addDays, type IsoDate } from "./contract/dates";

export interface BankHoliday {
  date: IsoDate;
  name: string;
}

const byYear = new Map<string, BankHoliday[]>();

function holidaysOf(year: number, region: string): BankHoliday[] {
  const key = `${region}:${year}`;
  let list = byYear.get(key);
  if (!list) {
    const calendar = new Holidays(site.holidays.country, region);
    const seen = new Set<string>();
    list = [];
    for (const h of calendar.getHolidays(year) || []) {
      if (h.type !== "public") continue;
      const date = h.date.slice(0, 10) as IsoDate;
      if (seen.has(date)) continue;
      seen.add(date);
      list.push({ date, name: h.name.replace("’", "'") });
    }
    byYear.set(key, list);
  }
  return list;
}

/** The last date the holiday list covers, counted from `today`. */
export const holidayHorizon = (today: IsoDate) => addDays(today, 366 * site.holidays.yearsAhead);

/**
 * The bank and public holidays between `from` and `to` (both included), capped at the coming
 * `yearsAhead` years from `today`, in date order.
 */
export function bankHolidays(
  from: IsoDate,
  to: IsoDate,
  options: { today: IsoDate; region?: string },
): BankHoliday[] {
  const last = to < holidayHorizon(options.today) ? to : holidayHorizon(options.today);
  const region = options.region ?? site.holidays.region;
  const out: BankHoliday[] = [];
  for (let year = Number(from.slice(0, 4)); year <= Number(last.slice(0, 4)); year++) {
    for (const h of holidaysOf(year, region)) if (h.date >= from && h.date <= last) out.push(h);
  }
  return out;
}
