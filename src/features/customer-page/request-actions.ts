/**
 * The four things a customer may do with their request from their page, one function each: accept
 * the offered time, ask for another time, send a message, cancel. `actOnRequest`
 * (src/features/customer-page/service.ts) checks the form, locks the request and claims the form's
 * key, then calls one of these inside that transaction with what it read (`ActionScene`). Each makes
 * its change with its history row and queues its e-mails and the owner's notification; the ids
 * queued are collected on the scene and delivered after the commit.
 */
import { businessFact } from "../../lib/business-facts";
import { site } from "../../config/site";
import type { IsoDate } from "../appointments/contract/dates";
import type { WindowId } from "../appointments/contract/windows";
import type { CustomerAction } from "./contract/endpoints";
import type { RequestState } from "../requests/contract/states";
import type { Db } from "../../platform/db/client";
import type { ServiceContext } from "../../platform/context";
import { Conflict } from "../../platform/domain-errors";
import {
  appointmentLabel,
  customerAppointmentAction,
  optionLabels,
  replacePreferredOptions,
  updateAppointment,
  type Appointment,
  type loadRules,
} from "../appointments";
import { enqueue, pageOffer, type mailContext, type OutgoingMessage } from "../mail";
import { notifyOwner, type OwnerEvent } from "../push";
import { addHistory, applyStateChange, mailable, type CustomerRequest } from "../requests";
import { customerUpdateMessage, ownerCustomerUpdateMessage } from "./mail";

export interface ActionOutcome {
  /** False when this form had already been sent (a reload or a double click): nothing changed. */
  changed: boolean;
  heading: string;
  message: string;
}

/** What the customer wrote or asked for, checked before the transaction. */
export interface ActionAsked {
  message: string | null;
  reason: string | null;
  newOptions: { date: IsoDate; window: WindowId }[];
}

/** The request as read again under its lock, and where the action's queued ids are collected. */
export interface ActionScene {
  action: CustomerAction;
  requestId: number;
  state: RequestState;
  request: CustomerRequest & { serviceName?: string | undefined };
  rules: Awaited<ReturnType<typeof loadRules>>;
  /** The appointment offered or confirmed, locked; null for a message or none. */
  live: Appointment | null;
  confirmed: Appointment | null;
  /** The confirmed appointment is past the change cut-off. */
  isLate: boolean;
  mail: ReturnType<typeof mailContext>;
  tx: Db;
  ctx: ServiceContext;
  mailIds: number[];
  pushIds: number[];
}

/** The history note that starts the times a customer asked for instead. */
export const rescheduleNote = "Asked for another time: ";

export const tooLateMessage = `Your appointment is less than ${site.booking.changeCutoffHours} hours away, so it can no longer be changed online. Please call us on ${businessFact.phone}.`;
const tooLate = () => new Conflict(tooLateMessage, "too_late");
const nothingToAccept = () =>
  new Conflict(
    "There is no offered time to accept any more. Please go back to your request to see where it stands.",
    "no_proposal",
  );

async function notify(scene: ActionScene, event: OwnerEvent) {
  scene.pushIds.push(...(await notifyOwner(event, { db: scene.tx, now: scene.ctx.now })));
}

async function queue(scene: ActionScene, message: OutgoingMessage) {
  scene.mailIds.push(...(await enqueue([{ message, submissionId: scene.requestId }], scene.tx)));
}

function tellOwner(scene: ActionScene, details: string[]) {
  return queue(scene, ownerCustomerUpdateMessage(mailable(scene.request), scene.action, details, scene.mail));
}

/** A history row with no state change: the customer's message or the times they asked for. */
function note(scene: ActionScene, text: string | null) {
  const row = { submissionId: scene.requestId, fromState: scene.state, toState: scene.state, note: text };
  return addHistory([row], scene.ctx.actor, scene.tx);
}

async function acceptOffer(scene: ActionScene): Promise<ActionOutcome> {
  const { live, requestId, rules, tx, ctx } = scene;
  if (live?.status !== "proposed" || !live.date || !live.window) throw nothingToAccept();
  const label = appointmentLabel(live.date, live.window, rules);
  const done = await customerAppointmentAction(
    requestId,
    { action: "confirm", date: live.date, window: live.window },
    tx,
    ctx,
  );
  scene.mailIds.push(...done.mailIds);
  await tellOwner(scene, [
    `Confirmed: ${label}`,
    "They have been sent the confirmation with the calendar file.",
  ]);
  await notify(scene, {
    kind: "appointment_accepted",
    requestId,
    name: scene.request.name,
    label,
    day: live.date,
  });
  return {
    changed: true,
    heading: "Appointment confirmed",
    message: `Thank you: we will come on ${label}. We have e-mailed you the confirmation with a calendar file.`,
  };
}

async function askAnotherTime(scene: ActionScene, asked: ActionAsked): Promise<ActionOutcome> {
  const { live, confirmed, requestId, rules, tx } = scene;
  if (scene.isLate) throw tooLate();
  const labels = optionLabels(asked.newOptions, rules);
  await replacePreferredOptions(requestId, asked.newOptions, tx);
  if (live?.status === "proposed") {
    // The offered time is off the table; the owner offers or confirms a new one.
    await updateAppointment(
      live.id,
      { status: "cancelled", message: "The customer asked for another time." },
      tx,
    );
  }
  await note(scene, `${rescheduleNote}${labels.join("; ")}`);
  const change = { action: "reschedule" as const, options: labels };
  await queue(scene, customerUpdateMessage(mailable(scene.request), change, scene.mail, "change"));
  await tellOwner(scene, [
    `New times asked for:\n${labels.join("\n")}`,
    confirmed
      ? `The confirmed appointment (${appointmentLabel(confirmed.date!, confirmed.window!, rules)}) stands until you confirm a new time.`
      : "Please offer or confirm one of them.",
  ]);
  const day = confirmed?.date ?? null;
  await notify(scene, { kind: "another_time_asked", requestId, name: scene.request.name, day });
  return {
    changed: true,
    heading: "New times sent",
    message: "Thank you. We will confirm one of your new times, or suggest another, and e-mail you.",
  };
}

async function sendMessage(scene: ActionScene, asked: ActionAsked): Promise<ActionOutcome> {
  const message = asked.message!;
  await note(scene, message);
  const offer = pageOffer({
    closed: false,
    booking: scene.request.formType === "booking",
    late: scene.isLate,
  });
  const change = { action: "message" as const, text: message };
  await queue(scene, customerUpdateMessage(mailable(scene.request), change, scene.mail, offer));
  await tellOwner(scene, [`Message:\n${message}`]);
  return {
    changed: true,
    heading: "Message sent",
    message: "Thank you. We have your message and will reply soon.",
  };
}

async function cancelRequest(scene: ActionScene, asked: ActionAsked): Promise<ActionOutcome> {
  const { live, requestId, rules, tx, ctx } = scene;
  const reason = asked.reason;
  if (scene.isLate) throw tooLate();
  const because = reason ? `Reason: ${reason}` : "No reason given.";
  if (live) {
    const done = await customerAppointmentAction(
      requestId,
      { action: "cancel", reason: reason ?? undefined, requestState: "cancelled" },
      tx,
      ctx,
    );
    scene.mailIds.push(...done.mailIds);
    const label = live.date && live.window ? `: ${appointmentLabel(live.date, live.window, rules)}` : "";
    await tellOwner(scene, [
      `${live.status === "confirmed" ? "Cancelled the appointment" : "Turned down the offered time and cancelled"}${label}`,
      because,
    ]);
  } else {
    await applyStateChange(requestId, "cancelled", { note: reason ?? undefined }, tx, ctx);
    const change = { action: "cancel" as const, reason };
    await queue(scene, customerUpdateMessage(mailable(scene.request), change, scene.mail, "view"));
    await tellOwner(scene, [because]);
  }
  const day = live?.date ?? null;
  await notify(scene, { kind: "request_cancelled", requestId, name: scene.request.name, day });
  return {
    changed: true,
    heading: "Cancelled",
    message: "Your request is cancelled. We have e-mailed you to confirm.",
  };
}

/** One function per action the customer's page offers. */
export const requestActions: Record<
  CustomerAction,
  (scene: ActionScene, asked: ActionAsked) => Promise<ActionOutcome>
> = {
  accept: acceptOffer,
  reschedule: askAnotherTime,
  message: sendMessage,
  cancel: cancelRequest,
};
