/** Dates in the admin, always in the firm's time zone. */
const zone = "Europe/London";

const longFormat = new Intl.DateTimeFormat("en-GB", {
  timeZone: zone,
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  hour12: true,
});

const dateFormat = new Intl.DateTimeFormat("en-GB", {
  timeZone: zone,
  day: "numeric",
  month: "short",
  year: "numeric",
});

/**
 * 'Nov 22, 2026 at 8:37 am': abbreviated month, day, year, 'at', time with am/pm.
 * The raw value comes back when it is not a date.
 */
export function formatSubmittedAt(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  try {
    const parts = Object.fromEntries(longFormat.formatToParts(date).map((p) => [p.type, p.value]));
    const period = (parts["dayPeriod"] ?? "").toLowerCase();
    return `${parts["month"]} ${parts["day"]}, ${parts["year"]} at ${parts["hour"]}:${parts["minute"]} ${period}`.trim();
  } catch {
    return value;
  }
}

/** The date part only, for the table: '22 Nov 2026'. */
export function formatDateOnly(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return dateFormat.format(date);
}

const dayFormat = new Intl.DateTimeFormat("en-GB", {
  timeZone: zone,
  weekday: "short",
  day: "numeric",
  month: "short",
});

/** A calendar date ("YYYY-MM-DD", a London date already): 'Mon 1 Dec'. */
export function formatDay(date: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return date;
  // Noon UTC is the same calendar day in London all year.
  return dayFormat.format(new Date(`${date}T12:00:00Z`)).replace(",", "");
}
