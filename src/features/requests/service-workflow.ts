/**
 * The request lifecycle's rules (docs/decisions/016-request-workflow.md): the inbox query, one
 * request, its history and notes. State changes are checked against
 * src/features/requests/contract/states.ts and recorded in the history in the same transaction
 * (./service-state.ts). The owner's actions that reach the features above requests (a state change
 * that ends a visit or invites a review, bulk actions, delete and anonymise, the links sent, the
 * dashboard's "needs attention") are src/features/request-actions/service.ts.
 *
 * Services take typed input and a ServiceContext and throw domain errors; a scheduled job, the
 * appointment flow or the customer's page call `changeState` (or `applyStateChange` inside their
 * own transaction) with their own actor.
 */
import { encodeCursor } from "./contract/inbox-cursor";
import type { AdminRequest } from "./contract/endpoints";
import type { AdminHistoryEntry, AdminNote } from "./contract/endpoints";
import type { InboxQuery } from "./contract/workflow";
import * as search from "./repository-search";
import * as workflow from "./repository-workflow";
import { withMailStatus } from "./service-admin";
import { inTransaction, serviceContext, type ServiceContext } from "../../platform/context";
import { NotFound } from "../../platform/domain-errors";
import { applyStateChange, changeState, findOne, invalidTransition, missingRequest } from "./service-state";

/** How long a quote may wait for an answer before the dashboard calls it out. */
export const staleQuoteDays = 7;

const missing = missingRequest;

export { applyStateChange, changeState, invalidTransition };

/** One request as the inbox shows it; NotFound when there is no such id. */
export async function getRequest(id: number, ctx: ServiceContext = serviceContext()): Promise<AdminRequest> {
  const [shaped] = await withMailStatus([await findOne(id, ctx.db)], ctx);
  return shaped!;
}

/** A page of the inbox and the cursor of the next one. */
export async function listInbox(
  query: InboxQuery,
  ctx: ServiceContext = serviceContext(),
): Promise<{ submissions: AdminRequest[]; nextCursor: string | null }> {
  const { rows, next } = await search.listPage(
    toFilter(query),
    { cursor: query.cursor ?? null, limit: query.limit },
    ctx.db,
  );
  return { submissions: await withMailStatus(rows, ctx), nextCursor: next ? encodeCursor(next) : null };
}

export function toFilter(query: Omit<InboxQuery, "cursor" | "limit">): search.InboxFilter {
  return {
    type: query.type,
    ...(query.state ? { states: query.state } : {}),
    ...(query.q ? { q: query.q } : {}),
    ...(query.from ? { from: query.from } : {}),
    ...(query.to ? { to: query.to } : {}),
    archived: query.archived,
    sort: query.sort,
  };
}

export async function history(
  id: number,
  ctx: ServiceContext = serviceContext(),
): Promise<AdminHistoryEntry[]> {
  await findOne(id, ctx.db);
  return (await workflow.listHistory(id, ctx.db)).map((h) => ({
    id: h.id,
    fromState: h.fromState,
    toState: h.toState,
    actor: h.actor,
    note: h.note,
    changedAt: h.changedAt.toISOString(),
  }));
}

const toAdminNote = (n: workflow.Note): AdminNote => ({
  id: n.id,
  submissionId: n.submissionId,
  body: n.body,
  createdAt: n.createdAt.toISOString(),
  updatedAt: n.updatedAt.toISOString(),
});

export async function notes(id: number, ctx: ServiceContext = serviceContext()): Promise<AdminNote[]> {
  await findOne(id, ctx.db);
  return (await workflow.listNotes(id, ctx.db)).map(toAdminNote);
}

export async function addNote(
  id: number,
  body: string,
  ctx: ServiceContext = serviceContext(),
): Promise<AdminNote> {
  return inTransaction(ctx, async (tx) => {
    await workflow.lockStates([id], tx).then((found) => {
      if (!found.has(id)) throw missing();
    });
    await workflow.setRead([id], true, tx);
    return toAdminNote(await workflow.addNote(id, body, tx));
  });
}

export async function editNote(
  noteId: number,
  body: string,
  ctx: ServiceContext = serviceContext(),
): Promise<AdminNote> {
  const note = await workflow.updateNote(noteId, body, ctx.db);
  if (!note) throw new NotFound("That note no longer exists.");
  return toAdminNote(note);
}

export async function deleteNote(noteId: number, ctx: ServiceContext = serviceContext()): Promise<void> {
  if (!(await workflow.removeNote(noteId, ctx.db))) throw new NotFound("That note no longer exists.");
}
