/**
 * iCalendar (RFC 5545) text for appointments: the invitation attached to a confirmation or change
 * (METHOD:REQUEST), the cancellation (METHOD:CANCEL), and the owner's subscription feed
 * (METHOD:PUBLISH). See docs/decisions/014-appointments-and-calendar.md for the choices and
 * docs/decisions/054-calendar-mail.md for how the e-mails carry them.
 *
 * - Times are Europe/London wall-clock times (`DTSTART;TZID=Europe/London:…`) with the zone's
 *   VTIMEZONE in the same file, so the event keeps meaning "8am in Fife" on a phone set to any zone,
 *   and a client that does not know the zone name still has its rules.
 * - One appointment keeps one UID for life; every change is sent with a higher SEQUENCE so calendar
 *   apps update the event in place, and a cancellation carries the same UID.
 * - Lines end in CRLF and are folded at 75 octets without splitting a UTF-8 character; text values
 *   escape backslash, semicolon, comma and newlines.
 */
import { site } from "../../config/site";
import { parseIsoDate, type IsoDate } from "./contract/dates";
import { businessZone } from "../../platform/time";
import { defaultBookingRules, windowTimesOn, type BookingRules } from "./contract/rules";
import type { WindowId } from "./contract/windows";

/** The business's zone (src/platform/time.ts); the VTIMEZONE below describes its rules. */
export const calendarTimeZone = businessZone;
if (calendarTimeZone !== "Europe/London") {
  throw new Error(
    `src/features/appointments/ics.ts carries the VTIMEZONE of Europe/London only, not ${calendarTimeZone}`,
  );
}

const productId = `-//${site.name}//Appointments//EN`;

/**
 * Europe/London since 1996 (the EU rule): BST from 01:00 UTC on the last Sunday of March, GMT from
 * 01:00 UTC (02:00 BST) on the last Sunday of October. The DTSTARTs are local times, as RFC 5545
 * requires inside STANDARD and DAYLIGHT.
 */
const vtimezone = [
  "BEGIN:VTIMEZONE",
  `TZID:${calendarTimeZone}`,
  `X-LIC-LOCATION:${calendarTimeZone}`,
  "BEGIN:DAYLIGHT",
  "TZNAME:BST",
  "TZOFFSETFROM:+0000",
  "TZOFFSETTO:+0100",
  "DTSTART:19700329T010000",
  "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
  "END:DAYLIGHT",
  "BEGIN:STANDARD",
  "TZNAME:GMT",
  "TZOFFSETFROM:+0100",
  "TZOFFSETTO:+0000",
  "DTSTART:19701025T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
  "END:STANDARD",
  "END:VTIMEZONE",
];

export type CalendarMethod = "REQUEST" | "CANCEL" | "PUBLISH";

export interface CalendarPerson {
  readonly email: string;
  readonly name?: string | undefined;
}

/** One appointment as a calendar event. Text fields are plain text; this module escapes them. */
export interface AppointmentEvent {
  /** Stable for the appointment's whole life (`appointmentUid`). */
  readonly uid: string;
  /** 0 when first confirmed; one higher for every later change, the cancellation included. */
  readonly sequence: number;
  readonly date: IsoDate;
  /** The event runs from the window's start to its end on that date. */
  readonly window: WindowId;
  readonly summary: string;
  readonly location?: string | undefined;
  readonly description?: string | undefined;
  /** A link shown with the event (e.g. the customer's own page, or the admin's request page). */
  readonly url?: string | undefined;
}

export interface InvitationOptions {
  /** The business: who sends the invitation. */
  readonly organizer: CalendarPerson;
  /** The customer. */
  readonly attendee: CalendarPerson;
  /** When this message is made (DTSTAMP). */
  readonly now: Date;
  /** For the window's times on that date; defaults to the site config's rules. */
  readonly rules?: BookingRules | undefined;
}

export interface FeedOptions {
  /** The calendar's name in the subscriber's app (X-WR-CALNAME). */
  readonly name: string;
  /** The business, named as every published event's ORGANIZER (RFC 5546 §3.2.1 requires one). */
  readonly organizer: CalendarPerson;
  readonly events: readonly AppointmentEvent[];
  /** When the feed is made (DTSTAMP). */
  readonly now: Date;
  readonly rules?: BookingRules | undefined;
  /** How often a subscriber should fetch again, in minutes (a hint most apps take). */
  readonly refreshMinutes?: number | undefined;
}

const uidHost = new URL(site.defaultUrl).hostname;

/**
 * A stable UID for an appointment: `appointment-<id>@<the site's default host>`. The host is the
 * configured default, not SITE_URL, so a preview or a change of domain never changes a UID.
 */
export function appointmentUid(appointmentId: string | number): string {
  const id = String(appointmentId);
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) throw new RangeError(`Unsuitable appointment id for a UID: ${id}`);
  return `appointment-${id}@${uidHost}`;
}

/** The MIME type of an .ics body or attachment for a method (Outlook wants `method` to match). */
export function calendarContentType(method: CalendarMethod): string {
  return `text/calendar; charset=utf-8; method=${method}`;
}

/** The invitation for a confirmed (sequence 0) or changed (higher sequence) appointment. */
export function appointmentRequestIcs(event: AppointmentEvent, options: InvitationOptions): string {
  return calendar("REQUEST", [], [eventLines(event, "CONFIRMED", options)]);
}

/**
 * The cancellation of an appointment that had been sent as an invitation: same UID, and a sequence
 * higher than the last invitation's (a cancellation is a change).
 */
export function appointmentCancelIcs(event: AppointmentEvent, options: InvitationOptions): string {
  return calendar("CANCEL", [], [eventLines(event, "CANCELLED", options)]);
}

/**
 * The same event as a file to add by hand (the customer page's "Add to calendar"): METHOD:PUBLISH,
 * no attendee (RFC 5546 §3.2.1), and the UID and SEQUENCE of the invitation last e-mailed, so a
 * calendar that has both keeps one event.
 */
export function appointmentPublishIcs(
  event: AppointmentEvent,
  options: Omit<InvitationOptions, "attendee">,
): string {
  return calendar("PUBLISH", [], [eventLines(event, "CONFIRMED", options)]);
}

/** A subscription feed of many events (the owner's private calendar), each with the business as ORGANIZER. */
export function calendarFeedIcs(options: FeedOptions): string {
  const refresh = options.refreshMinutes ?? 60;
  if (!Number.isInteger(refresh) || refresh < 1) throw new RangeError(`refreshMinutes: ${refresh}`);
  const header = [
    `X-WR-CALNAME:${escapeText(options.name)}`,
    `NAME:${escapeText(options.name)}`,
    `X-WR-TIMEZONE:${calendarTimeZone}`,
    `REFRESH-INTERVAL;VALUE=DURATION:PT${refresh}M`,
    `X-PUBLISHED-TTL:PT${refresh}M`,
  ];
  return calendar(
    "PUBLISH",
    header,
    options.events.map((e) =>
      eventLines(e, "CONFIRMED", { now: options.now, rules: options.rules, organizer: options.organizer }),
    ),
  );
}

function calendar(method: CalendarMethod, header: readonly string[], events: readonly string[][]): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:${escapeText(productId)}`,
    "CALSCALE:GREGORIAN",
    `METHOD:${method}`,
    ...header,
    ...vtimezone,
    ...events.flat(),
    "END:VCALENDAR",
  ];
  return lines.map(foldLine).join("\r\n") + "\r\n";
}

function eventLines(
  event: AppointmentEvent,
  status: "CONFIRMED" | "CANCELLED",
  options: {
    readonly now: Date;
    readonly rules?: BookingRules | undefined;
    readonly organizer?: CalendarPerson;
    readonly attendee?: CalendarPerson;
  },
): string[] {
  if (!Number.isInteger(event.sequence) || event.sequence < 0) {
    throw new RangeError(`SEQUENCE must be a whole number of at least 0, got ${event.sequence}`);
  }
  const times = windowTimesOn(event.date, event.window, options.rules ?? defaultBookingRules);
  const lines = [
    "BEGIN:VEVENT",
    `UID:${escapeText(event.uid)}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${utcStamp(options.now)}`,
    `DTSTART;TZID=${calendarTimeZone}:${localStamp(event.date, times.start)}`,
    `DTEND;TZID=${calendarTimeZone}:${localStamp(event.date, times.end)}`,
    `SUMMARY:${escapeText(event.summary)}`,
  ];
  if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`);
  if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
  if (event.url) lines.push(`URL:${uri(event.url)}`);
  lines.push(`STATUS:${status}`, "TRANSP:OPAQUE");
  if (options.organizer) lines.push(`ORGANIZER${cn(options.organizer)}:${mailto(options.organizer.email)}`);
  if (options.attendee) {
    // The participation status is the attendee's to set: an organizer's invitation says NEEDS-ACTION
    // (RFC 5545 §3.2.12's default), never an answer on the customer's behalf. RSVP=FALSE: the
    // customer asked for this time, so no reply is expected.
    lines.push(
      `ATTENDEE${cn(options.attendee)};ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=FALSE:${mailto(options.attendee.email)}`,
    );
  }
  lines.push("END:VEVENT");
  return lines;
}

/** `20260303T080000` for a wall-clock date and `HH:MM`. */
function localStamp(date: IsoDate, time: string): string {
  const p = parseIsoDate(date);
  if (!p) throw new RangeError(`Not a YYYY-MM-DD date: ${JSON.stringify(date)}`);
  return `${date.replaceAll("-", "")}T${time.replace(":", "")}00`;
}

/** `20260301T120000Z`. */
function utcStamp(instant: Date): string {
  if (Number.isNaN(instant.getTime())) throw new RangeError("DTSTAMP needs a valid instant");
  return instant
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replace(/[-:]/g, "");
}

// Control characters other than tab are not allowed in iCalendar text (RFC 5545 §3.3.11).
// eslint-disable-next-line no-control-regex
const disallowedControls = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/**
 * A TEXT value (RFC 5545 §3.3.11): backslash, semicolon and comma escaped, every line break
 * (CRLF, CR or LF) written as `\n`, other control characters removed, lone surrogates replaced.
 */
export function escapeText(value: string): string {
  return value
    .toWellFormed()
    .replace(/\r\n?/g, "\n")
    .replace(disallowedControls, "")
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\n/g, "\\n");
}

/** A parameter value, always quoted; a double quote (not allowed inside) becomes a single one. */
function paramValue(value: string): string {
  return `"${value
    .toWellFormed()
    .replace(/[\r\n\t]+/g, " ")
    .replace(disallowedControls, "")
    .replace(/"/g, "'")}"`;
}

function cn(person: CalendarPerson): string {
  const name = person.name?.trim();
  return name ? `;CN=${paramValue(name)}` : "";
}

function mailto(email: string): string {
  if (!/^[^\s"<>()\\,;:@]+@[^\s"<>()\\,;:@]+$/.test(email)) {
    throw new RangeError(`Not a plain e-mail address: ${JSON.stringify(email)}`);
  }
  return `mailto:${email}`;
}

function uri(value: string): string {
  if (!/^https?:\/\/[^\s"<>\\^`{|}]+$/.test(value)) throw new RangeError(`Not an http(s) URL: ${value}`);
  return value;
}

/** Octets of one code point in UTF-8. */
function utf8Length(char: string): number {
  const cp = char.codePointAt(0) ?? 0;
  return cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
}

/**
 * One content line folded as RFC 5545 §3.1 asks: at most 75 octets per physical line (CRLF not
 * counted), continuation lines starting with one space, never splitting a UTF-8 character.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = "";
  let size = 0;
  let limit = 75;
  for (const char of line) {
    const bytes = utf8Length(char);
    if (size + bytes > limit) {
      parts.push(current);
      current = "";
      size = 0;
      limit = 74; // the leading space takes one octet
    }
    current += char;
    size += bytes;
  }
  parts.push(current);
  return parts.join("\r\n ");
}
