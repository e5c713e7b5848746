/**
 * The facts the booking rules run on: the opening hours and the appointment settings. They are part
 * of the business facts (src/config/site.ts re-exports them as `site.hours.weekly` and
 * `site.booking`) and live in their own small module because the browser-safe booking rules
 * (src/features/appointments/contract/) need them and nothing else of the site's profile.
 */

import { businessZone } from "../platform/time";

export interface OpeningHours {
  /** Days as shown to people, e.g. "Monday to Friday". */
  readonly label: string;
  /** Short form used in compact places, e.g. "Mon-Fri". */
  readonly short: string;
  /** schema.org dayOfWeek values; empty when closed. */
  readonly days: readonly string[];
  /** `HH:MM`; the shown text ("8am-6pm") is made from these (src/platform/time.ts). */
  readonly opens?: string;
  readonly closes?: string;
  /** Shown instead of hours on a closed day, e.g. "Closed (emergency only)". */
  readonly closed?: string;
}

/** The one set of opening hours: every page, the footer, the structured data and the e-mails show it. */
export const weeklyHours: readonly OpeningHours[] = [
  {
    label: "Monday to Friday",
    short: "Mon-Fri",
    days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
    opens: "08:00",
    closes: "18:00",
  },
  {
    label: "Saturday",
    short: "Saturday",
    days: ["Saturday"],
    opens: "09:00",
    closes: "16:00",
  },
  { label: "Sunday", short: "Sunday", days: [], closed: "Closed (emergency only)" },
];

/**
 * Appointments (docs/decisions/014-appointments-and-calendar.md). The working days and each day's
 * hours are not repeated here: they come from `weeklyHours` above, so a change of hours changes
 * what the booking form offers. Every arrival window is clipped to the day's hours (Saturday's
 * morning is 9am to 12pm) and left out on a day where less than `minimumWindowMinutes` remains.
 * The owner can adjust the notice, horizon, cap and working days in the admin; these are the
 * defaults.
 */
export const booking = {
  /** All dates and windows are wall-clock times in this zone. */
  timeZone: businessZone,
  /** Arrival windows, in the order they happen. "any" (any time that day) spans them all. */
  windows: {
    morning: { label: "morning", start: "08:00", end: "12:00" },
    afternoon: { label: "afternoon", start: "12:00", end: "17:00" },
  },
  anyTimeLabel: "any time",
  minimumWindowMinutes: 60,
  /** The earliest bookable date is this many working days after today (1: the next working day). */
  minimumNoticeWorkingDays: 1,
  /** The latest bookable date is this many weeks after today. */
  horizonWeeks: 8,
  /** Confirmed jobs a day can take; a day at the cap is offered no more. */
  dailyCap: 3,
  /** How many preferred options a booking may give (at least one). */
  maxPreferredOptions: 3,
  /** Customers change or cancel on their own page until this many hours before the window starts. */
  changeCutoffHours: 24,
  /**
   * The reminder goes out at `time` on the evening before the window, and only for a job confirmed
   * at least `minimumLeadHours` before the window starts.
   */
  reminder: { daysBefore: 1, time: "18:00", minimumLeadHours: 24 },
} as const;

/**
 * On the day of a visit (docs/decisions/040-on-the-day.md): who the customer is told is on the way
 * ("Kingdom Handyman is on the way"), the arrival estimates the owner picks from with one tap, and
 * the longest estimate accepted (an estimate further ahead is a new visit, not a late one).
 */
export const onTheDay = {
  travellerName: "Kingdom Handyman",
  etaChoicesMinutes: [15, 30, 45, 60, 90] as readonly number[],
  maxEtaMinutes: 720,
};
