/**
 * One request's state change, checked against src/features/requests/contract/states.ts and
 * recorded in the history in the same transaction (docs/decisions/016-request-workflow.md,
 * docs/decisions/035-diary.md). The appointment flow, the quotes, the customer's page and the
 * scheduled jobs call it with their own actor; the owner's request screen goes through
 * src/features/requests/service-workflow.ts, which also ends the request's live visit.
 */
import { canTransition, stateInfo, type RequestActor, type RequestState } from "./contract/states";
import type { Db } from "../../platform/db/client";
import * as workflow from "./repository-workflow";
import type { CustomerRequest } from "./repository";
import { inTransaction, roleOf, serviceContext, type ServiceContext } from "../../platform/context";
import { Conflict, NotFound } from "../../platform/domain-errors";

export const missingRequest = () => new NotFound("That request no longer exists.");

export const invalidTransition = (from: RequestState, to: RequestState) =>
  new Conflict(
    `A request that is ${stateInfo[from].label.toLowerCase()} cannot be moved to ${stateInfo[to].label.toLowerCase()}.`,
    "invalid_transition",
  );

export async function findOne(id: number, db: Db): Promise<CustomerRequest> {
  const [row] = await workflow.findMany([id], db);
  if (!row) throw missingRequest();
  return row;
}

export interface StateChangeOptions {
  note?: string | undefined;
  /**
   * Whose rules allow the change, when they are not the actor's own: the owner confirming a visit
   * schedules the request under the appointment flow's rules (`system`), and the history still
   * names the owner.
   */
  rulesOf?: RequestActor | undefined;
}

/** What a state change needs of the service context: who acts. */
export type ActingContext = Pick<ServiceContext, "actor">;

/**
 * Moves one request to `to` and records the change (from, to, the context's actor, note) in one
 * transaction.
 * Moving to the state it is already in changes nothing and records nothing.
 */
export async function changeState(
  id: number,
  to: RequestState,
  options: StateChangeOptions,
  ctx: ServiceContext = serviceContext(),
): Promise<CustomerRequest> {
  return inTransaction(ctx, (tx) => applyStateChange(id, to, options, tx, ctx));
}

/**
 * `changeState` inside a transaction the caller already holds (e.g. confirming an appointment and
 * scheduling its request together). The row stays locked until that transaction ends. A change the
 * owner makes also marks the request read: he has seen it.
 */
export async function applyStateChange(
  id: number,
  to: RequestState,
  options: StateChangeOptions,
  tx: Db,
  ctx: ActingContext,
): Promise<CustomerRequest> {
  const from = (await workflow.lockStates([id], tx)).get(id);
  if (!from) throw missingRequest();
  const role = roleOf(ctx.actor);
  if (role === "owner") await workflow.setRead([id], true, tx);
  if (from === to) return findOne(id, tx);
  if (!canTransition(from, to, options.rulesOf ?? role)) throw invalidTransition(from, to);
  const [updated] = await workflow.setStates([id], to, tx);
  await workflow.addHistory(
    [{ submissionId: id, fromState: from, toState: to, note: options.note ?? null }],
    ctx.actor,
    tx,
  );
  return updated!;
}
