/**
 * A job the owner adds by hand (docs/decisions/037-jobs-by-hand.md): one transaction stores the
 * request as a booking with its source, joins it to its customer, starts its history with
 * "Added by you, from a phone call" (the owner's), marks it read, books the visit when one was
 * given (every rule of the owner's own confirm or offer: blocked days, bank holidays, the cap,
 * an override reason recorded), and queues the customer's confirmation with the private link only
 * when the owner asked for it and there is an address. No owner notification: he made it.
 *
 * A repeated Idempotency-Key returns the first job and stores nothing (a double tap on a phone).
 */
import { inTransaction, type ServiceContext } from "../../platform/context";
import * as outbox from "../mail";
import { customerConfirmationMessage } from "../mail";
import { deliverSoon, mailContext } from "../mail";
import { assignCustomer } from "../customers";
import { ownerAppointmentActionIn } from "../appointments";
import * as requestsRepo from "./repository";
import * as workflowRepo from "./repository-workflow";
import { sourceLabels } from "./contract/states";
import type { OwnerJob } from "./contract/owner-job";
import type { AdminRequest } from "./contract/endpoints";
import { getRequest } from "./service-workflow";
import { Invalid } from "../../platform/domain-errors";
import { serviceNames } from "../site-content";

/** Owner jobs keep their idempotency keys apart from the forms' (the column is one unique index). */
const keyScope = "owner-job:";

export async function addOwnerJob(
  job: OwnerJob,
  idempotencyKey: string | undefined,
  ctx: ServiceContext,
): Promise<{ submission: AdminRequest; created: boolean }> {
  // Any of the website's services, a hidden one included: the owner may still take such a job.
  const names = await serviceNames(ctx);
  if (!names.has(job.service)) {
    throw new Invalid("Please check the highlighted fields.", {
      fields: { service: "Please choose one of your services." },
    });
  }
  const result = await inTransaction(ctx, async (tx) => {
    const { request, created } = await requestsRepo.insert(
      {
        formType: "booking",
        source: job.source,
        name: job.name,
        email: job.email ?? null,
        phone: job.phone ?? null,
        message: job.message,
        address: job.address,
        service: job.service,
      },
      idempotencyKey ? `${keyScope}${idempotencyKey}` : undefined,
      tx,
    );
    if (!created) return { id: request.id, created, mailIds: [] as number[] };
    await assignCustomer(tx, request.id);
    await workflowRepo.addHistory(
      [
        {
          submissionId: request.id,
          fromState: null,
          toState: "new",
          note: `Added by you, ${sourceLabels[job.source].from}`,
        },
      ],
      ctx.actor,
      tx,
    );
    await workflowRepo.setRead([request.id], true, tx);
    const send = Boolean(job.sendConfirmation && request.email);
    const mailIds: number[] = [];
    if (send && request.email) {
      mailIds.push(
        ...(await outbox.enqueue(
          [
            {
              message: customerConfirmationMessage(
                { ...request, email: request.email, serviceName: names.get(job.service) },
                mailContext(),
              ),
              submissionId: request.id,
            },
          ],
          tx,
        )),
      );
    }
    if (job.visit) {
      const { status, ...visit } = job.visit;
      const booked = await ownerAppointmentActionIn(
        request.id,
        {
          action: status === "confirmed" ? "confirm" : "propose",
          date: visit.date,
          window: visit.window,
          ...(visit.dayOverrideReason ? { dayOverrideReason: visit.dayOverrideReason } : {}),
        },
        tx,
        ctx,
        { quiet: !send },
      );
      mailIds.push(...booked.mailIds);
    }
    return { id: request.id, created, mailIds };
  });
  await deliverSoon(ctx, result.mailIds);
  return { submission: await getRequest(result.id, ctx), created: result.created };
}
