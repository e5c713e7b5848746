/**
 * The one path that creates a request, whoever asks: a contact message and a booking from the
 * website, a job the owner adds by hand. Inside the caller's transaction, in this order:
 *
 *   the row (a repeated Idempotency-Key returns the first row and does nothing else)
 *   → its customer, matched by e-mail address or phone number, or created
 *   → the history's first entry, by the context's actor
 *   → read or unread, the photos it names claimed
 *   → its e-mails, queued in the outbox
 *   → what the caller adds (a booking's options, the owner's visit), with its own e-mails
 *   → the owner's notification, queued in the outbox
 *
 * Nothing is sent here: the caller delivers the returned outbox ids after the commit.
 */
import type { Db } from "../../platform/db/client";
import type { ServiceContext } from "../../platform/context";
import { notifyOwner, type OwnerEvent } from "../push";
import { claimPhotos } from "../photos";
import type { NewRequestForMail } from "../mail";
import * as requestsRepo from "./repository";
import * as workflowRepo from "./repository-workflow";
import type { CustomerRequest, NewCustomerRequest } from "./repository";

/** What the caller adds inside the same transaction, after the row and its e-mails. */
export type RequestExtension = (request: CustomerRequest, tx: Db) => Promise<{ mailIds?: number[] } | void>;

export interface NewRequestDraft {
  fields: NewCustomerRequest;
  /** Already scoped by the caller (form or owner job), so keys never cross between them. */
  idempotencyKey?: string | undefined;
  /** The history's first line: "Sent from the contact form", "Added by you, from a phone call". */
  historyNote: string;
  /** The owner made it himself: stored as read. */
  read?: boolean;
  /** Upload ids to attach (an id that cannot be claimed rolls the whole request back). */
  photoIds?: readonly string[];
  extend?: RequestExtension;
  /** Queues the request's own e-mails; told how many photos came. */
  queueMail(request: CustomerRequest, facts: { photoCount: number }, tx: Db): Promise<number[]>;
  /** The owner's notification, if he is to be told (not for a job he added himself). */
  ownerEvent?(request: CustomerRequest): OwnerEvent;
}

export interface CreatedRequest {
  request: CustomerRequest;
  created: boolean;
  /** Outbox ids to deliver after the commit. */
  mailIds: number[];
  pushIds: number[];
}

/** Creates the request in `tx` (see the file's comment); the context says who acts and when. */
export async function createRequestIn(
  draft: NewRequestDraft,
  tx: Db,
  ctx: Pick<ServiceContext, "actor" | "now">,
): Promise<CreatedRequest> {
  const { request, created } = await requestsRepo.insert(draft.fields, draft.idempotencyKey, tx);
  if (!created) return { request, created, mailIds: [], pushIds: [] };
  await requestsRepo.assignCustomer(request.id, tx);
  const first = {
    submissionId: request.id,
    fromState: null,
    toState: "new" as const,
    note: draft.historyNote,
  };
  await workflowRepo.addHistory([first], ctx.actor, tx);
  if (draft.read) await workflowRepo.setRead([request.id], true, tx);
  const photoCount = draft.photoIds?.length ? await claimPhotos(tx, request.id, draft.photoIds) : 0;
  const mailIds = await draft.queueMail(request, { photoCount }, tx);
  const extended = draft.extend ? await draft.extend(request, tx) : undefined;
  mailIds.push(...(extended?.mailIds ?? []));
  const pushIds = draft.ownerEvent
    ? await notifyOwner(draft.ownerEvent(request), { db: tx, now: ctx.now })
    : [];
  return { request, created, mailIds, pushIds };
}

/** The owner's notification of a new request: the name, the service and the first date asked for. */
export function newRequestEvent(
  request: CustomerRequest,
  booking?: NewRequestForMail["booking"],
): OwnerEvent {
  return {
    kind: "new_request",
    requestId: request.id,
    formType: request.formType,
    name: request.name,
    service: request.service,
    firstChoice: booking?.optionLabels[0] ?? null,
  };
}
