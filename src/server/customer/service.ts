/**
 * The customer's own page for a request (docs/decisions/019-customer-page.md): what it shows, and
 * the four things a customer may do there. Services take typed input; the HTTP edge is
 * netlify/functions/customer-page.mts.
 *
 *   pageView(request, now)                        what the page shows, in the customer's words
 *   act(request, { action, nonce, … }, ctx, now)  one action, in one transaction with its history
 *                                                 row and its e-mails (each queued exactly once)
 *   sendLostLinks(email, clientKey, ctx, now)     fresh links for that address's open requests
 *
 * Every action locks the request, re-reads its state and appointment, and claims the form's
 * one-time nonce in the same transaction, so a double click or a reloaded POST changes nothing the
 * second time and queues no second e-mail.
 */
import { createHash } from "node:crypto";
import { site } from "../../config/site";
import type { IsoDate } from "../../lib/appointments/dates";
import type { WindowId } from "../../lib/appointments/windows";
import { requestReference } from "../../lib/reference";
import { isClosed, type RequestState } from "../../lib/request-states";
import { charLength, isStorableText } from "../../lib/schemas/text";
import { serviceLabel } from "../../lib/service-catalog";
import { changeCutoff } from "../appointments/window-instants";
import { getDb, type Executor } from "../db/client";
import { bookingDetails } from "../db/schema";
import { ApiError, badRequest, notFound, validationFailed } from "../http/errors";
import { appointmentLabel } from "../mail/appointment-messages";
import type { MailContext } from "../mail/messages";
import { enqueueMessage } from "../mail/outbox";
import * as appointmentsRepo from "../repositories/appointments";
import type { Appointment } from "../repositories/appointments";
import * as workflow from "../repositories/request-workflow";
import * as submissions from "../repositories/submissions";
import type { Submission } from "../repositories/submissions";
import { actOnAppointment, loadRules, optionLabels, readBookingExtras } from "../services/appointments";
import { applyStateChange } from "../services/request-workflow";
import { hitRateLimit, type RateLimitRule } from "../services/rate-limit";
import { openRequestsFor } from "./links";
import {
  customerUpdateMessage,
  lostLinkMessage,
  ownerCustomerUpdateMessage,
  type CustomerAction,
} from "./mail";

export const messageMax = 1000;
export const reasonMax = 500;

/** The state as the customer reads it: a headline and one sentence. */
export const customerStateWords: Record<RequestState, { headline: string; detail: string }> = {
  new: {
    headline: "Received",
    detail: `We have your request and will reply within ${site.response.replyWithinHours} hours.`,
  },
  contacted: { headline: "We've read it", detail: "We are looking at your request and will be in touch." },
  quoted: {
    headline: "Quote sent",
    detail: "We have sent you a price; let us know if you would like to go ahead.",
  },
  scheduled: { headline: "Appointment confirmed", detail: "We will arrive within the window below." },
  done: { headline: "Done", detail: "The job is finished. Thank you for choosing us." },
  lost: { headline: "Closed", detail: "This request is closed. Send us a new one any time." },
  cancelled: { headline: "Cancelled", detail: "This request is cancelled. Send us a new one any time." },
  spam: { headline: "Closed", detail: "This request is closed." },
};

/** One line of the page's history: when, and what happened, in customer-facing words. */
export interface CustomerHistoryItem {
  at: Date;
  text: string;
  /** The customer's own words (their message, reason or times), shown quoted. */
  quote?: string;
  byCustomer: boolean;
}

export interface CustomerPageView {
  request: Submission;
  reference: string;
  /** What they sent, label → value, in the form's order. */
  sent: { label: string; value: string }[];
  status: { headline: string; detail: string };
  history: CustomerHistoryItem[];
  proposal: { date: IsoDate; window: WindowId; label: string; message: string | null } | null;
  appointment: { date: IsoDate; window: WindowId; label: string } | null;
  /** When changes to the confirmed appointment stop (null: nothing confirmed). */
  cutoff: Date | null;
  closed: boolean;
  can: Record<CustomerAction, boolean>;
  /** Changes are past the cut-off: the page shows the phone number instead. */
  late: boolean;
}

const rescheduleNote = "Asked for another time: ";

function historyItem(h: workflow.HistoryEntry): CustomerHistoryItem | null {
  const byCustomer = h.actor === "customer";
  if (h.fromState === null) return null; // the arrival, shown from submitted_at
  if (byCustomer) {
    if (h.fromState === h.toState) {
      if (h.note?.startsWith(rescheduleNote)) {
        return {
          at: h.changedAt,
          text: "You asked for another time",
          quote: h.note.slice(rescheduleNote.length),
          byCustomer,
        };
      }
      return {
        at: h.changedAt,
        text: "You sent a message",
        ...(h.note ? { quote: h.note } : {}),
        byCustomer,
      };
    }
    if (h.toState === "cancelled") {
      return { at: h.changedAt, text: "You cancelled", ...(h.note ? { quote: h.note } : {}), byCustomer };
    }
    if (h.toState === "scheduled")
      return { at: h.changedAt, text: "You accepted the time we offered", byCustomer };
  }
  // The owner's and the system's notes are never shown: they may be private.
  if (h.fromState === h.toState) {
    return h.toState === "scheduled" ? { at: h.changedAt, text: "Appointment changed", byCustomer } : null;
  }
  const words: Record<RequestState, string | null> = {
    new: "Reopened",
    contacted: "We've read it",
    quoted: "Quote sent",
    scheduled: "Appointment confirmed",
    done: "Done",
    lost: "Closed",
    cancelled: "Cancelled",
    spam: null,
  };
  const text = words[h.toState];
  return text ? { at: h.changedAt, text, byCustomer } : null;
}

const liveOf = (list: readonly Appointment[]) =>
  list.find((a) => a.status === "proposed" || a.status === "confirmed") ?? null;

export async function pageView(
  request: Submission,
  now = new Date(),
  db: Executor = getDb(),
): Promise<CustomerPageView> {
  const isBooking = request.formType === "booking";
  const [history, list, details, rules] = await Promise.all([
    workflow.listHistory(request.id, db),
    isBooking ? appointmentsRepo.listForRequest(request.id, db) : Promise.resolve([]),
    isBooking ? appointmentsRepo.findDetails(request.id, db) : Promise.resolve(null),
    loadRules(db),
  ]);
  const live = liveOf(list);
  const sent: { label: string; value: string }[] = [
    {
      label: "Sent",
      value: new Intl.DateTimeFormat("en-GB", {
        dateStyle: "long",
        timeStyle: "short",
        timeZone: "Europe/London",
      }).format(request.submittedAt),
    },
    { label: "Name", value: request.name },
    { label: "Phone", value: request.phone },
    { label: "Email", value: request.email },
  ];
  if (isBooking) {
    sent.push({ label: "Service", value: serviceLabel(request.service) });
    if (request.address) sent.push({ label: "Address", value: request.address });
    if (details?.preferredOptions.length) {
      sent.push({
        label: "Times you asked for",
        value: optionLabels(details.preferredOptions, rules).join("\n"),
      });
    }
    if (details?.accessNotes) sent.push({ label: "Access notes", value: details.accessNotes });
  }
  sent.push({ label: isBooking ? "Job description" : "Message", value: request.message });

  const confirmed = live?.status === "confirmed" && live.date && live.window ? live : null;
  const proposed = live?.status === "proposed" && live.date && live.window ? live : null;
  const appointment = confirmed
    ? {
        date: confirmed.date!,
        window: confirmed.window!,
        label: appointmentLabel(confirmed.date!, confirmed.window!, rules),
      }
    : null;
  const cutoff = confirmed ? changeCutoff(confirmed.date!, confirmed.window!, rules) : null;
  const late = cutoff !== null && now.getTime() >= cutoff.getTime();
  const closed = isClosed(request.state) || request.state === "spam";
  const words = customerStateWords[request.state];
  const status =
    request.state === "scheduled" && appointment
      ? { headline: `Appointment confirmed: ${appointment.label}`, detail: words.detail }
      : words;
  return {
    request,
    reference: requestReference(request),
    sent,
    status,
    // Newest first. The request's arrival is not a state change, so it is added here.
    history: [
      { at: request.submittedAt, text: "Request received", byCustomer: false },
      ...history.map(historyItem).filter((h): h is CustomerHistoryItem => h !== null),
    ].reverse(),
    proposal: proposed
      ? {
          date: proposed.date!,
          window: proposed.window!,
          label: appointmentLabel(proposed.date!, proposed.window!, rules),
          message: proposed.message,
        }
      : null,
    appointment,
    cutoff,
    closed,
    late,
    can: {
      accept: !closed && proposed !== null,
      reschedule: !closed && isBooking && !late,
      message: !closed,
      cancel: !closed && !late,
    },
  };
}

// ---------------------------------------------------------------- actions

export type ActionInput =
  | { action: "accept"; nonce: string }
  | { action: "reschedule"; nonce: string; data: Record<string, unknown> }
  | { action: "message"; nonce: string; message: unknown }
  | { action: "cancel"; nonce: string; reason: unknown };

export interface ActionOutcome {
  /** False when this form had already been sent (a reload or double click): nothing changed. */
  changed: boolean;
  heading: string;
  message: string;
  mailIds: number[];
}

/** A form's one-time nonce: claimed in the action's transaction, so a replay changes nothing. */
const nonceRule: RateLimitRule = { name: "customer-form", limit: 1, windowMs: 24 * 3600_000 };
const noncePattern = /^[A-Za-z0-9_-]{16,64}$/;

export const tooLate = () =>
  new ApiError(
    409,
    "too_late",
    `Your appointment is less than ${site.booking.changeCutoffHours} hours away, so it can no longer be changed online. Please call us on ${site.phone.display}.`,
  );
const closedRequest = () =>
  new ApiError(409, "request_closed", `This request is closed. Please call us on ${site.phone.display}.`);
const nothingToAccept = () =>
  new ApiError(409, "no_proposal", "There is no proposed time to accept any more. Please reload the page.");

function textField(
  value: unknown,
  field: string,
  label: string,
  max: number,
  required: boolean,
): string | null {
  if (value === undefined || value === null || (typeof value === "string" && value.trim() === "")) {
    if (required) throw validationFailed({ [field]: `Please write your ${label}.` });
    return null;
  }
  if (typeof value !== "string") throw validationFailed({ [field]: `Please write your ${label} as text.` });
  const text = value.trim();
  if (charLength(text) > max)
    throw validationFailed({ [field]: `Please keep your ${label} under ${max} characters.` });
  if (!isStorableText(text))
    throw validationFailed({ [field]: `Your ${label} contains characters we cannot store.` });
  return text;
}

export async function act(
  requestId: number,
  input: ActionInput,
  ctx: MailContext,
  now = new Date(),
): Promise<ActionOutcome> {
  if (!noncePattern.test(input.nonce))
    throw badRequest("This form has expired; please reload the page and try again.", "invalid_nonce");
  // Validate what the customer typed before taking any lock.
  const message =
    input.action === "message" ? textField(input.message, "message", "message", messageMax, true)! : null;
  const reason =
    input.action === "cancel" ? textField(input.reason, "reason", "reason", reasonMax, false) : null;
  let newOptions: { date: IsoDate; window: WindowId }[] | null = null;
  if (input.action === "reschedule") {
    const { extras, fields } = await readBookingExtras(input.data, now);
    if (!extras) throw validationFailed(fields);
    newOptions = extras.preferredOptions;
  }

  return getDb().transaction(async (tx) => {
    const state = (await workflow.lockStates([requestId], tx)).get(requestId);
    if (!state) throw notFound();
    const claimed = await hitRateLimit(nonceRule, input.nonce, { now: now.getTime(), db: tx });
    if (!claimed.allowed) {
      return {
        changed: false,
        heading: "Already done",
        message: "We had already received this; nothing more was changed.",
        mailIds: [],
      };
    }
    const request = (await submissions.findById(requestId, tx))!;
    if (isClosed(state) || state === "spam") throw closedRequest();
    const rules = await loadRules(tx);
    const live =
      request.formType === "booking" ? await appointmentsRepo.findLiveForUpdate(requestId, tx) : null;
    const isLate = () =>
      live?.status === "confirmed" && live.date && live.window
        ? now.getTime() >= changeCutoff(live.date, live.window, rules).getTime()
        : false;
    const mailIds: number[] = [];
    const owner = async (details: string[]) => {
      mailIds.push(
        await enqueueMessage(tx, ownerCustomerUpdateMessage(request, input.action, details, ctx), {
          submissionId: requestId,
        }),
      );
    };

    switch (input.action) {
      case "accept": {
        if (!live || live.status !== "proposed" || !live.date || !live.window) throw nothingToAccept();
        const label = appointmentLabel(live.date, live.window, rules);
        const result = await actOnAppointment(
          requestId,
          { action: "confirm", date: live.date, window: live.window },
          ctx,
          now,
          { actor: "customer", tx },
        );
        mailIds.push(...result.mailIds);
        await owner([
          `Confirmed: ${label}`,
          "The customer has been sent the confirmation with the calendar file.",
        ]);
        return {
          changed: true,
          heading: "Appointment confirmed",
          message: `Thank you: we will come on ${label}. We have e-mailed you the confirmation with a calendar file.`,
          mailIds,
        };
      }
      case "reschedule": {
        if (request.formType !== "booking")
          throw badRequest("Only a booking has appointment times.", "not_a_booking");
        if (isLate()) throw tooLate();
        const labels = optionLabels(newOptions!, rules);
        await tx
          .insert(bookingDetails)
          .values({
            submissionId: requestId,
            preferredOptions: newOptions!,
            urgent: false,
            accessNotes: null,
          })
          .onConflictDoUpdate({
            target: bookingDetails.submissionId,
            set: { preferredOptions: newOptions! },
          });
        if (live?.status === "proposed") {
          // The time we offered is no longer on the table; the owner offers or confirms a new one.
          await appointmentsRepo.updateAppointment(
            live.id,
            { status: "cancelled", message: "The customer asked for another time." },
            tx,
          );
        }
        await workflow.addHistory(
          [
            {
              submissionId: requestId,
              fromState: state,
              toState: state,
              actor: "customer",
              note: `${rescheduleNote}${labels.join("; ")}`,
            },
          ],
          tx,
        );
        mailIds.push(
          await enqueueMessage(
            tx,
            customerUpdateMessage(request, { action: "reschedule", options: labels }, ctx),
            { submissionId: requestId },
          ),
        );
        const current =
          live?.status === "confirmed" && live.date && live.window
            ? appointmentLabel(live.date, live.window, rules)
            : null;
        await owner([
          `New times asked for:\n${labels.join("\n")}`,
          current
            ? `The confirmed appointment (${current}) stands until you confirm a new time.`
            : "Please offer or confirm one of them.",
        ]);
        return {
          changed: true,
          heading: "New times sent",
          message: "Thank you. We will confirm one of your new times, or suggest another, and e-mail you.",
          mailIds,
        };
      }
      case "message": {
        await workflow.addHistory(
          [{ submissionId: requestId, fromState: state, toState: state, actor: "customer", note: message }],
          tx,
        );
        mailIds.push(
          await enqueueMessage(
            tx,
            customerUpdateMessage(request, { action: "message", text: message! }, ctx),
            { submissionId: requestId },
          ),
        );
        await owner([`Message:\n${message}`]);
        return {
          changed: true,
          heading: "Message sent",
          message: "Thank you. We have your message and will reply soon.",
          mailIds,
        };
      }
      case "cancel": {
        if (isLate()) throw tooLate();
        if (live) {
          const label = live.date && live.window ? appointmentLabel(live.date, live.window, rules) : null;
          const result = await actOnAppointment(
            requestId,
            { action: "cancel", reason: reason ?? undefined, requestState: "cancelled" },
            ctx,
            now,
            { actor: "customer", tx },
          );
          mailIds.push(...result.mailIds);
          await owner([
            `${live.status === "confirmed" ? "Cancelled appointment" : "Declined the offered time"}${label ? `: ${label}` : ""}`,
            reason ? `Reason: ${reason}` : "No reason given.",
          ]);
        } else {
          await applyStateChange(
            requestId,
            "cancelled",
            { actor: "customer", note: reason ?? undefined },
            tx,
          );
          mailIds.push(
            await enqueueMessage(tx, customerUpdateMessage(request, { action: "cancel", reason }, ctx), {
              submissionId: requestId,
            }),
          );
          await owner([reason ? `Reason: ${reason}` : "No reason given."]);
        }
        return {
          changed: true,
          heading: "Cancelled",
          message: "Your request is cancelled. We have e-mailed you to confirm.",
          mailIds,
        };
      }
    }
  });
}

// ---------------------------------------------------------------- lost link

/** Per client (IP hash): a person asks once or twice; a script asking for many addresses stops. */
export const lostLinkClientRule: RateLimitRule = {
  name: "lost-link-client",
  limit: 5,
  windowMs: 60 * 60_000,
};
/** Per address: a flood of requests for one address never floods that inbox. */
export const lostLinkAddressRule: RateLimitRule = {
  name: "lost-link-address",
  limit: 3,
  windowMs: 60 * 60_000,
};

const addressKey = (email: string) =>
  createHash("sha256").update(`lost-link:${email.trim().toLowerCase()}`).digest("hex").slice(0, 32);

/**
 * Queues one e-mail with a fresh link for each open request from this address. The caller answers
 * the same whatever happens here (unknown address, over the per-address limit), so the answer
 * never tells whether an address is known. Returns the queued outbox ids.
 */
export async function sendLostLinks(email: string, ctx: MailContext, now = new Date()): Promise<number[]> {
  const perAddress = await hitRateLimit(lostLinkAddressRule, addressKey(email), { now: now.getTime() });
  if (!perAddress.allowed) return [];
  const requests = await openRequestsFor(email.trim());
  if (requests.length === 0) return [];
  return getDb().transaction(async (tx) => {
    const ids: number[] = [];
    for (const r of requests)
      ids.push(await enqueueMessage(tx, lostLinkMessage(r, ctx), { submissionId: r.id }));
    return ids;
  });
}
