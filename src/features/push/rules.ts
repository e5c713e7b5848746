/**
 * The push feature's pure rules: which subscription endpoints are accepted, when quiet hours hold a
 * notification, and what a notification says. No database, no network: the service and the tests
 * call them with plain values.
 */
import ipaddr from "ipaddr.js";
import { isIP } from "node:net";
import { site } from "../../config/site";
import {
  addDays,
  formatShortDate,
  minutesOf,
  wallClock,
  wallClockInstant,
  type IsoDate,
} from "../../platform/time";
import { formatMoney } from "../../platform/money";
import type { PushKind } from "./contract/kinds";

/** The VAPID subject: the business's address as a `mailto:` URL (a push service's way to reach us). */
export function vapidSubject(email: string = site.email): string {
  if (!/^[^\s@<>"]+@[^\s@<>".]+(\.[^\s@<>".]+)+$/.test(email)) {
    throw new Error(`The push contact address "${email}" is not an e-mail address (src/config/site.ts).`);
  }
  return `mailto:${email}`;
}

/** IANA's global unicast block: every public IPv6 address is in it (RFC 4291, 2.4). */
const globalUnicast6 = ipaddr.parseCIDR("2000::/3");

/**
 * An IPv4 or IPv6 address a push service may have: public unicast, by ipaddr.js's ranges (a
 * maintained list of the special-use registries), never a hand-written pattern. Anything it names
 * (loopback, private, carrier-grade NAT, link-local, 6to4 2002::/16, NAT64 64:ff9b::/96, Teredo,
 * site-local fec0::/10, IPv4-mapped, documentation, multicast, reserved) is refused; an IPv6
 * address must also be in 2000::/3, which refuses the IPv4-compatible ::/96 and every block not
 * yet allocated. A string that is not an address is not public.
 */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "");
  if (!ipaddr.isValid(bare)) return false;
  const parsed = ipaddr.parse(bare);
  if (parsed.range() !== "unicast") return false;
  return parsed.kind() === "ipv4" || (parsed as ipaddr.IPv6).match(globalUnicast6);
}

/** A name no public push service has: reserved and internal domains, a name without a dot. */
function isNonPublicName(host: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, "");
  return (
    !h.includes(".") ||
    /(^|\.)(localhost|local|internal|intranet|home|lan|test|example|invalid|onion|arpa)$/.test(h) ||
    /(^|\.)example\.(com|net|org)$/.test(h)
  );
}

/** The one port a push endpoint may use: https's own (no browser's push service uses another). */
export const pushPort = 443;

/**
 * Why a browser's push endpoint is refused, or null, before its name is resolved: `https://` to a
 * public host name on port 443, with no user name or password, and no address literal (a push
 * service is always named). `localOrigin` (LOCAL_PUSH_ORIGIN: the tests' local push service,
 * never on a deployed site) is the one exception: an endpoint on exactly that origin is taken.
 * The name's addresses are checked next (./service-endpoint.ts), at subscribe and at delivery.
 */
export function endpointProblem(
  raw: string,
  options: { localOrigin?: string | undefined } = {},
): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "The push endpoint is not a URL.";
  }
  if (url.username || url.password) return "The push endpoint must not carry a user name or password.";
  if (options.localOrigin && url.origin === options.localOrigin) return null;
  if (url.protocol !== "https:") return "The push endpoint must be an https:// address.";
  if (url.port && Number(url.port) !== pushPort) return `The push endpoint must use port ${pushPort}.`;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(host)) return "The push endpoint must be a public host name, not an address.";
  if (isNonPublicName(host)) return "The push endpoint must be on a public host.";
  return null;
}

/** Quiet hours: a start and an end, `HH:MM` London time; the span may cross midnight. */
export interface QuietHours {
  from: string;
  until: string;
}

/**
 * When a notification made at `now` may go: `now`, or the end of the quiet hours it falls in.
 * `sameDay` (about something today) is never held.
 */
export function releaseTime(now: Date, quiet: QuietHours, sameDay: boolean): Date {
  if (sameDay) return now;
  const clock = wallClock(now);
  const at = clock.hour * 60 + clock.minute;
  const from = minutesOf(quiet.from);
  const until = minutesOf(quiet.until);
  if (from === until) return now;
  const crossesMidnight = from > until;
  const inQuiet = crossesMidnight ? at >= from || at < until : at >= from && at < until;
  if (!inQuiet) return now;
  const releaseDate = crossesMidnight && at >= from ? addDays(clock.date, 1) : clock.date;
  return wallClockInstant(releaseDate, quiet.until);
}

/**
 * What the owner is told, and what the rest of the site passes to `notifyOwner`. `requestId` is the
 * request a tap opens. `day` is the appointment's date when the event is about one: an event about
 * today is sent at once, quiet hours or not, with high urgency.
 */
export type OwnerEvent =
  | {
      kind: "new_request";
      requestId: number;
      formType: "contact" | "booking";
      name: string;
      service: string | null;
      /** The booking's first preferred date and time, as its e-mail words it. */
      firstChoice: string | null;
    }
  | { kind: "appointment_accepted"; requestId: number; name: string; label: string; day: IsoDate }
  | { kind: "another_time_asked"; requestId: number; name: string; day?: IsoDate | null }
  | { kind: "request_cancelled"; requestId: number; name: string; day?: IsoDate | null }
  | {
      kind: "quote_opened" | "quote_accepted" | "quote_declined";
      requestId: number;
      name: string;
      /** "Q-000013 version 2". */
      quoteTitle: string;
      totalPence: number;
    }
  | {
      kind: "invoice_paid" | "invoice_overdue";
      requestId: number;
      name: string;
      invoiceNumber: string;
      amountPence: number;
    }
  | {
      kind: "payment_online";
      requestId: number | null;
      name: string;
      invoiceNumber: string;
      amountPence: number;
    }
  | { kind: "payment_attention"; requestId: number | null; message: string }
  | { kind: "mail_failed"; requestId: number | null; subject: string }
  | {
      kind: "gallery_consent_withdrawn";
      requestId: number;
      name: string;
      /** The job's gallery entries the live website showed, and whether they are still on it. */
      shown: number;
      stillLive: boolean;
    }
  | { kind: "test" };

/** A notification as the service worker shows it: all the payload carries. */
export interface PushContent {
  title: string;
  body: string;
  /** The admin address a tap opens. */
  url: string;
  /** One notification per request on the phone: a newer one replaces the older. */
  tag: string;
}

/** The kinds whose event already e-mails the owner (so the e-mail fallback adds nothing to them). */
export const emailedKinds: ReadonlySet<PushKind> = new Set<PushKind>([
  "new_request",
  "appointment_accepted",
  "another_time_asked",
  "request_cancelled",
  "quote_opened",
  "quote_accepted",
  "quote_declined",
  "gallery_consent_withdrawn",
  "test",
]);

/** Whether the event is about something happening on `today` (London). */
export function isSameDay(event: OwnerEvent, today: IsoDate): boolean {
  return "day" in event && event.day === today;
}

/** "Friday 27 November, any time" for "Friday 27 November 2026, any time (8am to 5pm)". */
const shortChoice = (label: string) => label.replace(/ \d{4}(?=,|$)/, "").replace(/ \([^)]*\)$/, "");
const requestUrl = (id: number) => `/admin/requests/${id}`;
const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

/** A customer withdrew photo consent: what became of the job's gallery photos on the live website. */
function consentContent(event: Extract<OwnerEvent, { kind: "gallery_consent_withdrawn" }>): PushContent {
  const { shown, stillLive } = event;
  return {
    title: `Photo consent withdrawn: ${event.name}`,
    body: stillLive
      ? `Still on the website: publish it again to take ${shown === 1 ? "the photo" : "the photos"} down.`
      : shown > 0
        ? `${shown === 1 ? "1 gallery entry" : `${shown} gallery entries`} taken off the website.`
        : "None of the job's photos were on the website.",
    url: stillLive ? "/admin/website" : requestUrl(event.requestId),
    tag: `request-${event.requestId}`,
  };
}

/** A notification about one request: it opens the request and replaces the request's older one. */
const onRequest = (requestId: number, title: string, body: string): PushContent => ({
  title,
  body,
  url: requestUrl(requestId),
  tag: `request-${requestId}`,
});

type CustomerEvent = Extract<
  OwnerEvent,
  { kind: "new_request" | "appointment_accepted" | "another_time_asked" | "request_cancelled" }
>;

/** A homeowner's own step: a new request, a time accepted or asked for again, a cancellation. */
function customerStepContent(event: CustomerEvent, serviceLabel: (id: string | null) => string) {
  switch (event.kind) {
    case "new_request": {
      const what = event.formType === "booking" ? serviceLabel(event.service) : "Message";
      return onRequest(
        event.requestId,
        event.formType === "booking" ? `New booking: ${event.name}` : `New message: ${event.name}`,
        event.firstChoice ? `${what} · first choice ${shortChoice(event.firstChoice)}` : what,
      );
    }
    case "appointment_accepted":
      return onRequest(
        event.requestId,
        `${firstName(event.name)} accepted the time`,
        `${event.name}: ${event.label}`,
      );
    case "another_time_asked":
      return onRequest(
        event.requestId,
        `${firstName(event.name)} asked for another time`,
        `${event.name} sent new preferred times${event.day ? ` (was ${formatShortDate(event.day)})` : ""}.`,
      );
    case "request_cancelled":
      return onRequest(
        event.requestId,
        `${firstName(event.name)} cancelled`,
        event.day
          ? `${event.name} cancelled the visit on ${formatShortDate(event.day)}.`
          : `${event.name} cancelled the request.`,
      );
  }
}

/**
 * What the notification says: no more than the owner needs at a glance (the customer's name, the
 * service and the first choice of date for a new request); the rest stays in the admin.
 */
export function pushContent(event: OwnerEvent, serviceLabel: (id: string | null) => string): PushContent {
  switch (event.kind) {
    case "new_request":
    case "appointment_accepted":
    case "another_time_asked":
    case "request_cancelled":
      return customerStepContent(event, serviceLabel);
    case "quote_opened":
    case "quote_accepted":
    case "quote_declined": {
      const verb = { quote_opened: "opened", quote_accepted: "accepted", quote_declined: "declined" }[
        event.kind
      ];
      const body = `${event.quoteTitle}, ${formatMoney(event.totalPence)}`;
      return onRequest(event.requestId, `Quote ${verb}: ${event.name}`, body);
    }
    case "invoice_paid":
    case "invoice_overdue":
      return onRequest(
        event.requestId,
        event.kind === "invoice_paid" ? `Invoice paid: ${event.name}` : `Invoice overdue: ${event.name}`,
        `${event.invoiceNumber}, ${formatMoney(event.amountPence)}`,
      );
    case "payment_online":
      return {
        title: `Paid online: ${event.name}`,
        body: `${formatMoney(event.amountPence)} on ${event.invoiceNumber}`,
        url: "/admin/money",
        tag: `payment-${event.invoiceNumber}`,
      };
    case "payment_attention":
      return {
        title: "An online payment needs you",
        body: event.message,
        url: "/admin/money",
        tag: "payment-attention",
      };
    case "mail_failed":
      return event.requestId === null
        ? {
            title: "An e-mail could not be delivered",
            body: event.subject,
            url: "/admin",
            tag: "mail-failed",
          }
        : onRequest(event.requestId, "An e-mail could not be delivered", event.subject);
    case "gallery_consent_withdrawn":
      return consentContent(event);
    case "test":
      return {
        title: "Test notification",
        body: "Notifications work on this device.",
        url: "/admin/notifications",
        tag: "test",
      };
  }
}

/** The quiet hours in force (src/config/site.ts). */
export const quietHours: QuietHours = site.push.quietHours;
