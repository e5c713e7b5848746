/**
 * The customer's own page for a request (docs/decisions/019-customer-page.md): which request a
 * private link opens, what the page shows, the four things a customer may do there, and the
 * lost-link form. The HTML is src/features/customer-page/html.ts; the edge is
 * netlify/functions/customer-page.mts.
 *
 *   customerPage(token, ctx)                 what the page shows, in the customer's words
 *   actOnRequest(token, input, ctx)          one action, in one transaction with its history row
 *                                            and its e-mails (each queued exactly once)
 *   sendLostLinks({ email }, ctx)            fresh links to that address's open requests
 *
 * Every action locks the request, reads its state and appointment again, and claims the form's
 * one-time key in the same transaction, so a double click or a reloaded POST changes nothing the
 * second time and queues no second e-mail.
 */
import { businessFact } from "../../lib/business-facts";
import { randomBytes, timingSafeEqual } from "node:crypto";
import { site } from "../../config/site";
import {
  customerMessageMax,
  customerReasonMax,
  type CustomerAction,
  type RequestActionInput,
  type LostLinkInput,
} from "./contract/endpoints";
import { requestReference } from "../requests/contract/reference";
import { isClosed, type RequestState } from "../requests/contract/states";
import { charLength, isStorableText } from "../../lib/form-fields/text";
import { serviceLabel } from "../../lib/service-catalog";
import { bookingNextSteps, contactNextSteps } from "../../lib/request-wording";
import { changeCutoff } from "../appointments";
import { galleryConsentOf, withdrawGalleryConsent } from "../site-content";
import type { GalleryConsent } from "../site-content/contract";
import { hashToken, tokenPattern } from "../mail";
import type { Db } from "../../platform/db/client";
import { appointmentCalendarFile, appointmentLabel } from "../appointments";
import { lostLinkMessage } from "./mail";
import { pageOffer, type OutgoingMessage } from "../mail";
import { deliverSoon, mailboxKey, mailContext } from "../mail";
import { deliverPushSoon } from "../push";
import * as appointmentsRepo from "../appointments";
import type { Appointment } from "../appointments";
import * as links from "./repository";
import * as outbox from "../mail";
import { requestsOf } from "../person-tools";
import * as workflow from "../requests";
import type { CustomerRequest } from "../requests";
import { mailable } from "../requests";
import { loadRules, optionLabels, readBookingExtras } from "../appointments";
import { actingAs, inTransaction, type ServiceContext } from "../../platform/context";
import { dateInZone, formatDateTime } from "../../platform/time";
import { quoteForCustomerPage, quoteHistoryNotes } from "../quotes";
import { sameStateWords } from "./timeline";
import {
  rescheduleNote,
  requestActions,
  type ActionAsked,
  type ActionOutcome,
  type ActionScene,
} from "./request-actions";
import { quoteOnPage, type QuoteOnPage } from "./quote-view";
import type { CustomerInvoices } from "../invoices/contract/customer";
import { invoicesForCustomerPage } from "../invoices";
import { cardPaymentsOn, checkoutOrigin } from "../payments";
import * as invoicesRepo from "../invoices";
import { Conflict, Invalid, NotFound, RateLimited } from "../../platform/domain-errors";
import { enforceRateLimit, hitRateLimit, limitKey, type RateLimitRule } from "../rate-limits";
import { currentBusiness, publishedPublicFacts } from "../business";
import { savedServiceNames } from "../site-content";
import type { BankDetails } from "../business/contract/identity";

const dayMs = 24 * 60 * 60 * 1000;

// ---------------------------------------------------------------- the link

/**
 * A link stops working this many days after its request was closed (done, lost, cancelled), or
 * after the link was sent if that is later (a link the customer asks for on the lost-link form
 * opens a closed request that is still kept), unless an invoice of the request is still owed: then
 * it works until that is paid (or credited), so the invoice's e-mails and reminders keep leading to
 * the page that shows how to pay.
 */
export const linkLifetimeAfterCloseDays = site.security.customerLinks.afterCloseDays;

/** …and this many days after it was last used (or sent, if never used): each use renews it. */
export const linkIdleDays = site.security.customerLinks.idleDays;

/**
 * Whether a request in `state`, last changed at `changedAt`, still opens through a link sent at
 * `sentAt` (without it: through any link sent before it closed).
 */
export function linkStillWorks(state: RequestState, changedAt: Date, now: Date, sentAt?: Date): boolean {
  if (state === "spam") return false;
  if (!isClosed(state)) return true;
  const from = sentAt && sentAt > changedAt ? sentAt : changedAt;
  return now.getTime() < from.getTime() + linkLifetimeAfterCloseDays * dayMs;
}

/** Whether the link itself still works: not revoked, and used (or sent) within `linkIdleDays`. */
export function linkIsLive(
  link: { createdAt: Date; lastUsedAt: Date | null; revokedAt: Date | null },
  now: Date,
) {
  if (link.revokedAt) return false;
  const lastActive = link.lastUsedAt ?? link.createdAt;
  return now.getTime() < lastActive.getTime() + linkIdleDays * dayMs;
}

const notFound = () => new NotFound("This link does not work.");
const dummyHash = Buffer.from(hashToken("not a token"), "hex");

/**
 * The request a private link opens, or NotFound. Every "no" (a wrong, malformed or expired token,
 * a spam or deleted request) does the same work as a "yes": hash the candidate, read by the hash,
 * compare with `timingSafeEqual` (against a dummy when nothing was found), read the request.
 */
export async function requestForToken(token: string, ctx: ServiceContext): Promise<CustomerRequest> {
  const wellFormed = tokenPattern.test(token);
  const candidate = Buffer.from(hashToken(wellFormed ? token : `malformed:${token.slice(0, 100)}`), "hex");
  const row = await links.findByHash(candidate.toString("hex"), ctx.db);
  const same = timingSafeEqual(row ? Buffer.from(row.tokenHash, "hex") : dummyHash, candidate);
  const found = wellFormed && same && row !== null && linkIsLive(row, ctx.now);
  // Read on every path (id 0 matches nothing), so a miss costs what a hit costs.
  const id = found ? row.submissionId : 0;
  const [[request], owed] = await Promise.all([
    workflow.findMany([id], ctx.db),
    invoicesRepo.hasOpenInvoice(id, ctx.db),
  ]);
  const works =
    request !== undefined &&
    (linkStillWorks(request.state, request.stateChangedAt, ctx.now, row?.createdAt) ||
      (owed && request.state !== "spam"));
  if (!found || !works) throw notFound();
  // Used: its idle time starts again (docs/decisions/027-security-review-fixes.md).
  await links.markUsed(row.id, ctx.now, ctx.db);
  return request;
}

// ---------------------------------------------------------------- what the page shows

/** The state as the customer reads it: a headline and one sentence. */
export const customerStateWords: Record<RequestState, { headline: string; detail: string }> = {
  new: {
    headline: "Received",
    detail: `We have your request. ${contactNextSteps(site.response.replyWithinHours)}`,
  },
  contacted: { headline: "We've read it", detail: "We are looking at your request and will be in touch." },
  quoted: {
    headline: "Quote sent",
    detail: "We have sent you a written quote. You can accept or decline it on this page.",
  },
  scheduled: { headline: "Appointment confirmed", detail: "We will arrive within the window shown." },
  done: { headline: "Done", detail: "The job is finished. Thank you for choosing us." },
  lost: { headline: "Closed", detail: "This request is closed. Send us a new one any time." },
  cancelled: { headline: "Cancelled", detail: "This request is cancelled. Send us a new one any time." },
  spam: { headline: "Closed", detail: "This request is closed." },
};

/** One line of the page's history: when, what happened, and the customer's own words if any. */
export interface CustomerHistoryItem {
  at: Date;
  text: string;
  quote?: string;
  byCustomer: boolean;
}

export interface CustomerPageView {
  request: CustomerRequest;
  reference: string;
  /** What they sent, label → value, in the form's order. */
  sent: { label: string; value: string }[];
  status: { headline: string; detail: string };
  /** Newest first. */
  history: CustomerHistoryItem[];
  proposal: { label: string; message: string | null } | null;
  appointment: { label: string } | null;
  closed: boolean;
  /** The confirmed appointment is past the change cut-off: the page shows the phone number instead. */
  late: boolean;
  can: Record<CustomerAction, boolean>;
  /** The latest quote sent (never a draft), or null. */
  quote: QuoteOnPage | null;
  /** The quote form's one-time key and the day its terms are shown for. */
  quoteForm: { nonce: string; day: string };
  /** The request's issued invoices and credit notes, the balance and how to pay; null: none. */
  invoices?: CustomerInvoices | null;
  /** Card payments are switched on: each invoice with a balance gets a Pay button. */
  cardPayments?: boolean;
  /** The account a deposit is paid into (the business details now). */
  bank?: BankDetails;
  /** Where a Pay button's answer redirects to (Stripe's Checkout), for the page's form-action. */
  checkoutOrigin?: string | null;
  /** The customer's consent to show photos of the job on the website, if they gave it. */
  galleryConsent?: GalleryConsent | null;
}

/** What the quote form showed last, to show it again: the boxes ticked. */
export interface QuoteFormValues {
  options?: readonly number[] | undefined;
  expressStart?: boolean | undefined;
}

/** Only the customer's own words and what happened are shown: the owner's notes may be private. */
function historyItem(h: workflow.HistoryEntry): CustomerHistoryItem | null {
  if (h.fromState === null) return null; // the arrival, shown from submitted_at
  const onQuote = quoteHistoryItem(h);
  if (onQuote !== undefined) return onQuote;
  const byCustomer = h.actor === "customer";
  const quoted = (text: string, quote: string | null): CustomerHistoryItem => ({
    at: h.changedAt,
    text,
    byCustomer,
    ...(quote ? { quote } : {}),
  });
  if (byCustomer) {
    if (h.fromState === h.toState) {
      return h.note?.startsWith(rescheduleNote)
        ? quoted("You asked for another time", h.note.slice(rescheduleNote.length))
        : quoted("You sent a message", h.note);
    }
    if (h.toState === "cancelled") return quoted("You cancelled", h.note);
    if (h.toState === "scheduled") return quoted("You accepted the time we offered", null);
  }
  if (h.fromState === h.toState) {
    const words = sameStateWords(h.note);
    return words ? quoted(words, null) : null;
  }
  // A visit confirmed (or moved) says when.
  const visitWords = h.toState === "scheduled" ? sameStateWords(h.note) : null;
  if (visitWords) return quoted(visitWords, null);
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
  return text ? quoted(text, null) : null;
}

/**
 * A history row the quotes feature wrote (its note starts with one of `quoteHistoryNotes`), in the
 * customer's words, with their own reason quoted; undefined for any other row.
 */
function quoteHistoryItem(h: workflow.HistoryEntry): CustomerHistoryItem | null | undefined {
  const note = h.note ?? "";
  const kind = (Object.keys(quoteHistoryNotes) as (keyof typeof quoteHistoryNotes)[]).find((k) =>
    note.startsWith(quoteHistoryNotes[k]),
  );
  if (!kind) return undefined;
  const rest = note.slice(quoteHistoryNotes[kind].length);
  const cut = rest.indexOf(". Reason: ");
  const title = cut < 0 ? rest : rest.slice(0, cut);
  const reason = cut < 0 ? undefined : rest.slice(cut + ". Reason: ".length);
  const byCustomer = h.actor === "customer";
  const item = (text: string, quote?: string): CustomerHistoryItem => ({
    at: h.changedAt,
    text,
    byCustomer,
    ...(quote ? { quote } : {}),
  });
  const quoteName = title.split(",")[0]!.trim();
  switch (kind) {
    case "sent":
      return item(`Quote ${quoteName} sent`);
    case "accepted":
      return item(`You accepted quote ${title}`);
    case "declined":
      return item(`You declined quote ${quoteName}`, reason);
    case "cancelled":
      return item(byCustomer ? `You cancelled quote ${quoteName}` : `Quote ${quoteName} cancelled`, reason);
    case "expired":
      return item(`Quote ${quoteName} expired`);
  }
}

const liveOf = (list: readonly Appointment[]) =>
  list.find((a) => a.status === "proposed" || a.status === "confirmed") ?? null;

/** The newest visit recorded done, when no visit is confirmed or offered after it. */
const visitDoneOf = (list: readonly Appointment[], live: Appointment | null) =>
  live ? null : (list.find((a) => a.status === "completed" && a.completedAt && a.date && a.window) ?? null);

type Rules = Awaited<ReturnType<typeof loadRules>>;

/** What the customer sent, label → value, in the form's order. */
function sentItems(
  request: CustomerRequest,
  details: Awaited<ReturnType<typeof appointmentsRepo.findDetails>>,
  rules: Rules,
): { label: string; value: string }[] {
  const isBooking = request.formType === "booking";
  const sent = [
    { label: "Sent", value: formatDateTime(request.submittedAt) },
    { label: "Name", value: request.name },
    ...(request.phone ? [{ label: "Phone", value: request.phone }] : []),
    ...(request.email ? [{ label: "Email", value: request.email }] : []),
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
  return sent;
}

/** The request's visits as the page reads them: offered, confirmed, past the cut-off, done. */
function visitsOf(request: CustomerRequest, list: readonly Appointment[], rules: Rules, now: Date) {
  const live = liveOf(list);
  const confirmed = live?.status === "confirmed" && live.date && live.window ? live : null;
  const proposed = live?.status === "proposed" && live.date && live.window ? live : null;
  const late =
    confirmed !== null && now.getTime() >= changeCutoff(confirmed.date!, confirmed.window!, rules).getTime();
  // After the visit: no "Appointment confirmed" for a window that is over, no other time to ask for.
  const visitDone = request.state === "scheduled" ? visitDoneOf(list, live) : null;
  const at = (a: Appointment) => appointmentLabel(a.date!, a.window!, rules);
  return { confirmed, proposed, late, visitDone, at };
}

/** The page's headline and sentence: the visit done, the appointment confirmed, or the state. */
function pageStatus(
  request: CustomerRequest,
  quote: QuoteOnPage | null,
  visits: ReturnType<typeof visitsOf>,
  invoices: CustomerInvoices | null,
): { headline: string; detail: string } {
  const { visitDone, confirmed, at } = visits;
  // A new booking says what the form and the confirmation e-mail say: one wording for all three.
  const words =
    quoteStateWords(request.state, quote) ??
    (request.state === "new" && request.formType === "booking"
      ? {
          headline: "Received",
          detail: `We have your request. ${bookingNextSteps(site.response.confirmWithinHours)}`,
        }
      : customerStateWords[request.state]);
  if (visitDone) {
    return {
      headline: `Visit done: ${at(visitDone)}`,
      detail: invoices?.balancePence
        ? "The work is done. Your invoice is below, with how to pay it."
        : "The work is done. Thank you for choosing us.",
    };
  }
  return request.state === "scheduled" && confirmed
    ? { headline: `Appointment confirmed: ${at(confirmed)}`, detail: words.detail }
    : words;
}

/** The page for a private link (NotFound for any link that does not open one). */
export async function customerPage(
  token: string,
  ctx: ServiceContext,
  quoteValues: QuoteFormValues = {},
): Promise<CustomerPageView> {
  const request = await requestForToken(token, ctx);
  const db = ctx.db;
  const isBooking = request.formType === "booking";
  const [history, list, details, rules, quoteRules, invoices, galleryConsent] = await Promise.all([
    workflow.listHistory(request.id, db),
    isBooking ? appointmentsRepo.listForRequest(request.id, db) : Promise.resolve([]),
    isBooking ? appointmentsRepo.findDetails(request.id, db) : Promise.resolve(null),
    loadRules(db),
    quoteForCustomerPage(request.id, ctx),
    invoicesForCustomerPage(request.id, token, ctx),
    galleryConsentOf(request.id, ctx),
  ]);
  const quote = quoteRules
    ? quoteOnPage(quoteRules, ctx.now, quoteValues.options ?? [], { expressStart: quoteValues.expressStart })
    : null;
  const visits = visitsOf(request, list, rules, ctx.now);
  const { proposed, confirmed, late, visitDone, at } = visits;
  const closed = isClosed(request.state) || request.state === "spam";
  return {
    request,
    reference: requestReference(request),
    sent: sentItems(request, details, rules),
    status: pageStatus(request, quote, visits, invoices),
    history: [
      { at: request.submittedAt, text: "Request received", byCustomer: false },
      ...history.map(historyItem).filter((h): h is CustomerHistoryItem => h !== null),
    ].reverse(),
    proposal: proposed ? { label: at(proposed), message: proposed.message } : null,
    appointment: confirmed ? { label: at(confirmed) } : null,
    closed,
    late,
    can: {
      accept: !closed && proposed !== null,
      reschedule: !closed && isBooking && !late && !visitDone,
      message: !closed,
      // An accepted quote is a contract: it is cancelled with the quote's own button, within its
      // cancellation period (or by phoning us), not by cancelling the request.
      cancel: !closed && !late && quote?.state.kind !== "accepted" && !visitDone,
    },
    quote,
    quoteForm: { nonce: newFormKey(ctx.now), day: dateInZone(ctx.now) },
    invoices,
    bank: (await currentBusiness(ctx.db)).bank,
    cardPayments: cardPaymentsOn(),
    checkoutOrigin: checkoutOrigin(),
    galleryConsent: galleryConsent ?? null,
  };
}

/** The state in the customer's words while a quote is out, accepted or declined. */
function quoteStateWords(
  state: RequestState,
  quote: QuoteOnPage | null,
): { headline: string; detail: string } | null {
  if (!quote || isClosed(state) || state === "spam") return null;
  switch (quote.state.kind) {
    case "open":
      return {
        headline: "Quote sent",
        detail: "Your quote is below. Please read it, then accept or decline it on this page.",
      };
    case "accepted":
      return state === "scheduled"
        ? null
        : {
            headline: "Quote accepted",
            detail: "Thank you. We will be in touch to arrange a date for the work.",
          };
    case "closed":
      return quote.status === "declined"
        ? {
            headline: "Quote declined",
            detail: `Thank you for letting us know. To talk about it, please call us on ${businessFact.phone}.`,
          }
        : null;
  }
}

/**
 * The request's confirmed appointment as an .ics file (NotFound for a link that opens nothing; null
 * when there is no confirmed appointment). Reads only: a scanner fetching it changes nothing.
 */
export async function appointmentCalendar(
  token: string,
  ctx: ServiceContext,
): Promise<ReturnType<typeof appointmentCalendarFile> | null> {
  const request = await requestForToken(token, ctx);
  if (request.formType !== "booking") return null;
  const [list, rules] = await Promise.all([
    appointmentsRepo.listForRequest(request.id, ctx.db),
    loadRules(ctx.db),
  ]);
  const live = liveOf(list);
  if (live?.status !== "confirmed" || !live.date || !live.window) return null;
  return appointmentCalendarFile(
    mailable(request),
    { uid: live.uid, sequence: live.sequence, date: live.date, window: live.window, message: live.message },
    mailContext(),
    { now: ctx.now, rules, phone: (await publishedPublicFacts(ctx.db)).phone },
  );
}

// ---------------------------------------------------------------- actions

/**
 * A confirmation step's one-time key: when it was issued (base 36 ms) and 96 random bits. It is
 * claimed in the window of its issue time, so a replay always meets its own claim; a key older than
 * a day is refused (the claims are kept two days: src/features/rate-limits/service.ts).
 */
export function newFormKey(now: Date): string {
  return `${now.getTime().toString(36)}.${randomBytes(12).toString("base64url")}`;
}

export const formKeyRule: RateLimitRule = { name: "customer-form", limit: 1, windowMs: dayMs };

/**
 * Each change from the customer's page sends two e-mails (to the customer and the owner), so one
 * request takes at most `site.security.customerActionsPerHour` an hour, whoever holds its link.
 */
export const customerActionRule: RateLimitRule = {
  name: "customer-actions",
  limit: site.security.customerActionsPerHour,
  windowMs: 60 * 60_000,
};
export const tooManyActions =
  "This request has had a lot of changes in the last hour, so we have paused changes online for a while.";
const formKeyPattern = /^([0-9a-z]{1,12})\.[A-Za-z0-9_-]{16}$/;

/** When a form key was issued (ms); Invalid `form_expired` for a malformed, old or future key. */
export function issuedAt(key: string, now: Date): number {
  const match = formKeyPattern.exec(key);
  const at = match ? parseInt(match[1]!, 36) : NaN;
  const age = now.getTime() - at;
  if (!Number.isFinite(at) || age > dayMs || age < -5 * 60_000) {
    throw new Invalid("This form has expired. Please send it again.", {
      code: "form_expired",
      fields: { nonce: "This form has expired. Please send it again." },
    });
  }
  return at;
}

const closedRequest = () =>
  new Conflict(`This request is closed. Please call us on ${businessFact.phone}.`, "request_closed");

function text(value: string | undefined, field: string, label: string, max: number, required: boolean) {
  const trimmed = value?.trim() ?? "";
  const fail = (message: string) => new Invalid("Please check the form.", { fields: { [field]: message } });
  if (!trimmed) {
    if (required) throw fail(`Please write your ${label}.`);
    return null;
  }
  if (charLength(trimmed) > max) throw fail(`Please keep your ${label} under ${max} characters.`);
  if (!isStorableText(trimmed)) throw fail(`Your ${label} contains characters we cannot store.`);
  return trimmed;
}

/** What the customer wrote and the times they ask for, checked (Invalid, naming the field). */
async function readAsked(
  target: CustomerRequest,
  input: RequestActionInput,
  ctx: ServiceContext,
): Promise<ActionAsked> {
  const message =
    input.action === "message" ? text(input.message, "message", "message", customerMessageMax, true)! : null;
  const reason =
    input.action === "cancel" ? text(input.reason, "reason", "reason", customerReasonMax, false) : null;
  if (input.action !== "reschedule") return { message, reason, newOptions: [] };
  if (target.formType !== "booking")
    throw new Conflict("Only a booking has appointment times.", "not_a_booking");
  const { extras, fields } = await readBookingExtras(input, ctx.now, ctx.db);
  if (!extras) throw new Invalid("Please check the highlighted fields.", { fields });
  return { message, reason, newOptions: extras.preferredOptions };
}

/**
 * In the action's transaction: lock the request, claim the form's key (null when it was claimed
 * before: nothing to do), refuse a closed request or one changed too often, and read the request
 * and its live appointment again under the lock.
 */
async function openAction(
  requestId: number,
  input: RequestActionInput,
  keyIssuedAt: number,
  tx: Db,
  ctx: ServiceContext,
): Promise<ActionScene | null> {
  const state = (await workflow.lockStates([requestId], tx)).get(requestId);
  if (!state) throw notFound();
  const claimed = await hitRateLimit(formKeyRule, input.nonce, { now: keyIssuedAt, db: tx });
  if (!claimed.allowed) return null;
  if (isClosed(state) || state === "spam") throw closedRequest();
  // Counted in the transaction: a refusal rolls back the form key's claim as well, so the same
  // form can be sent again once the hour is over; a repeat of a done form costs nothing.
  const actions = await hitRateLimit(customerActionRule, String(requestId), {
    now: ctx.now.getTime(),
    db: tx,
  });
  if (!actions.allowed) throw new RateLimited(actions.retryAfterSeconds, tooManyActions);
  const [found] = await workflow.findMany([requestId], tx);
  // The e-mails name the service as the website publishes it.
  const serviceName = found?.service ? (await savedServiceNames(tx)).get(found.service) : undefined;
  const request = { ...found!, serviceName };
  const rules = await loadRules(tx);
  const live =
    request.formType === "booking" ? await appointmentsRepo.findLiveForUpdate(requestId, tx) : null;
  const confirmed = live?.status === "confirmed" && live.date && live.window ? live : null;
  const isLate =
    confirmed !== null &&
    ctx.now.getTime() >= changeCutoff(confirmed.date!, confirmed.window!, rules).getTime();
  const mail = mailContext();
  return {
    action: input.action,
    requestId,
    state,
    request,
    rules,
    live,
    confirmed,
    isLate,
    mail,
    tx,
    ctx,
    mailIds: [],
    pushIds: [],
  };
}

const alreadyDone: ActionOutcome = {
  changed: false,
  heading: "Already done",
  message: "We had already received this; nothing more was changed.",
};

/**
 * One action from the customer's page on the request its link opens. What they wrote and the times
 * they ask for are checked first (Invalid, naming the field); then, in one transaction: the request
 * is locked, the form's key claimed, the change made with its history row (actor `customer`), the
 * customer's e-mail and the owner's alert queued (src/features/customer-page/request-actions.ts).
 * Conflict `too_late` after the cut-off, `request_closed` for a closed request, `no_proposal` when
 * there is no offered time to accept.
 */
export async function actOnRequest(
  token: string,
  input: RequestActionInput,
  ctx: ServiceContext,
): Promise<ActionOutcome> {
  const target = await requestForToken(token, ctx);
  const keyIssuedAt = issuedAt(input.nonce, ctx.now);
  const asked = await readAsked(target, input, ctx);
  const result = await inTransaction(ctx, async (tx) => {
    const scene = await openAction(target.id, input, keyIssuedAt, tx, ctx);
    if (!scene) return { outcome: alreadyDone, mailIds: [] as number[], pushIds: [] as number[] };
    const outcome = await requestActions[input.action](scene, asked);
    return { outcome, mailIds: scene.mailIds, pushIds: scene.pushIds };
  });
  await deliverPushSoon(ctx, result.pushIds);
  await deliverSoon(ctx, result.mailIds);
  return result.outcome;
}

/**
 * The customer withdraws their consent to show photos of the job on the website, from their page:
 * it takes effect at once (the live website is republished without them), with no owner step.
 */
export async function withdrawPhotosConsent(token: string, ctx: ServiceContext): Promise<ActionOutcome> {
  const target = await requestForToken(token, ctx);
  const customer = actingAs(ctx, { kind: "customer", link: "request" });
  try {
    await withdrawGalleryConsent(target.id, null, customer);
  } catch (error) {
    if (!(error instanceof Conflict)) throw error;
    return {
      changed: false,
      heading: "Already done",
      message: "Your consent was already withdrawn; photos of this job are not on our website.",
    };
  }
  return {
    changed: true,
    heading: "Consent withdrawn",
    message:
      "Thank you for telling us. Photos of this job are being taken off our website now, and we will not show them again unless you ask us to.",
  };
}

// ---------------------------------------------------------------- lost link

/** Per client: a person asks once or twice; a script trying many addresses is stopped. */
export const lostLinkClientRule: RateLimitRule = {
  name: "lost-link-client",
  limit: 5,
  windowMs: 60 * 60_000,
};
/** Per address: however often it is asked, one inbox gets at most three links an hour. */
export const lostLinkAddressRule: RateLimitRule = {
  name: "lost-link-address",
  limit: 3,
  windowMs: 60 * 60_000,
};
/** At most this many requests (the newest) get a link from one ask. */
const lostLinkMaxRequests = 10;

/**
 * Queues one e-mail with a fresh link for each request sent from this address that is still kept
 * (open or closed; never spam), the newest first: a fresh link opens a closed request for
 * `linkLifetimeAfterCloseDays` from when it is sent (`linkStillWorks`); RateLimited when the client asked too often. The caller answers the same whatever happens
 * here (an unknown address, one over its own limit), so the answer never tells whether an address
 * is known; the e-mails go after the answer where the platform allows.
 */
export async function sendLostLinks(input: LostLinkInput, ctx: ServiceContext): Promise<void> {
  await enforceRateLimit(lostLinkClientRule, ctx.client, { now: ctx.now.getTime(), db: ctx.db });
  const perAddress = await hitRateLimit(lostLinkAddressRule, limitKey("lost-link", mailboxKey(input.email)), {
    now: ctx.now.getTime(),
    db: ctx.db,
  });
  if (!perAddress.allowed) return;
  const kept = (await requestsOf(input.email, ctx.db))
    .filter((r) => linkStillWorks(r.state, r.stateChangedAt, ctx.now, ctx.now))
    .reverse()
    .slice(0, lostLinkMaxRequests);
  if (kept.length === 0) return;
  const rules = await loadRules(ctx.db);
  const names = await savedServiceNames(ctx.db);
  const messages: { message: OutgoingMessage; submissionId: number }[] = [];
  for (const r of kept) {
    const closed = isClosed(r.state);
    let late = false;
    if (!closed && r.formType === "booking") {
      const confirmed = liveOf(await appointmentsRepo.listForRequest(r.id, ctx.db));
      late =
        confirmed?.status === "confirmed" &&
        confirmed.date !== null &&
        confirmed.window !== null &&
        ctx.now.getTime() >= changeCutoff(confirmed.date, confirmed.window, rules).getTime();
    }
    const offer = pageOffer({ closed, booking: r.formType === "booking", late });
    const serviceName = r.service ? names.get(r.service) : undefined;
    messages.push({
      message: lostLinkMessage({ ...mailable(r), serviceName }, mailContext(), offer),
      submissionId: r.id,
    });
  }
  const ids = await inTransaction(ctx, async (tx) => {
    // A new link replaces the old ones: a link in a lost or forwarded e-mail stops working.
    await links.revokeForRequests(
      kept.map((r) => r.id),
      ctx.now,
      tx,
    );
    return outbox.enqueue(messages, tx);
  });
  await deliverSoon(ctx, ids);
}
