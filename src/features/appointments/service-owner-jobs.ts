/**
 * A job the owner adds by hand (docs/decisions/037-jobs-by-hand.md), through the requests
 * feature's one creation path (`createRequestIn`): one transaction stores the request as a booking
 * with its source, joins it to its customer, starts its history with "Added by you, from a phone
 * call" (the owner's), marks it read and queues the customer's confirmation with the private link
 * only when the owner asked for it and there is an address. What this adds: the visit, booked when
 * one was given (every rule of the owner's own confirm or offer: blocked days, bank holidays, the
 * cap, an override reason recorded). No owner notification: he made it.
 *
 * A repeated Idempotency-Key returns the first job and stores nothing (a double tap on a phone).
 */
import { inTransaction, type ServiceContext } from "../../platform/context";
import type { Db } from "../../platform/db/client";
import { customerConfirmationMessage, deliverSoon, enqueue, mailContext } from "../mail";
import { createRequestIn, getRequest, type CustomerRequest } from "../requests";
import { sourceLabels } from "../requests/contract/states";
import type { OwnerJob } from "./contract/owner-job";
import type { AdminRequest } from "../requests/contract/endpoints";
import { Invalid } from "../../platform/domain-errors";
import { serviceNames } from "../site-content";
import { ownerAppointmentActionIn } from "./service";

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
  const send = Boolean(job.sendConfirmation && job.email);
  const result = await inTransaction(ctx, (tx) =>
    createRequestIn(
      {
        fields: {
          formType: "booking",
          source: job.source,
          name: job.name,
          email: job.email ?? null,
          phone: job.phone ?? null,
          message: job.message,
          address: job.address,
          service: job.service,
        },
        idempotencyKey: idempotencyKey ? `${keyScope}${idempotencyKey}` : undefined,
        historyNote: `Added by you, ${sourceLabels[job.source].from}`,
        read: true,
        queueMail: (request, _facts, db) =>
          send ? queueConfirmation(request, names.get(job.service), db) : Promise.resolve([]),
        extend: (request, db) => bookVisit(job, request, db, ctx, send),
      },
      tx,
      ctx,
    ),
  );
  await deliverSoon(ctx, result.mailIds);
  return { submission: await getRequest(result.request.id, ctx), created: result.created };
}

/** The customer's confirmation with the private link (only for a request with an address). */
async function queueConfirmation(request: CustomerRequest, serviceName: string | undefined, db: Db) {
  if (!request.email) return [];
  const message = customerConfirmationMessage(
    { ...request, email: request.email, serviceName },
    mailContext(),
  );
  return enqueue([{ message, submissionId: request.id }], db);
}

/** The visit the owner gave with the job, confirmed or offered; quiet unless he asked for mail. */
async function bookVisit(
  job: OwnerJob,
  request: CustomerRequest,
  tx: Db,
  ctx: ServiceContext,
  send: boolean,
) {
  if (!job.visit) return { mailIds: [] };
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
  return { mailIds: booked.mailIds };
}
