/**
 * The e-mails about an appointment: confirmed, changed, proposed (another time), cancelled,
 * declined and the reminder the evening before. A confirmed or changed appointment carries an .ics
 * invitation (METHOD:REQUEST, the appointment's UID and SEQUENCE); cancelling one that had been
 * confirmed carries METHOD:CANCEL with the same UID. The invitation is stored as the message's one
 * `text/calendar; method=…` file; the SMTP transport sends it both as the calendar part of the
 * multipart/alternative body and as an attachment (docs/decisions/054-calendar-mail.md). Every
 * message says the same in plain words, so a customer whose mail app ignores the calendar loses
 * nothing.
 */
import { site } from "../../config/site";
import {
  complaintsSection,
  consumerRightsText,
  sectionText,
  traderIdentity,
} from "../../data/consumer-rights";
import type { Trader } from "../business/contract/identity";
import { formatDate, formatDateTime } from "../../platform/time";
import { formatMoney } from "../../platform/money";
import type { IsoDate } from "./contract/dates";
import { formatTime, optionLabel, type WindowId } from "./contract/windows";
import { defaultBookingRules, windowTimesOn, type BookingRules } from "./contract/rules";
import { requestReference as referenceOf } from "../requests/contract/reference";
import { serviceLabel } from "../../lib/service-catalog";
import {
  appointmentCancelIcs,
  appointmentPublishIcs,
  appointmentRequestIcs,
  calendarContentType,
  type AppointmentEvent,
} from "./ics";
import { changeCutoff } from "./window-instants";
import {
  customerMessage,
  customerName,
  oneLine,
  type MailContext,
  type OutgoingMessage,
  type PageOffer,
} from "../mail";
import { businessFact } from "../mail";

export interface AppointmentForMail {
  uid: string;
  sequence: number;
  date: IsoDate;
  window: WindowId;
  message: string | null;
}

export interface RequestForMail {
  id: number;
  submittedAt: Date;
  name: string;
  email: string;
  phone: string | null;
  address: string | null;
  service: string | null;
  /** The service's name as the website publishes it (read through site-content's serviceNames). */
  serviceName?: string | undefined;
  message: string;
}

/** The service as the customer knows it: its published name, else its slug in words. */
export const serviceNameOf = (r: Pick<RequestForMail, "service" | "serviceName">): string =>
  r.serviceName ?? serviceLabel(r.service);

export type AppointmentMailKind =
  "confirmed" | "changed" | "proposed" | "cancelled" | "declined" | "reminder";

/** "Tuesday 3 March 2026, morning (8am to 12pm)". */
export function appointmentLabel(
  date: IsoDate,
  window: WindowId,
  rules: BookingRules = defaultBookingRules,
): string {
  return optionLabel(date, windowTimesOn(date, window, rules), { year: true });
}

/**
 * The calendar event for an appointment, as the customer's calendar shows it, with the business's
 * phone in force when the caller has it (a calendar file is not filled in like an e-mail's text).
 */
export function customerEvent(
  r: RequestForMail,
  a: AppointmentForMail,
  ctx: MailContext,
  phone?: string,
): AppointmentEvent {
  return {
    uid: a.uid,
    sequence: a.sequence,
    date: a.date,
    window: a.window,
    summary: `${site.name}: ${serviceNameOf(r)}`,
    location: r.address ?? undefined,
    description: `Arrival window for your ${serviceNameOf(r).toLowerCase()} job (reference ${requestReference(r)}).${phone ? ` Questions or changes: ${phone}.` : ""}`,
    url: ctx.siteUrl,
  };
}

const requestReference = (r: RequestForMail) => referenceOf({ id: r.id, formType: "booking" });

function build(
  kind: AppointmentMailKind,
  r: RequestForMail,
  subject: string,
  paragraphs: readonly string[],
  ctx: MailContext,
  extra: { offer: PageOffer; attachments?: OutgoingMessage["attachments"]; footer?: string },
): OutgoingMessage {
  return customerMessage(`appointment_${kind}`, r, subject, paragraphs, ctx, extra);
}

const whatToExpect = (r: RequestForMail) =>
  `What to expect: we will arrive within that window and phone you if we are running late. Please make sure we can get to the work area${r.address ? ` at ${oneLine(r.address, 300)}` : ""}. The calendar invitation attached adds the visit to your calendar.`;

const changeWords = `If the time no longer suits you, change or cancel it on your request's page (link below) up to ${site.booking.changeCutoffHours} hours before, or call us on ${businessFact.phone}.`;

const lateChangeWords = `Your appointment is less than ${site.booking.changeCutoffHours} hours away, so it can no longer be changed online. If the time no longer suits you, please call us on ${businessFact.phone}.`;

/** Whether a confirmed visit is already inside the change cut-off (the page then offers only a message). */
export function isPastChangeCutoff(a: { date: IsoDate; window: WindowId }, now: Date, rules?: BookingRules) {
  return now.getTime() >= changeCutoff(a.date, a.window, rules).getTime();
}

/** The customer as the calendar invitation names them: the clean full name, or none. */
const attendeeOf = (r: RequestForMail) => {
  const name = customerName(r.name).full;
  return { email: r.email, ...(name ? { name } : {}) };
};

/** The quote the customer accepted, as a visit's e-mail speaks of it once the contract is made. */
export interface AcceptedQuoteForMail {
  /** "Q-000013 version 2". */
  title: string;
  /** When it was accepted. */
  acceptedAt: Date;
  totalPence: number;
  /** Last day to cancel (London); null for an urgent repair. */
  cancelUntil: IsoDate | null;
  expressStart: boolean;
  urgentRepair: boolean;
}

/** Where the customer's right to cancel stands once the quote is accepted. */
function cancellationStanding(q: AcceptedQuoteForMail): string {
  if (q.urgentRepair || !q.cancelUntil) {
    return "It is an urgent repair you asked us to come out for, so there is no cancellation period.";
  }
  const until = formatDate(q.cancelUntil);
  return q.expressStart
    ? `You asked us to start before your cancellation period ends (the end of ${until}). If you cancel before the work is finished, you pay for the work done up to the time you tell us, in proportion to the total price; once the work is finished at your request, you can no longer cancel.`
    : `Your cancellation period runs to the end of ${until}. If you cancel within it, you owe nothing for any work done before you cancel. To cancel, use the Cancel button on your request's page or call us on ${businessFact.phone}.`;
}

/**
 * The legal information that goes with a confirmed visit, after the visit itself and our signature:
 * before a quote is accepted, what happens before any work (the pre-contract information); after,
 * the contract made (the accepted quote and its total) and where the right to cancel stands.
 */
const forYourRecords = (accepted: AcceptedQuoteForMail | null, trader: Trader) =>
  accepted
    ? [
        "FOR YOUR RECORDS: THE LEGAL INFORMATION ABOUT THIS VISIT",
        `This visit carries out quote ${accepted.title}, which you accepted on ${formatDateTime(accepted.acceptedAt)}: you agreed to pay ${formatMoney(accepted.totalPence)}, any optional items you chose included. The confirmation we e-mailed you then, with the accepted quote attached, is your record of the contract.`,
        cancellationStanding(accepted),
        sectionText(traderIdentity(trader)),
        sectionText(complaintsSection(trader)),
      ].join("\n\n")
    : `FOR YOUR RECORDS: THE LEGAL INFORMATION ABOUT THIS VISIT\n\n${consumerRightsText(trader)}`;

/** Confirmed (first time) or changed (same UID, higher sequence): with the .ics invitation. */
export function appointmentConfirmedMessage(
  r: RequestForMail,
  a: AppointmentForMail,
  ctx: MailContext,
  options: {
    changed: boolean;
    now: Date;
    rules?: BookingRules;
    accepted?: AcceptedQuoteForMail | null;
    /** The trader in force as the e-mail is written (the owner's saved business details). */
    trader: Trader;
  },
): OutgoingMessage {
  const when = appointmentLabel(a.date, a.window, options.rules);
  const ref = requestReference(r);
  const ics = appointmentRequestIcs(customerEvent(r, a, ctx, options.trader.contact.phone), {
    organizer: { email: ctx.ownerEmail, name: site.name },
    attendee: attendeeOf(r),
    now: options.now,
    rules: options.rules,
  });
  const late = isPastChangeCutoff(a, options.now, options.rules);
  const subject = options.changed
    ? `Your appointment has changed: ${when} (${ref})`
    : `Your appointment is confirmed: ${when} (${ref})`;
  const lead = options.changed
    ? `We have changed your appointment for ${serviceNameOf(r)}. The new time is:`
    : `Your appointment for ${serviceNameOf(r)} is confirmed:`;
  return build(
    options.changed ? "changed" : "confirmed",
    r,
    subject,
    [
      `${lead}\n${when}${r.address ? `\nAt: ${oneLine(r.address, 300)}` : ""}`,
      ...(a.message ? [a.message] : []),
      whatToExpect(r),
      late ? lateChangeWords : changeWords,
      `Your reference is ${ref}. Our phone number is ${businessFact.phone}.`,
    ],
    ctx,
    {
      offer: late ? "message" : "change",
      attachments: [
        { filename: "appointment.ics", contentType: calendarContentType("REQUEST"), content: ics },
      ],
      footer: forYourRecords(options.accepted ?? null, options.trader),
    },
  );
}

/**
 * The confirmed appointment as a file for the customer's page ("Add to calendar"): the event the
 * last invitation carried (same UID and SEQUENCE), published rather than sent as an invitation.
 */
export function appointmentCalendarFile(
  r: RequestForMail,
  a: AppointmentForMail,
  ctx: MailContext,
  options: { now: Date; rules?: BookingRules | undefined; phone: string },
): { filename: string; contentType: string; content: string } {
  return {
    filename: `appointment-${requestReference(r)}.ics`,
    contentType: calendarContentType("PUBLISH"),
    content: appointmentPublishIcs(customerEvent(r, a, ctx, options.phone), {
      organizer: { email: ctx.ownerEmail, name: site.name },
      now: options.now,
      rules: options.rules,
    }),
  };
}

/** The owner offers another time: plain words, no invitation (nothing is booked yet). */
export function appointmentProposedMessage(
  r: RequestForMail,
  a: AppointmentForMail,
  ctx: MailContext,
  rules?: BookingRules,
): OutgoingMessage {
  const when = appointmentLabel(a.date, a.window, rules);
  const ref = requestReference(r);
  return build(
    "proposed",
    r,
    `Can we come on ${when}? (${ref})`,
    [
      `Thank you for your booking request for ${serviceNameOf(r)}. We cannot make the times you asked for, but we could come on:\n${when}`,
      ...(a.message ? [a.message] : []),
      `To accept it or ask for another time, use your request's page (link below), reply to this e-mail or call ${businessFact.phone}; we will then send your confirmation.`,
      `Your reference is ${ref}.`,
    ],
    ctx,
    { offer: "change" },
  );
}

/**
 * Cancelled (a live appointment called off) or declined (the booking could not be taken). An
 * appointment that had been confirmed gets METHOD:CANCEL with its UID and a higher sequence.
 * `requestClosed`: the request itself ended with it (the customer cancelled, or it was declined),
 * so the e-mail offers no change on the page, only a look at it.
 */
export function appointmentCancelledMessage(
  r: RequestForMail,
  a: AppointmentForMail | null,
  ctx: MailContext,
  options: {
    declined: boolean;
    wasConfirmed: boolean;
    requestClosed: boolean;
    reason: string | null;
    now: Date;
    rules?: BookingRules;
  },
): OutgoingMessage {
  const closed = options.declined || options.requestClosed;
  const ref = requestReference(r);
  const when = a ? appointmentLabel(a.date, a.window, options.rules) : null;
  const attachments =
    a && options.wasConfirmed
      ? [
          {
            filename: "cancel.ics",
            contentType: calendarContentType("CANCEL"),
            content: appointmentCancelIcs(customerEvent(r, a, ctx), {
              organizer: { email: ctx.ownerEmail, name: site.name },
              attendee: attendeeOf(r),
              now: options.now,
              rules: options.rules,
            }),
          },
        ]
      : undefined;
  const paragraphs = options.declined
    ? [
        `Thank you for your booking request for ${serviceNameOf(r)}. We are sorry, but we cannot take this job.`,
        ...(options.reason ? [options.reason] : []),
        `If you would like to talk it over, please call us on ${businessFact.phone}.`,
        `Your reference is ${ref}.`,
      ]
    : [
        `Your appointment${when ? ` on ${when}` : ""} for ${serviceNameOf(r)} is cancelled.${attachments ? " The attached calendar file removes it from your calendar." : ""}`,
        ...(options.reason ? [options.reason] : []),
        closed
          ? `If you would like us to come another time, send us a new request or call us on ${businessFact.phone}.`
          : `To arrange another time, ask for one on your request's page (link below), reply to this e-mail or call us on ${businessFact.phone}.`,
        `Your reference is ${ref}.`,
      ];
  return build(
    options.declined ? "declined" : "cancelled",
    r,
    options.declined
      ? `About your booking request (${ref})`
      : `Your appointment is cancelled${when ? `: ${when}` : ""} (${ref})`,
    paragraphs,
    ctx,
    { offer: closed ? "view" : "change", ...(attachments ? { attachments } : {}) },
  );
}

/** The evening before a confirmed window (usually inside the change cut-off: then only a message online). */
export function appointmentReminderMessage(
  r: RequestForMail,
  a: AppointmentForMail,
  ctx: MailContext,
  options: { now: Date; rules?: BookingRules | undefined },
): OutgoingMessage {
  const rules = options.rules;
  const late = isPastChangeCutoff(a, options.now, rules);
  const when = appointmentLabel(a.date, a.window, rules);
  const times = windowTimesOn(a.date, a.window, rules);
  return build(
    "reminder",
    r,
    `Reminder: we are coming tomorrow, ${when}`,
    [
      `A reminder that we are coming tomorrow for your ${serviceNameOf(r).toLowerCase()} job, arriving between ${formatTime(times.start)} and ${formatTime(times.end)}:\n${when}${r.address ? `\nAt: ${oneLine(r.address, 300)}` : ""}`,
      late ? `If something has changed, please call us on ${businessFact.phone}.` : changeWords,
      `Your reference is ${requestReference(r)}.`,
    ],
    ctx,
    { offer: late ? "message" : "change" },
  );
}
