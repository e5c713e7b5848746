/**
 * On the day of a visit (docs/decisions/040-on-the-day.md): "on my way" and "running late" tell the
 * customer by e-mail when to expect the owner; "visit done" records the visit completed, when, the
 * owner's note and his after-photos, and answers the next steps (an invoice, the request done, a
 * review). `:id` is the appointment's id.
 *
 * Each runs in one transaction: the request row is locked first (as every appointment change does),
 * then the appointment; the e-mail is queued in the outbox with the change and gets one quick attempt
 * after the commit. The request's state is left alone: marking it done stays the owner's own step.
 */
import { Conflict, Invalid, NotFound } from "../../platform/domain-errors";
import { inTransaction, type ServiceContext } from "../../platform/context";
import type { Db } from "../../platform/db/client";
import { dateInZone, formatTime } from "../../platform/time";
import * as outbox from "../mail";
import { savedServiceNames } from "../site-content";
import { deliverSoon, mailContext } from "../mail";
import { claimPhotos, parsePhotoIds } from "../photos";
import type { RequestState } from "../requests/contract/states";
import * as workflow from "../requests";
import type { CustomerRequest } from "../requests";
import type { CompleteVisitInput, EtaInput } from "./contract/owner-forms";
import { appointmentLabel } from "./mail";
import { arrivalTime, onTheWayMessage, onTheWayText } from "./mail-day";
import * as repo from "./repository";
import type { Appointment } from "./repository";
import { endLiveVisit } from "./service-lifecycle";
import { loadRules, view, type AppointmentView } from "./service";
import { hasEmail } from "../requests";

export interface DayActionResult {
  appointment: AppointmentView;
  requestId: number;
  requestState: RequestState;
}

/**
 * What "On my way" and "Running late" answer: how the customer hears of it. E-mailed when the
 * request has an address; otherwise the same words for the owner to text from his phone (nothing
 * is queued, and nothing claims an e-mail went).
 */
export interface TellResult extends DayActionResult {
  told: "email" | "text";
  text: { phone: string | null; message: string } | null;
}

export interface NextSteps {
  /** The request's invoices in the admin, where an invoice is created. */
  invoiceHref: string;
  /** Whether the request can be marked done now (it is open). */
  canMarkDone: boolean;
  /** A review invitation goes with a done request (automatically, or sent from its dialog). */
  review: "after_done" | "available";
}

export interface CompleteResult extends DayActionResult {
  photosAdded: number;
  nextSteps: NextSteps;
}

interface Locked {
  appointment: Appointment;
  request: CustomerRequest;
  state: RequestState;
}

/** The appointment and its request, the request locked first, then the appointment. */
async function lockVisit(id: number, tx: Db): Promise<Locked> {
  const requestId = await repo.requestIdOf(id, tx);
  if (requestId === null) throw new NotFound("That visit no longer exists.");
  const state = (await workflow.lockStates([requestId], tx)).get(requestId);
  const appointment = await repo.findByIdForUpdate(id, tx);
  const [request] = await workflow.findMany([requestId], tx);
  if (!state || !appointment || !request) throw new NotFound("That visit no longer exists.");
  return { appointment, request, state };
}

/** A confirmed visit on today's date (Europe/London), or the 409 saying why not. */
function requireToday(a: Appointment, now: Date): void {
  if (a.status !== "confirmed") {
    throw new Conflict(
      a.status === "completed"
        ? "This visit is already recorded as done."
        : "Only a confirmed visit can be started: this one is not confirmed.",
      "visit_not_confirmed",
    );
  }
  if (a.date !== dateInZone(now)) {
    throw new Conflict(
      `This visit is on ${appointmentLabel(a.date!, a.window!)}, not today: "On my way" and "Running late" are for today's visits.`,
      "visit_not_today",
    );
  }
}

/** The history's words: what the customer was told, or that a text was left to the owner. */
function tellNote(late: boolean, eta: Date, emailed: boolean): string {
  const at = arrivalTime(eta);
  if (emailed) {
    return late
      ? `Running late: the customer was told the new arrival, around ${at}`
      : `On the way: the customer was told the arrival, around ${at}`;
  }
  return late
    ? `Running late: new arrival around ${at}; no e-mail address, so a text message was offered to send from the owner's phone`
    : `On the way: arriving around ${at}; no e-mail address, so a text message was offered to send from the owner's phone`;
}

async function tellCustomer(
  id: number,
  input: EtaInput,
  late: boolean,
  ctx: ServiceContext,
): Promise<TellResult> {
  const now = ctx.now;
  const eta = new Date(now.getTime() + input.etaMinutes * 60_000);
  const { result, mailIds } = await inTransaction(ctx, async (tx) => {
    const { appointment, request, state } = await lockVisit(id, tx);
    requireToday(appointment, now);
    if (late && !appointment.onMyWayAt) {
      throw new Conflict(
        'Send "On my way" first: "Running late" gives the customer a new arrival time.',
        "not_on_the_way",
      );
    }
    const updated = await repo.updateAppointment(
      appointment.id,
      late ? { etaAt: eta } : { onMyWayAt: now, etaAt: eta },
      tx,
    );
    const emailed = hasEmail(request);
    // The service by its published name (one the owner added later has no name in the code).
    const serviceName = request.service ? (await savedServiceNames(tx)).get(request.service) : undefined;
    const mailIds = hasEmail(request)
      ? await outbox.enqueue(
          [
            {
              message: onTheWayMessage({ ...request, serviceName }, eta, mailContext(), { late }),
              submissionId: request.id,
            },
          ],
          tx,
        )
      : [];
    await workflow.setRead([request.id], true, tx);
    await workflow.addHistory(
      [{ submissionId: request.id, fromState: state, toState: state, note: tellNote(late, eta, emailed) }],
      ctx.actor,
      tx,
    );
    const rules = await loadRules(tx);
    const result: TellResult = {
      appointment: view(updated, rules),
      requestId: request.id,
      requestState: state,
      told: emailed ? "email" : "text",
      text: emailed
        ? null
        : { phone: request.phone || null, message: onTheWayText({ ...request, serviceName }, eta, { late }) },
    };
    return { result, mailIds };
  });
  await deliverSoon(ctx, mailIds);
  return result;
}

/** POST /api/admin/appointments/:id/on-my-way */
export const onMyWay = (id: number, input: EtaInput, ctx: ServiceContext) =>
  tellCustomer(id, input, false, ctx);

/** POST /api/admin/appointments/:id/running-late */
export const runningLate = (id: number, input: EtaInput, ctx: ServiceContext) =>
  tellCustomer(id, input, true, ctx);

/**
 * POST /api/admin/appointments/:id/complete: the confirmed visit recorded completed at `completedAt`
 * (now when absent; not in the future, not before the visit's day), the note and the after-photos
 * with it. The request's state does not change.
 */
export async function completeVisit(
  id: number,
  input: CompleteVisitInput,
  ctx: ServiceContext,
): Promise<CompleteResult> {
  const now = ctx.now;
  const at = input.completedAt ? new Date(input.completedAt) : now;
  if (at.getTime() > now.getTime() + 60_000) {
    throw new Invalid("Please check the highlighted fields.", {
      fields: { completedAt: "The visit cannot be done in the future." },
    });
  }
  const photoIds = parsePhotoIds(input.photos);
  return inTransaction(ctx, async (tx) => {
    const { appointment, request, state } = await lockVisit(id, tx);
    if (appointment.status !== "confirmed") {
      throw new Conflict(
        appointment.status === "completed"
          ? "This visit is already recorded as done."
          : "Only a confirmed visit can be recorded as done: this one is not confirmed.",
        "visit_not_confirmed",
      );
    }
    if (appointment.date! > dateInZone(now)) {
      throw new Conflict(
        `This visit is on ${appointmentLabel(appointment.date!, appointment.window!)}, still ahead. Record it done on its day, or mark the request done and complete the visit there.`,
        "visit_ahead",
      );
    }
    if (dateInZone(at) < appointment.date!) {
      throw new Invalid("Please check the highlighted fields.", {
        fields: { completedAt: "The visit cannot be done before its day." },
      });
    }
    // The lifecycle's completion path: the visit completed on its day or after, at `at`, with the
    // next SEQUENCE for the owner's calendar feed; the customer's calendar keeps it as it was.
    const ended = await endLiveVisit(request.id, "done", { now: at }, tx);
    if (ended.kind !== "ended") throw new NotFound("That visit no longer exists.");
    const photosAdded = await claimPhotos(tx, request.id, photoIds, "after");
    const note = input.note?.trim();
    await workflow.setRead([request.id], true, tx);
    await workflow.addHistory(
      [
        {
          submissionId: request.id,
          fromState: state,
          toState: state,
          note: `${ended.note} at ${formatTime(at)}${photosAdded ? `, ${photosAdded} after ${photosAdded === 1 ? "photo" : "photos"} added` : ""}${note ? `. ${note}` : ""}`,
        },
      ],
      ctx.actor,
      tx,
    );
    const completed = await repo.findByIdForUpdate(appointment.id, tx);
    const rules = await loadRules(tx);
    const open = state !== "done" && state !== "lost" && state !== "cancelled";
    return {
      appointment: view(completed!, rules),
      requestId: request.id,
      requestState: state,
      photosAdded,
      nextSteps: {
        invoiceHref: `/admin/requests/${request.id}#invoices`,
        canMarkDone: open,
        review: state === "done" ? "available" : "after_done",
      },
    };
  });
}
