/**
 * Wall-clock dates and times in Europe/London, where the business works, computed with the zone's
 * rules (GMT in winter, BST in summer) so a day boundary or "7:00" means the same on both sides of
 * a clock change.
 */
export const businessZone = "Europe/London";

const partsFormat = new Intl.DateTimeFormat("en-GB", {
  timeZone: businessZone,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** The London calendar date (YYYY-MM-DD) and time of day of an instant. */
export function londonParts(instant: Date): { date: string; hour: number; minute: number } {
  const p = Object.fromEntries(partsFormat.formatToParts(instant).map((x) => [x.type, x.value]));
  return {
    date: `${p["year"]}-${p["month"]}-${p["day"]}`,
    hour: Number(p["hour"]),
    minute: Number(p["minute"]),
  };
}

/** Minutes London is ahead of UTC at this instant (0 in winter, 60 in summer). */
function londonOffsetMinutes(instant: Date): number {
  const { date, hour, minute } = londonParts(instant);
  const asUtc = Date.UTC(
    Number(date.slice(0, 4)),
    Number(date.slice(5, 7)) - 1,
    Number(date.slice(8, 10)),
    hour,
    minute,
  );
  return Math.round((asUtc - Math.floor(instant.getTime() / 60_000) * 60_000) / 60_000);
}

/**
 * The instant London's clocks show 00:00 on `date` (YYYY-MM-DD). The clocks change at 01:00 or
 * 02:00, never at midnight, so midnight always exists exactly once.
 */
export function londonMidnight(date: string): Date {
  const utcMidnight = new Date(`${date}T00:00:00Z`);
  return new Date(utcMidnight.getTime() - londonOffsetMinutes(utcMidnight) * 60_000);
}

/** `date` (YYYY-MM-DD) moved by `days` calendar days. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const hourMs = 3_600_000;
/** London's offset per UTC hour: the clocks only ever change on the hour. */
const offsetByHour = new Map<number, number>();

/** "2026-11-23 07:05" in London time, for exports and e-mails (fast enough for every CSV cell). */
export function londonDateTime(instant: Date): string {
  const hour = Math.floor(instant.getTime() / hourMs);
  let offset = offsetByHour.get(hour);
  if (offset === undefined) {
    offset = londonOffsetMinutes(new Date(hour * hourMs));
    if (offsetByHour.size > 10_000) offsetByHour.clear();
    offsetByHour.set(hour, offset);
  }
  return new Date(instant.getTime() + offset * 60_000).toISOString().slice(0, 16).replace("T", " ");
}
