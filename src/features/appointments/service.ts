/**
 * Appointments for requests (docs/decisions/014-appointments-and-calendar.md and
 * docs/decisions/018-appointments-stored.md): the availability answer, a booking's preferred
 * options checked on submit, the owner's confirm / propose / decline / cancel, the reminder the
 * evening before, the owner's availability settings and the private calendar feed.
 *
 * Every change to an appointment runs in one transaction with the request's state change (through
 * the workflow's `applyStateChange`) and the e-mail it causes (the outbox). The request row is locked
 * first, so two confirmations from two tabs run one after the other: the second finds the time
 * already confirmed and changes nothing, sends nothing. The partial unique index on live
 * appointments backs this up.
 */
import { requestReference } from "../requests/contract/reference";
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { site } from "../../config/site";
import { addDays, isIsoDate, type IsoDate } from "./contract/dates";
import { bookingRules, type BookingRules, type BookingRulesOverrides } from "./contract/rules";
import { preferredOptionsSchema, type PreferredOption } from "./contract/option-fields";
import { windowIds, type WindowId } from "./contract/windows";
import { isClosed, type RequestState } from "../requests/contract/states";
import { charLength, isStorableText } from "../../lib/form-fields/text";
import { bookableServices } from "../site-content";
import { serviceLabel } from "../../lib/service-catalog";
import { bankHolidays, holidayHorizon } from "./holidays";
import { bookableDates, bookingSpan, checkOptions, type AvailabilityInput } from "./availability";
import { dateInZone, formatDate } from "../../platform/time";
import { isReminderDue, windowInstants } from "./window-instants";
import { appointmentUid, calendarFeedIcs, type AppointmentEvent } from "./ics";
import type { Db } from "../../platform/db/client";
import { pgErrorCode } from "../../platform/db/errors";
import {
  appointmentCancelledMessage,
  appointmentConfirmedMessage,
  appointmentLabel,
  appointmentProposedMessage,
  appointmentReminderMessage,
  type AcceptedQuoteForMail,
  type RequestForMail,
} from "./mail";
import type { MailContext, OutgoingMessage } from "../mail";
import { deliverSoon, mailContext } from "../mail";
import * as outbox from "../mail";
import * as repo from "./repository";
import type { Appointment, BookingDetails } from "./repository";
import {
  cancellationPeriodOf,
  visitInsidePeriod,
  type CancellationPeriod,
} from "./contract/cancellation-period";
import { traderAt } from "../business";
import { savedServiceNames } from "../site-content";
import { quoteTitle } from "../../lib/quote-reference";
import * as workflow from "../requests";
import type { AvailabilityAnswer } from "./contract/endpoints";
import type { AppointmentActionInput } from "./contract/owner-forms";
import { inTransaction, roleOf, type ServiceContext } from "../../platform/context";
import { Conflict, Invalid, NotFound } from "../../platform/domain-errors";
import type { BookingRequest } from "../requests/contract/forms";
import type { CustomerRequest } from "../requests";
import { acceptPublicPost, requestPost, type Accepted } from "../requests";
import { applyStateChange, type ActingContext } from "../requests";

/** Queues one e-mail about a request in the caller's transaction; returns its outbox id. */
async function enqueueMessage(tx: Db, message: OutgoingMessage, link: { submissionId: number }) {
  const [id] = await outbox.enqueue([{ message, submissionId: link.submissionId }], tx);
  return id!;
}

type LiveFields = Parameters<typeof repo.updateAppointment>[1];

/**
 * Writes `fields` to the request's live appointment, or starts one with them (a new appointment
 * has no date or window unless `fields` gives them, and sequence 0).
 */
async function saveLive(
  live: Appointment | null,
  requestId: number,
  fields: LiveFields & Pick<Appointment, "status">,
  tx: Db,
): Promise<Appointment> {
  if (live) return repo.updateAppointment(live.id, fields, tx);
  const { sequence: _sequence, ...first } = fields;
  const newId = await repo.nextAppointmentId(tx);
  return repo.insertAppointment(
    { id: newId, submissionId: requestId, uid: appointmentUid(newId), date: null, window: null, ...first },
    tx,
  );
}

// ---------------------------------------------------------------- rules and availability

/** The owner's overrides as stored (null columns fall back to the site config). */
export function rulesFromSettings(row: repo.BookingSettingsRow | null): BookingRules {
  const overrides: { -readonly [K in keyof BookingRulesOverrides]: BookingRulesOverrides[K] } = {};
  if (row?.dailyCap != null) overrides.dailyCap = row.dailyCap;
  if (row?.minimumNoticeWorkingDays != null)
    overrides.minimumNoticeWorkingDays = row.minimumNoticeWorkingDays;
  if (row?.horizonWeeks != null) overrides.horizonWeeks = row.horizonWeeks;
  if (row?.workingDays) {
    const base = bookingRules();
    const worked = new Set(row.workingDays);
    const hours: Record<number, { opens: string; closes: string } | null> = {};
    for (let day = 0; day < 7; day++) {
      // A day switched on that the weekly hours close (Sunday) gets the weekday hours.
      hours[day] = worked.has(day)
        ? (base.hours[day] ?? base.hours[1] ?? { opens: "08:00", closes: "18:00" })
        : null;
    }
    overrides.hours = hours;
  }
  return bookingRules(overrides);
}

export async function loadRules(db: Db): Promise<BookingRules> {
  return rulesFromSettings(await repo.readSettings(db));
}

/**
 * The days nobody can book between `from` and `to`: the owner's blocked days and local holidays,
 * and the region's bank holidays he has not opened for work (src/features/appointments/holidays.ts).
 * The one rule behind the booking form's dates, the server's check of a booking, the customer's
 * reschedule and the owner's schedule.
 */
export async function closedDays(
  from: IsoDate,
  to: IsoDate,
  now: Date,
  db: Db,
): Promise<{ date: IsoDate; label: string | null; holiday: boolean }[]> {
  const [blocked, opened] = await Promise.all([
    repo.listBlocked(from, to, db),
    repo.listOpenedHolidays(from, to, db),
  ]);
  const byDate = new Map(blocked.map((b) => [b.date, { ...b, holiday: false }]));
  for (const h of bankHolidays(from, to, { today: dateInZone(now) })) {
    if (!byDate.has(h.date) && !opened.has(h.date))
      byDate.set(h.date, { ...h, label: h.name, holiday: true });
  }
  return [...byDate.values()].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/** What the availability rules need from the database, for dates between `from` and `to`. */
async function availabilityInput(now: Date, db: Db): Promise<AvailabilityInput> {
  const rules = await loadRules(db);
  const today = dateInZone(now);
  const last = addDays(today, rules.horizonWeeks * 7 + 31);
  const [blocked, confirmedJobs] = await Promise.all([
    closedDays(today, last, now, db),
    repo.confirmedCounts(today, last, db),
  ]);
  return { now, rules, blocked, confirmedJobs };
}

/** GET /api/availability: the bookable dates (with their windows) between `from` and `to`. */
export async function availability(
  range: { from?: string | undefined; to?: string | undefined },
  ctx: ServiceContext,
): Promise<AvailabilityAnswer> {
  const from = range.from || undefined;
  const to = range.to || undefined;
  for (const [name, value] of Object.entries({ from, to })) {
    if (value !== undefined && !isIsoDate(value))
      throw new Invalid(`${name} must be a date written YYYY-MM-DD.`, { code: "invalid_date" });
  }
  if (from && to && from > to) throw new Invalid("from must not be after to.", { code: "invalid_range" });
  const input = await availabilityInput(ctx.now, ctx.db);
  const span = bookingSpan(input);
  return {
    ...span,
    dates: bookableDates(input, { from, to }).map((d) => ({ ...d, windows: [...d.windows] })),
  };
}

// ---------------------------------------------------------------- a booking's extras

export interface BookingExtras {
  preferredOptions: PreferredOption[];
  urgent: boolean;
  accessNotes: string | null;
}

const maxOptions = site.booking.maxPreferredOptions;
export const accessNotesMax = 500;

/**
 * `preferredOptions` from JSON, or `option1Date`/`option1Window`… from a form post, where a pair
 * with no date is skipped (a select keeps its default window). `numbers[i]` is the option number
 * the customer saw for the i-th option, so an error names the right field.
 */
function rawOptions(data: Record<string, unknown>): { options: unknown; numbers: number[] } {
  if ("preferredOptions" in data) {
    const options = data["preferredOptions"];
    return { options, numbers: Array.isArray(options) ? options.map((_, i) => i + 1) : [] };
  }
  const options: { date: unknown; window: unknown }[] = [];
  const numbers: number[] = [];
  const blank = (v: unknown) => v === undefined || (typeof v === "string" && v.trim() === "");
  for (let n = 1; n <= maxOptions; n++) {
    const date = data[`option${n}Date`];
    const window = data[`option${n}Window`];
    if (blank(date)) continue;
    options.push({ date, window: blank(window) ? "any" : window });
    numbers.push(n);
  }
  return { options, numbers };
}

const truthy = (v: unknown) =>
  v === true || (typeof v === "string" && ["on", "true", "1", "yes"].includes(v));

/**
 * The booking's preferred options, urgency and access notes from the posted data, each option
 * re-checked against today's availability. Field errors are keyed `option1`…`option3` (and
 * `preferredOptions` for the list as a whole, `accessNotes`), each a plain sentence.
 */
export async function readBookingExtras(
  data: Record<string, unknown>,
  now: Date,
  db: Db,
): Promise<{ extras: BookingExtras | null; fields: Record<string, string> }> {
  const fields: Record<string, string> = {};
  let accessNotes: string | null = null;
  const notes = data["accessNotes"];
  if (notes !== undefined && notes !== null) {
    if (typeof notes !== "string") fields["accessNotes"] = "Please write the access notes as text.";
    else {
      const trimmed = notes.trim();
      if (charLength(trimmed) > accessNotesMax)
        fields["accessNotes"] = `Please keep the access notes under ${accessNotesMax} characters.`;
      else if (!isStorableText(trimmed))
        fields["accessNotes"] = "The access notes contain characters we cannot store.";
      else accessNotes = trimmed || null;
    }
  }
  const { options, numbers } = rawOptions(data);
  const parsed = preferredOptionsSchema.safeParse(options);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const index = issue.path[0];
      const n = typeof index === "number" ? (numbers[index] ?? index + 1) : null;
      const key = n === null ? "preferredOptions" : `option${n}`;
      fields[key] ??= n === null ? issue.message : `Option ${n}: ${issue.message}`;
    }
    return { extras: null, fields };
  }
  const checks = checkOptions(parsed.data, await availabilityInput(now, db));
  checks.forEach((check, i) => {
    const n = numbers[i] ?? i + 1;
    if (!check.ok) fields[`option${n}`] = `Option ${n} is no longer available: ${check.message}`;
  });
  if (Object.keys(fields).length > 0) return { extras: null, fields };
  return { extras: { preferredOptions: parsed.data, urgent: truthy(data["urgent"]), accessNotes }, fields };
}

/** The problems `readBookingExtras` finds in posted data (empty when the options are fine). */
export async function bookingOptionProblems(
  data: Record<string, unknown>,
  ctx: ServiceContext,
): Promise<Record<string, string>> {
  return {
    ...(await serviceProblem(data["service"], ctx)),
    ...(await readBookingExtras(data, ctx.now, ctx.db)).fields,
  };
}

/** A booking's service that the website does not (or no longer) offer. */
export const serviceNotOffered = "We do not offer that service now. Please choose one from the list.";

/**
 * A booking names one of the services the website offers now (published and not hidden): one the
 * owner has since hidden (or never offered) is refused with a sentence saying so; nothing is stored.
 */
async function serviceProblem(service: unknown, ctx: ServiceContext): Promise<Record<string, string>> {
  // A malformed value is the contract's to refuse ("Please select a service.").
  if (typeof service !== "string" || !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(service.trim())) return {};
  return (await offeredService(service, ctx)) ? {} : { service: serviceNotOffered };
}

async function offeredService(slug: string, ctx: ServiceContext) {
  return (await bookableServices(ctx)).find((s) => s.slug === slug.trim());
}

export async function saveBookingExtras(requestId: number, extras: BookingExtras, tx: Db): Promise<void> {
  await repo.insertDetails({ submissionId: requestId, ...extras }, tx);
}

/**
 * A booking request with its preferred options (POST /api/bookings): every option re-checked
 * against today's diary first (Invalid naming the option otherwise, nothing stored); then the
 * request, its options and photos, and its e-mails (which list the options) in one transaction.
 */
export async function submitBooking(
  input: BookingRequest & Record<string, unknown> & { photos?: string[] | undefined },
  ctx: ServiceContext,
): Promise<Accepted<CustomerRequest>> {
  const { extras, fields } = await readBookingExtras(input, ctx.now, ctx.db);
  const service = await serviceProblem(input.service, ctx);
  if (!extras || service["service"]) {
    throw new Invalid("Please check the highlighted fields.", { fields: { ...service, ...fields } });
  }
  const labels = optionLabels(extras.preferredOptions, await loadRules(ctx.db));
  const post = requestPost("booking", input, {
    photoIds: input.photos,
    mail: {
      serviceName: (await offeredService(input.service, ctx))?.name,
      booking: { optionLabels: labels, urgent: extras.urgent, accessNotes: extras.accessNotes },
    },
    extend: (request, tx) => saveBookingExtras(request.id, extras, tx),
  });
  return acceptPublicPost(post, ctx);
}

/** "Tuesday 3 March 2026, morning (8am to 12pm)" for each option, in order. */
export function optionLabels(
  options: readonly { date: IsoDate; window: WindowId }[],
  rules?: BookingRules,
): string[] {
  return options.map((o) => appointmentLabel(o.date, o.window, rules));
}

// ---------------------------------------------------------------- the owner's actions

export interface AppointmentView {
  id: number;
  uid: string;
  sequence: number;
  date: IsoDate | null;
  window: WindowId | null;
  label: string | null;
  status: Appointment["status"];
  message: string | null;
  confirmedAt: string | null;
  reminderSentAt: string | null;
  completedAt: string | null;
  /** On the day: when the customer was told the owner was on the way, and the arrival last given. */
  onMyWayAt: string | null;
  etaAt: string | null;
  updatedAt: string;
}

export interface BookingAppointments {
  preferredOptions: { date: IsoDate; window: WindowId; label: string }[];
  urgent: boolean;
  accessNotes: string | null;
  /** Newest first; the first live one (proposed or confirmed) is the current appointment. */
  appointments: AppointmentView[];
  /** The accepted quote's cancellation period (null before one, or for an urgent repair). */
  cancellationPeriod: CancellationPeriod | null;
}

export function view(a: Appointment, rules?: BookingRules): AppointmentView {
  return {
    id: a.id,
    uid: a.uid,
    sequence: a.sequence,
    date: a.date,
    window: a.window,
    label: a.date && a.window ? appointmentLabel(a.date, a.window, rules) : null,
    status: a.status,
    message: a.message,
    confirmedAt: a.confirmedAt?.toISOString() ?? null,
    reminderSentAt: a.reminderSentAt?.toISOString() ?? null,
    completedAt: a.completedAt?.toISOString() ?? null,
    onMyWayAt: a.onMyWayAt?.toISOString() ?? null,
    etaAt: a.etaAt?.toISOString() ?? null,
    updatedAt: a.updatedAt.toISOString(),
  };
}

function detailsView(details: BookingDetails | null, rules?: BookingRules) {
  const options = (details?.preferredOptions ?? []).map((o) => ({
    date: o.date,
    window: o.window,
    label: appointmentLabel(o.date, o.window, rules),
  }));
  return {
    preferredOptions: options,
    urgent: details?.urgent ?? false,
    accessNotes: details?.accessNotes ?? null,
  };
}

/** What the admin shows of a request's booking: the options asked for and its appointments. */
export async function bookingAppointments(id: number, ctx: ServiceContext): Promise<BookingAppointments> {
  const db = ctx.db;
  const request = await workflow.findMany([id], db).then(([row]) => row ?? null);
  if (!request) throw new NotFound("That request no longer exists.");
  const rules = await loadRules(db);
  const [details, list, period] = await Promise.all([
    repo.findDetails(id, db),
    repo.listForRequest(id, db),
    requestCancellationPeriod(id, db),
  ]);
  return {
    ...detailsView(details, rules),
    appointments: list.map((a) => view(a, rules)),
    cancellationPeriod: period,
  };
}

export type AppointmentAction = AppointmentActionInput;

export interface ActionResult {
  appointment: AppointmentView | null;
  /** False when nothing changed (the same time confirmed twice): no e-mail was sent. */
  changed: boolean;
  requestState: RequestState;
  /** The outbox rows this action queued (delivered at once after the commit when SMTP is set). */
  mailIds: number[];
}

const conflict = (message: string, code = "appointment_conflict") => new Conflict(message, code);

/** The request as its e-mails need it; only for a request with an e-mail address (check first). */
function forMail(s: CustomerRequest, names: ReadonlyMap<string, string>): RequestForMail {
  if (!s.email) throw new Error(`Request ${s.id} has no e-mail address to write to.`);
  return { ...s, email: s.email, serviceName: s.service ? names.get(s.service) : undefined };
}

/**
 * One owner action on a request's appointment, with the request's state change and the customer's
 * e-mail, in one transaction; the e-mail gets one quick attempt after the commit.
 */
export async function actOnAppointment(
  id: number,
  input: AppointmentAction,
  services: ServiceContext,
): Promise<ActionResult> {
  const result = await actInTransaction(id, input, services);
  await deliverSoon(services, result.mailIds);
  return result;
}

/**
 * The customer's accept (confirm the proposed time) or cancel, from their page, inside the page's
 * own transaction (src/features/customer-page/service.ts): the history rows name the customer.
 */
export function customerAppointmentAction(
  id: number,
  input: Extract<AppointmentAction, { action: "confirm" | "cancel" }>,
  tx: Db,
  services: ServiceContext,
): Promise<ActionResult> {
  return actInTransaction(id, input, services, { tx });
}

/**
 * Cancelling a request's appointment inside a transaction the caller already holds, as the
 * context's actor (a cancelled quote: src/features/quotes/service-customer.ts). The calendar CANCEL goes with the
 * same UID, as for any cancelled appointment.
 */
export function cancelAppointmentIn(
  id: number,
  input: Extract<AppointmentAction, { action: "cancel" }>,
  tx: Db,
  services: ServiceContext,
): Promise<ActionResult> {
  return actInTransaction(id, input, services, { tx });
}

/**
 * The owner's confirm or propose inside a transaction the caller holds (a job added by hand with
 * a visit at once: ./service-owner-jobs.ts), with every rule of
 * `actOnAppointment` (blocked days, the cap, `dayOverrideReason`). `quiet`: no e-mail to the
 * customer (the owner did not ask for one to be sent).
 */
export function ownerAppointmentActionIn(
  id: number,
  input: Extract<AppointmentAction, { action: "confirm" | "propose" }>,
  tx: Db,
  services: ServiceContext,
  options: { quiet: boolean },
): Promise<ActionResult> {
  return actInTransaction(id, input, services, { tx, quiet: options.quiet });
}

/**
 * The warning for a visit on `date` inside the cancellation period of the request's accepted quote
 * when the customer did not ask for work to start early (none for an urgent repair), or null.
 */
async function earlyVisitWarning(requestId: number, date: IsoDate, db: Db): Promise<string | null> {
  for (const q of await repo.acceptedQuotes(requestId, db)) {
    const period = q.acceptance ? cancellationPeriodOf(q.acceptance) : null;
    if (!visitInsidePeriod(date, period)) continue;
    return `The customer accepted quote ${quoteTitle(q.submissionId, q.version)} without asking for the work to start early, so their cancellation period runs to the end of ${formatDate(period.until)}. A visit on ${formatDate(date)} is inside it: if they cancel, they owe nothing for work done. To go ahead anyway, give the reason (for example, they asked by phone to start sooner).`;
  }
  return null;
}

/** The cancellation period of the request's accepted quote (the newest), or null (none, or an urgent repair). */
async function requestCancellationPeriod(requestId: number, db: Db): Promise<CancellationPeriod | null> {
  const [q] = await repo.acceptedQuotes(requestId, db);
  return q?.acceptance ? cancellationPeriodOf(q.acceptance) : null;
}

/** The request's accepted quote (the newest), as a visit's e-mail speaks of it; null before one. */
async function acceptedQuoteForMail(requestId: number, db: Db): Promise<AcceptedQuoteForMail | null> {
  const [q] = await repo.acceptedQuotes(requestId, db);
  if (!q?.acceptance) return null;
  const a = q.acceptance;
  return {
    title: quoteTitle(q.submissionId, q.version),
    acceptedAt: new Date(a.at),
    totalPence: a.totalPence,
    cancelUntil: a.cancelUntil,
    expressStart: a.expressStart,
    urgentRepair: a.urgentRepair,
  };
}

/**
 * The owner's "done already": a visit that took place before he recorded it (a window that has
 * started or ended) is stored confirmed and completed now, in the request's history; the customer
 * is not e-mailed a time that is over. Refused for a window still ahead, or beside a confirmed visit.
 */
async function recordDoneAlready(
  id: number,
  input: { date: IsoDate; window: WindowId; message?: string | undefined },
  at: { live: Appointment | null; state: RequestState; rules: BookingRules; now: Date; earlyNote: string },
  tx: Db,
  ctx: ActingContext,
): Promise<Appointment> {
  const { live, state, rules, now } = at;
  if (windowInstants(input.date, input.window, rules).start.getTime() > now.getTime()) {
    throw conflict(
      "That window has not started yet: confirm it, and record the visit done on the day.",
      "visit_not_started",
    );
  }
  if (live?.status === "confirmed") {
    throw conflict(
      "This request has a confirmed visit: record that one done, or cancel it first.",
      "visit_confirmed",
    );
  }
  const appointment = await saveLive(
    live,
    id,
    {
      date: input.date,
      window: input.window,
      status: "completed",
      message: input.message?.trim() || null,
      confirmedAt: now,
      completedAt: now,
    },
    tx,
  );
  const note = `Visit on ${appointmentLabel(input.date, input.window, rules)} completed (recorded as done already)${at.earlyNote}`;
  await applyStateChange(id, "scheduled", { note, rulesOf: "system" }, tx, ctx);
  if (state === "scheduled") {
    await workflow.addHistory([{ submissionId: id, fromState: state, toState: state, note }], ctx.actor, tx);
  }
  return appointment;
}

/** Why a window cannot be offered or confirmed because it has already ended, or null. */
function windowPassedProblem(date: IsoDate, window: WindowId, rules: BookingRules, now: Date): string | null {
  if (windowInstants(date, window, rules).end.getTime() > now.getTime()) return null;
  return `The window ${appointmentLabel(date, window, rules)} has already ended, so it cannot be offered or confirmed. Choose a later time, or record the visit as done already.`;
}

/**
 * Why customers could not book `date` (a blocked day or local holiday, a bank holiday not opened,
 * or the daily cap reached by other confirmed visits), as a sentence; null when they could.
 */
async function dayProblem(
  date: IsoDate,
  live: Appointment | null,
  rules: BookingRules,
  now: Date,
  db: Db,
): Promise<string | null> {
  const [closed] = await closedDays(date, date, now, db);
  if (closed) {
    const what = closed.holiday
      ? `a bank holiday (${closed.label})`
      : `a day off${closed.label ? ` (${closed.label})` : ""}`;
    return `${formatDate(date)} is ${what}.`;
  }
  const booked = (await repo.confirmedCounts(date, date, db)).get(date) ?? 0;
  const own = live?.status === "confirmed" && live.date === date ? 1 : 0;
  if (booked - own >= rules.dailyCap) {
    return `${formatDate(date)} already has ${booked - own} confirmed ${booked - own === 1 ? "visit" : "visits"}, your daily cap.`;
  }
  return null;
}

type ConfirmInput = Extract<AppointmentAction, { action: "confirm" }>;
type ProposeInput = Extract<AppointmentAction, { action: "propose" }>;
type DeclineInput = Extract<AppointmentAction, { action: "decline" }>;
type CancelInput = Extract<AppointmentAction, { action: "cancel" }>;

/** What one action on a request's appointment works with, read under the request's lock. */
interface ActionScene {
  id: number;
  tx: Db;
  services: ServiceContext;
  now: Date;
  /** Whose rules: the owner's (or a member of staff's) or the customer's on their page. */
  role: ReturnType<typeof roleOf>;
  state: RequestState;
  request: CustomerRequest;
  rules: BookingRules;
  live: Appointment | null;
  mailCtx: MailContext;
  /** The request as its e-mails need it (only called when it has an e-mail address). */
  mail: () => RequestForMail;
  /**
   * What every change answers: the appointment, the request's state, its one e-mail queued. The
   * e-mail is written only when the customer has an address to send it to, and not when quiet.
   */
  done: (
    appointment: Appointment,
    requestState: RequestState,
    message: () => OutgoingMessage,
  ) => Promise<ActionResult>;
  /** What the history adds to the change's note: the owner's reasons for an override. */
  earlyNote: string;
}

/** Locks the request, reads what every action needs, and marks the request read for the owner. */
async function loadScene(
  id: number,
  services: ServiceContext,
  tx: Db,
  options: { quiet?: boolean | undefined; mailCtx: MailContext },
): Promise<ActionScene> {
  const states = await workflow.lockStates([id], tx);
  const state = states.get(id);
  if (!state) throw new NotFound("That request no longer exists.");
  const request = await workflow.findMany([id], tx).then(([row]) => row ?? null);
  if (!request) throw new NotFound("That request no longer exists.");
  const rules = await loadRules(tx);
  const live = await repo.findLiveForUpdate(id, tx);
  // The e-mails name the service as the website publishes it.
  const names = await savedServiceNames(tx);
  const role = roleOf(services.actor);
  // The owner acting on a request has seen it.
  if (role === "owner") await workflow.setRead([id], true, tx);
  const done: ActionScene["done"] = async (appointment, requestState, message) => ({
    appointment: view(appointment, rules),
    changed: true,
    requestState,
    // A job taken by phone may have no e-mail address: the change is made and nothing is sent.
    mailIds:
      request.email && !options.quiet ? [await enqueueMessage(tx, message(), { submissionId: id })] : [],
  });
  return {
    id,
    tx,
    services,
    now: services.now,
    role,
    state,
    request,
    rules,
    live,
    mailCtx: options.mailCtx,
    mail: () => forMail(request, names),
    done,
    earlyNote: "",
  };
}

/**
 * The checks before a confirm or an offer: a window that has already ended is refused; for the
 * owner, a visit inside an accepted quote's cancellation period without the customer's early-start
 * request, or on a day customers cannot book, is refused unless he gives a reason. Returns what the
 * history adds for the reasons given.
 */
async function checkTime(input: ConfirmInput | ProposeInput, s: ActionScene): Promise<string> {
  // A window that has already ended is never offered or confirmed: the customer would be
  // e-mailed a time that is over, and the diary would show a visit that never happened.
  if (input.action === "propose" || !input.doneAlready) {
    const passed = windowPassedProblem(input.date, input.window, s.rules, s.now);
    if (passed) throw conflict(passed, "window_passed");
  }
  if (s.role !== "owner") return "";
  // Inside the cancellation period of an accepted quote whose customer did not ask for an early
  // start: refused with the warning unless the owner gives a reason, which the history keeps
  // (docs/decisions/029-quotes.md).
  let note = "";
  const warning = await earlyVisitWarning(s.id, input.date, s.tx);
  const early = input.earlyStartReason?.trim();
  if (warning && !early) throw conflict(warning, "inside_cancellation_period");
  if (warning)
    note = `. Inside the customer's cancellation period without their early-start request; reason: ${early}`;
  // On a day customers cannot book (blocked, a bank holiday, at the cap): refused with the reason
  // unless he gives his own, which the history keeps.
  const problem = await dayProblem(input.date, s.live, s.rules, s.now, s.tx);
  const reason = input.dayOverrideReason?.trim();
  if (problem && !reason) throw conflict(`${problem} To book it anyway, give the reason.`, "day_unavailable");
  if (problem) note += `. ${problem.slice(0, -1)}; booked anyway, reason: ${reason}`;
  return note;
}

/** Confirm a time (or move a confirmed one); the same time twice changes nothing and sends nothing. */
async function confirmAction(input: ConfirmInput, s: ActionScene): Promise<ActionResult> {
  const { id, live, rules, state, now, tx, services } = s;
  if (input.doneAlready) {
    const appointment = await recordDoneAlready(
      id,
      input,
      { live, state, rules, now, earlyNote: s.earlyNote },
      tx,
      services,
    );
    return { appointment: view(appointment, rules), changed: true, requestState: "scheduled", mailIds: [] };
  }
  if (live?.status === "confirmed" && live.date === input.date && live.window === input.window) {
    return { appointment: view(live, rules), changed: false, requestState: state, mailIds: [] };
  }
  const changed = live?.status === "confirmed";
  const appointment = await saveLive(
    live,
    id,
    {
      date: input.date,
      window: input.window,
      status: "confirmed",
      message: input.message?.trim() || null,
      confirmedAt: now,
      ...(live ? { sequence: changed ? live.sequence + 1 : live.sequence } : {}),
    },
    tx,
  );
  const label = appointmentLabel(input.date, input.window, rules);
  const note = `${changed ? "Appointment moved to" : "Appointment confirmed for"} ${label}${s.earlyNote}`;
  // Only a confirmed appointment schedules a request: the appointment flow's rules allow it,
  // and the history names whoever confirmed (the owner here, or the customer on their page).
  const updated = await applyStateChange(id, "scheduled", { note, rulesOf: "system" }, tx, services);
  if (state === "scheduled") {
    await workflow.addHistory(
      [{ submissionId: id, fromState: state, toState: state, note }],
      services.actor,
      tx,
    );
  }
  const accepted = s.request.email ? await acceptedQuoteForMail(id, tx) : null;
  const trader = await traderAt(now, dateInZone(now), tx);
  return s.done(appointment, updated.state, () =>
    appointmentConfirmedMessage(
      s.mail(),
      { ...appointment, date: appointment.date!, window: appointment.window! },
      s.mailCtx,
      { changed, now, rules, accepted, trader },
    ),
  );
}

/** Offer a time for the customer to accept; refused beside a confirmed one. */
async function proposeAction(input: ProposeInput, s: ActionScene): Promise<ActionResult> {
  const { id, live, rules, state, tx, services } = s;
  if (live?.status === "confirmed") {
    throw conflict("This booking already has a confirmed time. Confirm a new time, or cancel it first.");
  }
  const message = input.message?.trim() || null;
  const appointment = await saveLive(
    live,
    id,
    { date: input.date, window: input.window, status: "proposed", message },
    tx,
  );
  const note = `Offered ${appointmentLabel(input.date, input.window, rules)}${s.earlyNote}`;
  const updated =
    state === "new" ? await applyStateChange(id, "contacted", { note }, tx, services) : s.request;
  return s.done(appointment, updated.state, () =>
    appointmentProposedMessage(
      s.mail(),
      { ...appointment, date: input.date, window: input.window },
      s.mailCtx,
      rules,
    ),
  );
}

/** Decline the booking: the request is lost, the customer told (with the reason, if given). */
async function declineAction(input: DeclineInput, s: ActionScene): Promise<ActionResult> {
  const { id, live, tx, services } = s;
  if (live?.status === "confirmed") {
    throw conflict("This booking has a confirmed time. Cancel the appointment instead.");
  }
  const reason = input.reason?.trim() || null;
  const appointment = await saveLive(live, id, { status: "declined", message: reason }, tx);
  const note = reason ? `Declined: ${reason}` : "Declined";
  const updated = await applyStateChange(id, "lost", { note }, tx, services);
  return s.done(appointment, updated.state, () =>
    appointmentCancelledMessage(s.mail(), null, s.mailCtx, {
      declined: true,
      wasConfirmed: false,
      requestClosed: true,
      reason,
      now: s.now,
      rules: s.rules,
    }),
  );
}

/** Cancel the live appointment (a confirmed one's calendar CANCEL goes with a new sequence). */
async function cancelAction(input: CancelInput, s: ActionScene): Promise<ActionResult> {
  const { id, live, rules, state, tx, services } = s;
  if (!live) throw conflict("This request has no appointment to cancel.", "no_appointment");
  const reason = input.reason?.trim() || null;
  const wasConfirmed = live.status === "confirmed";
  const appointment = await repo.updateAppointment(
    live.id,
    { status: "cancelled", message: reason, sequence: wasConfirmed ? live.sequence + 1 : live.sequence },
    tx,
  );
  const label = appointmentLabel(live.date!, live.window!, rules);
  const to = input.requestState ?? "contacted";
  const note = `Appointment on ${label} cancelled${reason ? `: ${reason}` : ""}`;
  const updated =
    state === "scheduled" || to === "cancelled"
      ? await applyStateChange(id, to, { note }, tx, services)
      : s.request;
  return s.done(appointment, updated.state, () =>
    appointmentCancelledMessage(
      s.mail(),
      { ...appointment, date: live.date!, window: live.window! },
      s.mailCtx,
      {
        declined: false,
        wasConfirmed,
        requestClosed: isClosed(updated.state),
        reason,
        now: s.now,
        rules,
      },
    ),
  );
}

/** One action, by its name, after the checks a confirm or an offer needs. */
async function runAction(input: AppointmentAction, s: ActionScene): Promise<ActionResult> {
  switch (input.action) {
    case "confirm":
      return confirmAction(input, { ...s, earlyNote: await checkTime(input, s) });
    case "propose":
      return proposeAction(input, { ...s, earlyNote: await checkTime(input, s) });
    case "decline":
      return declineAction(input, s);
    case "cancel":
      return cancelAction(input, s);
  }
}

/**
 * The dispatcher: the request locked and read (loadScene), the action run (runAction), all in the caller's
 * transaction or a new one. A concurrent change that hit the live-appointment unique index is a
 * 409 asking to reload.
 */
async function actInTransaction(
  id: number,
  input: AppointmentAction,
  services: ServiceContext,
  options: { tx?: Db; quiet?: boolean } = {},
): Promise<ActionResult> {
  const mailCtx = mailContext();
  const run = <T>(work: (tx: Db) => Promise<T>) =>
    options.tx ? work(options.tx) : inTransaction(services, work);
  try {
    return await run(async (tx) =>
      runAction(input, await loadScene(id, services, tx, { quiet: options.quiet, mailCtx })),
    );
  } catch (error) {
    if (pgErrorCode(error) === "23505") {
      throw conflict("This booking was changed in another window at the same time. Please reload it.");
    }
    throw error;
  }
}

// ---------------------------------------------------------------- reminders

/**
 * Queues the reminder for every confirmed job whose reminder is due (the evening before, only for a
 * job confirmed at least a day ahead). Each is claimed (`reminder_sent_at`) in the same transaction
 * as its e-mail, so running twice sends each reminder once.
 */
export async function sendDueReminders(services: ServiceContext): Promise<{ queued: number }> {
  const ctx = mailContext();
  const now = services.now;
  const db = services.db;
  const today = dateInZone(now);
  const rules = await loadRules(db);
  const names = await savedServiceNames(db);
  const candidates = await repo.reminderCandidates(
    today,
    addDays(today, site.booking.reminder.daysBefore + 1),
    db,
  );
  let queued = 0;
  for (const job of candidates) {
    const a = job.appointment;
    const email = job.email;
    // A job taken by phone without an e-mail address gets no reminder (the owner rings instead).
    if (!a.date || !a.window || !a.confirmedAt || !email) continue;
    if (!isReminderDue({ now, confirmedAt: a.confirmedAt, date: a.date, window: a.window, rules })) continue;
    const sent = await inTransaction(services, async (tx) => {
      if (!(await repo.claimReminder(a.id, now, tx))) return false;
      await enqueueMessage(
        tx,
        appointmentReminderMessage(
          {
            id: a.submissionId,
            submittedAt: a.createdAt,
            ...job,
            email,
            serviceName: job.service ? names.get(job.service) : undefined,
          },
          { ...a, date: a.date!, window: a.window! },
          ctx,
          { now, rules },
        ),
        { submissionId: a.submissionId },
      );
      return true;
    });
    if (sent) queued += 1;
  }
  return { queued };
}

// ---------------------------------------------------------------- settings and blocked dates

export interface AvailabilitySettings {
  workingDays: number[];
  dailyCap: number;
  minimumNoticeWorkingDays: number;
  horizonWeeks: number;
  /** The site config's values, for "reset to default". */
  defaults: {
    workingDays: number[];
    dailyCap: number;
    minimumNoticeWorkingDays: number;
    horizonWeeks: number;
  };
  blocked: { date: IsoDate; label: string | null }[];
  /** The region's bank holidays for the coming years; `open` when the owner opened one for work. */
  holidays: { date: IsoDate; name: string; open: boolean }[];
  calendarFeed: boolean;
}

const workedDays = (rules: BookingRules) => rules.hours.flatMap((h, day) => (h ? [day] : []));

export async function availabilitySettings(services: ServiceContext): Promise<AvailabilitySettings> {
  const db = services.db;
  const now = services.now;
  const row = await repo.readSettings(db);
  const rules = rulesFromSettings(row);
  const base = bookingRules();
  const today = dateInZone(now);
  return {
    workingDays: workedDays(rules),
    dailyCap: rules.dailyCap,
    minimumNoticeWorkingDays: rules.minimumNoticeWorkingDays,
    horizonWeeks: rules.horizonWeeks,
    defaults: {
      workingDays: workedDays(base),
      dailyCap: base.dailyCap,
      minimumNoticeWorkingDays: base.minimumNoticeWorkingDays,
      horizonWeeks: base.horizonWeeks,
    },
    blocked: await repo.listBlocked(today, addDays(today, 800), db),
    holidays: await holidayList(today, db),
    calendarFeed: Boolean(row?.calendarFeedHash),
  };
}

export interface SettingsInput {
  workingDays?: number[] | undefined;
  dailyCap?: number | undefined;
  minimumNoticeWorkingDays?: number | undefined;
  horizonWeeks?: number | undefined;
}

export async function saveAvailabilitySettings(
  input: SettingsInput,
  services: ServiceContext,
): Promise<AvailabilitySettings> {
  const base = bookingRules();
  const same = (a: number[], b: number[]) => a.length === b.length && a.every((v, i) => v === b[i]);
  const patch: Parameters<typeof repo.saveSettings>[0] = {};
  if (input.workingDays !== undefined) {
    const days = [...new Set(input.workingDays)].sort();
    patch.workingDays = same(days, workedDays(base)) ? null : days;
  }
  if (input.dailyCap !== undefined) patch.dailyCap = input.dailyCap;
  if (input.minimumNoticeWorkingDays !== undefined)
    patch.minimumNoticeWorkingDays = input.minimumNoticeWorkingDays;
  if (input.horizonWeeks !== undefined) patch.horizonWeeks = input.horizonWeeks;
  await inTransaction(services, (tx) => repo.saveSettings(patch, tx));
  return availabilitySettings(services);
}

export async function blockDate(
  date: IsoDate,
  label: string | null,
  services: ServiceContext,
): Promise<AvailabilitySettings> {
  await inTransaction(services, (tx) => repo.addBlocked({ date, label: label?.trim() || null }, tx));
  return availabilitySettings(services);
}

export async function unblockDate(date: IsoDate, services: ServiceContext): Promise<AvailabilitySettings> {
  const removed = await inTransaction(services, (tx) => repo.removeBlocked(date, tx));
  if (!removed) throw new NotFound("That date is not blocked.");
  return availabilitySettings(services);
}

async function holidayList(today: IsoDate, db: Db) {
  const last = holidayHorizon(today);
  const opened = await repo.listOpenedHolidays(today, last, db);
  return bankHolidays(today, last, { today }).map((h) => ({ ...h, open: opened.has(h.date) }));
}

/** The owner opens a bank holiday for work (`open`) or blocks it again; NotFound for a date that is no holiday. */
export async function setHolidayOpen(
  date: IsoDate,
  open: boolean,
  services: ServiceContext,
): Promise<AvailabilitySettings> {
  const today = dateInZone(services.now);
  if (!bankHolidays(date, date, { today }).length) {
    throw new NotFound("That date is not a bank holiday in the coming years.");
  }
  await inTransaction(services, async (tx) => {
    if (open) await repo.openHoliday(date, tx);
    else await repo.closeHoliday(date, tx);
  });
  return availabilitySettings(services);
}

// ---------------------------------------------------------------- the private calendar feed

const hashSecret = (secret: string) => createHash("sha256").update(secret).digest("hex");
const secretPattern = /^[A-Za-z0-9_-]{43}$/;

/** Makes a new feed secret (256 bits), stores its hash, and returns it once. The old URL stops at once. */
export async function replaceFeedSecret(services: ServiceContext): Promise<string> {
  const secret = randomBytes(32).toString("base64url");
  await inTransaction(services, (tx) => repo.saveSettings({ calendarFeedHash: hashSecret(secret) }, tx));
  return secret;
}

/** The new feed's full URL (shown to the owner once). */
export async function replaceFeedUrl(services: ServiceContext): Promise<{ url: string }> {
  return { url: `${mailContext().siteUrl}${feedPath(await replaceFeedSecret(services))}` };
}

export function feedPath(secret: string): string {
  return `/api/calendar/${secret}.ics`;
}

/**
 * Where a job is, coarsely, for the calendar feed: the town and the postcode district
 * ("Kirkcaldy KY1") from an address such as "12 High Street, Kirkcaldy KY1 1AA"; never the street.
 * The town is the address's last comma-separated part when it holds no digit (a street or a flat
 * number does); undefined when neither can be found.
 */
export function areaOf(address: string | null): string | undefined {
  if (!address) return undefined;
  const postcode = /\b([A-Z]{1,2}\d[A-Z\d]?)\s*\d[A-Z]{2}\s*$/i.exec(address.trim());
  const rest = postcode ? address.trim().slice(0, postcode.index) : address;
  const last = rest
    .split(/[,\n]/)
    .map((p) => p.trim())
    .filter(Boolean)
    .at(-1);
  const town = last && !/\d/.test(last) ? last : undefined;
  const parts = [town, postcode?.[1]?.toUpperCase()].filter(Boolean);
  return parts.length ? parts.join(" ") : undefined;
}

/** The owner's feed for this secret, or null when the secret is not the current one. */
export async function calendarFeed(secret: string, services: ServiceContext): Promise<string | null> {
  if (!secretPattern.test(secret)) return null;
  const ctx: MailContext = mailContext();
  const now = services.now;
  const db = services.db;
  const row = await repo.readSettings(db);
  if (!row?.calendarFeedHash) return null;
  const given = Buffer.from(hashSecret(secret), "hex");
  const stored = Buffer.from(row.calendarFeedHash, "hex");
  if (given.length !== stored.length || !timingSafeEqual(given, stored)) return null;
  const rules = rulesFromSettings(row);
  const today = dateInZone(now);
  // Visits recorded as done stay, marked so, with the SEQUENCE their completion bumped.
  const jobs = await repo.confirmedJobs(addDays(today, -30), addDays(today, 90), db, true);
  // Only what the owner needs to see at a glance: every calendar app the feed is subscribed in
  // keeps a copy, so the phone, e-mail, job text and access notes stay in the admin.
  const events: AppointmentEvent[] = jobs.map((job) => {
    const reference = requestReference({ id: job.appointment.submissionId, formType: "booking" });
    const area = areaOf(job.address);
    const admin = `${ctx.siteUrl}/admin/requests/${job.appointment.submissionId}`;
    return {
      uid: job.appointment.uid,
      sequence: job.appointment.sequence,
      date: job.appointment.date!,
      window: job.appointment.window!,
      summary: `${job.appointment.status === "completed" ? "Done: " : ""}${job.name}: ${serviceLabel(job.service)} (${reference})`,
      location: area,
      description: `${reference}. Phone, address and job details: ${admin}`,
      url: admin,
    };
  });
  const organizer = { email: ctx.ownerEmail, name: site.name };
  return calendarFeedIcs({ name: `${site.name} jobs`, organizer, events, now, rules });
}

export { windowIds };
export type { Appointment };
export const _internal = { hashSecret };
