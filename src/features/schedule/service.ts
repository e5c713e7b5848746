/**
 * The owner's schedule (docs/decisions/039-schedule.md): every day of a range with whether
 * customers can book it and why not, the daily cap and its count, and the day's visits. The
 * blocked days come from the one rule the booking form, the server's check and the customer's
 * reschedule use (`closedDays` in src/features/appointments/service.ts); the weekdays worked and
 * the cap from the owner's settings.
 */
import { serviceLabel } from "../../lib/service-catalog";
import { dateInZone, datesBetween, formatDate, type IsoDate } from "../../platform/time";
import type { ServiceContext } from "../../platform/context";
import { bankHolidays } from "../appointments";
import { closedDays, loadRules } from "../appointments";
import { windowsOn } from "../appointments/contract/rules";
import { windowLabel } from "../appointments/contract/windows";
import { windowInstants } from "../appointments";
import type { WindowId } from "../appointments/contract/windows";
import type {
  ScheduleAnswerWire,
  ScheduleDayWire,
  ScheduleVisitWire,
  ScheduleWindow,
} from "./contract/endpoints";
import { scheduledVisits, type ScheduleRow, type SheetRow } from "./repository";
import { cancellationPeriodOf, visitPeriodFlag } from "../appointments/contract/cancellation-period";

/** What the schedule says of a day nobody can book. */
export const blockedWords = {
  notWorking: "Not a working day",
  dayOff: "Day off",
  holiday: (name: string) => `Bank holiday: ${name}`,
};

/** One visit as the screens draw it; with `sheet`, the run sheet's texts too. */
function visitOf(row: ScheduleRow & Partial<SheetRow>, sheet: boolean): ScheduleVisitWire {
  const live = row.status === "confirmed" || row.status === "proposed";
  return {
    id: row.id,
    requestId: row.requestId,
    status: row.status,
    window: row.window,
    name: row.name,
    phone: row.phone || null,
    hasEmail: row.hasEmail,
    address: row.address,
    service: row.service ? serviceLabel(row.service) : null,
    hasPhotos: row.hasPhotos,
    cancellationFlag:
      live && row.acceptance ? visitPeriodFlag(row.date, cancellationPeriodOf(row.acceptance)) : null,
    ...(sheet
      ? {
          sheet: {
            job: row.job ?? "",
            accessNotes: row.accessNotes ?? null,
            visitMessage: row.visitMessage ?? null,
            notes: row.notes ?? [],
          },
        }
      : {}),
  };
}

export async function schedule(
  range: { from: IsoDate; to: IsoDate; detail?: "sheet" | undefined },
  ctx: ServiceContext,
): Promise<ScheduleAnswerWire> {
  const { from, to } = range;
  const sheet = range.detail === "sheet";
  const [rules, closed, rows] = await Promise.all([
    loadRules(ctx.db),
    closedDays(from, to, ctx.now, ctx.db),
    scheduledVisits(from, to, ctx.db, { sheet }),
  ]);
  const today = dateInZone(ctx.now);
  const closedByDate = new Map(closed.map((c) => [c.date, c]));
  // Holidays the owner opened for work: not closed, named so the day does not look ordinary.
  const holidays = new Map(bankHolidays(from, to, { today }).map((h) => [h.date, h.name]));
  // A window's wall-clock times that day, its label and the instants they are, through the one
  // zone engine: worked out once per day and window and sent once in the day's `windows`, which
  // its visits name by id (a third of the answer's bytes when every visit carried its own).
  const windows = new Map<string, ScheduleWindow>();
  const windowOf = (date: IsoDate, window: WindowId) => {
    const key = `${date} ${window}`;
    let found = windows.get(key);
    if (!found) {
      const { times, start, end } = windowInstants(date, window, rules);
      found = {
        id: window,
        label: windowLabel(times),
        start: times.start,
        end: times.end,
        startsAt: start.toISOString(),
        endsAt: end.toISOString(),
      };
      windows.set(key, found);
    }
    return found;
  };
  const byDate = new Map<IsoDate, ScheduleRow[]>();
  for (const row of rows) {
    const list = byDate.get(row.date) ?? [];
    list.push(row);
    byDate.set(row.date, list);
  }
  const days: ScheduleDayWire[] = datesBetween(from, to).map((date) => {
    const visits = byDate.get(date) ?? [];
    const off = closedByDate.get(date);
    let blockedReason: string | null = null;
    if (off)
      blockedReason = off.holiday
        ? blockedWords.holiday(off.label ?? "")
        : (off.label ?? blockedWords.dayOff);
    else if (windowsOn(date, rules).length === 0) blockedReason = blockedWords.notWorking;
    const booked = visits.filter((v) => v.status === "confirmed" || v.status === "completed").length;
    return {
      date,
      label: formatDate(date),
      blocked: blockedReason !== null,
      blockedReason,
      openedHoliday: !off && holidays.has(date) ? holidays.get(date)! : null,
      cap: { limit: rules.dailyCap, booked, full: booked >= rules.dailyCap },
      windows: [...new Set(visits.map((row) => row.window))].map((w) => windowOf(date, w)),
      appointments: visits.map((row) => visitOf(row, sheet)),
    };
  });
  return { today, days };
}
