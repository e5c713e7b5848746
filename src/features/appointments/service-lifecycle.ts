/**
 * A request's live visit follows the request when the owner closes it (docs/decisions/035-diary.md):
 *
 * - done: a confirmed visit already past or today is recorded as completed (the owner's calendar
 *   feed shows it done with the next SEQUENCE). A confirmed visit still ahead refuses the change
 *   unless the owner chooses, in the same step, to complete it (the work was finished early: the
 *   customer's calendar gets the CANCEL, same UID, next SEQUENCE) or to cancel it (the customer is
 *   told, as for any cancelled visit). A time only offered is withdrawn and the customer told.
 * - lost or cancelled: the live visit is cancelled and the customer told; a confirmed one's
 *   calendar event is cancelled with the next SEQUENCE.
 *
 * Runs inside the caller's transaction, after the request row is locked; returns the e-mails it
 * queued and a sentence for the history row of the state change.
 */
import type { IsoDate } from "./contract/dates";
import type { CloseVisitChoice, RequestState } from "../requests/contract/states";
import type { Db } from "../../platform/db/client";
import { dateInZone } from "../../platform/time";
import { Conflict } from "../../platform/domain-errors";
import * as outbox from "../mail";
import { mailContext } from "../mail";
import * as workflow from "../requests";
import { savedServiceNames } from "../site-content";
import { appointmentCancelledMessage, appointmentLabel } from "./mail";
import * as repo from "./repository";
import type { Appointment } from "./repository";
import { loadRules } from "./service";

export type VisitEnding =
  | { kind: "none" }
  | { kind: "ahead"; appointment: Appointment; label: string }
  | { kind: "ended"; mailIds: number[]; note: string };

/** The refusal when a done request would leave its confirmed visit ahead. */
export function visitAheadConflict(label: string): Conflict {
  return new Conflict(
    `The visit on ${label} is still ahead. To mark the request done, complete the visit (the work is finished) or cancel it in the same step.`,
    "visit_ahead",
  );
}

/** True when the visit is confirmed for a day after today (Europe/London). */
export const isAhead = (a: Appointment, today: IsoDate) => a.status === "confirmed" && a.date! > today;

/**
 * Ends request `requestId`'s live visit as `to` says. With `to` done and a confirmed visit ahead
 * and no `choice`, changes nothing and answers `ahead` (the caller refuses or skips the request).
 */
export async function endLiveVisit(
  requestId: number,
  to: RequestState,
  options: { choice?: CloseVisitChoice | undefined; reason?: string | undefined; now: Date },
  tx: Db,
): Promise<VisitEnding> {
  if (to !== "done" && to !== "lost" && to !== "cancelled") return { kind: "none" };
  const live = await repo.findLiveForUpdate(requestId, tx);
  if (!live) return { kind: "none" };
  const rules = await loadRules(tx);
  const today = dateInZone(options.now);
  const label = appointmentLabel(live.date!, live.window!, rules);
  const ahead = isAhead(live, today);
  if (to === "done" && ahead && !options.choice) return { kind: "ahead", appointment: live, label };

  const [request] = await workflow.findMany([requestId], tx);
  const reason = options.reason?.trim() || null;
  const complete = to === "done" && live.status === "confirmed" && options.choice !== "cancel";
  const wasConfirmed = live.status === "confirmed";
  const ended = await repo.updateAppointment(
    live.id,
    complete
      ? { status: "completed", completedAt: options.now, sequence: live.sequence + 1 }
      : {
          status: "cancelled",
          message: reason,
          sequence: wasConfirmed ? live.sequence + 1 : live.sequence,
        },
    tx,
  );
  // Completed on its day or after: the customer's calendar already holds the visit as it was,
  // and the review invitation follows the done request. Completed before its day: the event
  // ahead is taken out of their calendar.
  // Nobody to tell by e-mail on a job taken by phone without an address.
  const email = request?.email;
  const tell = (!complete || ahead) && Boolean(email);
  const mailIds =
    tell && request && email
      ? await outbox.enqueue(
          [
            {
              message: appointmentCancelledMessage(
                {
                  ...request,
                  email,
                  serviceName: request.service
                    ? (await savedServiceNames(tx)).get(request.service)
                    : undefined,
                },
                { ...ended, date: live.date!, window: live.window! },
                mailContext(),
                {
                  declined: false,
                  wasConfirmed,
                  requestClosed: true,
                  reason: complete
                    ? "The work is finished, so this visit is no longer needed."
                    : (reason ?? null),
                  now: options.now,
                  rules,
                },
              ),
              submissionId: requestId,
            },
          ],
          tx,
        )
      : [];
  const note = complete
    ? `Visit on ${label} completed`
    : `${wasConfirmed ? "Visit" : "Offered time"} on ${label} cancelled`;
  return { kind: "ended", mailIds, note };
}
