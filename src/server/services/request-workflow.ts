/**
 * The request lifecycle's rules (docs/decisions/016-request-workflow.md): state changes checked
 * against src/lib/request-states.ts and recorded in the history in the same transaction, notes,
 * archive, bulk actions, the inbox query and the dashboard's "needs attention".
 *
 * Services take typed input and never see a Request; a scheduled job, the appointment flow or the
 * customer's page call `changeState` with their own actor.
 */
import { site } from "../../config/site";
import { addDays, londonParts } from "../../lib/london-time";
import { canTransition, stateInfo, type RequestActor, type RequestState } from "../../lib/request-states";
import type { AdminSubmission } from "../../lib/schemas/admin";
import type {
  AdminAttention,
  AdminHistoryEntry,
  AdminInboxPage,
  AdminNote,
  AdminSentLink,
  BulkActionInput,
  BulkResult,
  InboxQuery,
  SubmissionPatch,
} from "../../lib/schemas/requests";
import { getDb, type Executor } from "../db/client";
import { ApiError, badRequest, notFound } from "../http/errors";
import * as search from "../repositories/request-search";
import * as workflow from "../repositories/request-workflow";
import * as submissions from "../repositories/submissions";
import type { Submission } from "../repositories/submissions";
import { scheduledOn } from "../repositories/scheduled-jobs";
import { withMailStatus } from "./admin-content";
import { listLinks } from "../customer/links";
import { requestPagePath } from "../customer/link-url";

/** How long a quote may wait for an answer before the dashboard calls it out. */
export const staleQuoteDays = 7;

const missing = () => notFound("That request no longer exists.");

export const invalidTransition = (from: RequestState, to: RequestState) =>
  new ApiError(
    409,
    "invalid_transition",
    `A request that is ${stateInfo[from].label.toLowerCase()} cannot be moved to ${stateInfo[to].label.toLowerCase()}.`,
  );

/**
 * Moves one request to `to` and records the change (from, to, actor, note) in one transaction.
 * Moving to the state it is already in changes nothing and records nothing.
 */
export async function changeState(
  id: number,
  to: RequestState,
  options: { actor: RequestActor; note?: string | undefined },
): Promise<Submission> {
  return getDb().transaction(async (tx) => applyStateChange(id, to, options, tx));
}

/**
 * `changeState` inside a transaction the caller already holds (e.g. confirming an appointment and
 * scheduling its request together). The row stays locked until that transaction ends.
 */
export async function applyStateChange(
  id: number,
  to: RequestState,
  options: { actor: RequestActor; note?: string | undefined },
  tx: Executor,
): Promise<Submission> {
  const from = (await workflow.lockStates([id], tx)).get(id);
  if (!from) throw missing();
  if (from === to) {
    const current = await submissions.findById(id, tx);
    if (!current) throw missing();
    return current;
  }
  if (!canTransition(from, to, options.actor)) throw invalidTransition(from, to);
  const [updated] = await workflow.setStates([id], to, tx);
  await workflow.addHistory(
    [{ submissionId: id, fromState: from, toState: to, actor: options.actor, note: options.note ?? null }],
    tx,
  );
  return updated!;
}

/** PATCH from the admin: any of read flag, state (with a note) and archive, in one transaction. */
export async function updateSubmission(id: number, patch: SubmissionPatch): Promise<AdminSubmission> {
  const row = await getDb().transaction(async (tx) => {
    let current: Submission | null = null;
    if (patch.state !== undefined) {
      current = await applyStateChange(id, patch.state, { actor: "owner", note: patch.note }, tx);
    }
    if (patch.isRead !== undefined && (await workflow.setRead([id], patch.isRead, tx)).length === 0) {
      throw missing();
    }
    if (patch.archived !== undefined && (await workflow.setArchived([id], patch.archived, tx)).length === 0) {
      throw missing();
    }
    if (patch.isRead !== undefined || patch.archived !== undefined || !current) {
      current = await submissions.findById(id, tx);
    }
    if (!current) throw missing();
    return current;
  });
  const [shaped] = await withMailStatus([row]);
  return shaped!;
}

export async function listInbox(query: InboxQuery): Promise<AdminInboxPage<AdminSubmission>> {
  let cursor: search.Cursor | null = null;
  if (query.cursor) {
    cursor = search.decodeCursor(query.cursor, query.sort);
    if (!cursor) throw badRequest("That page link has expired; please reload the list.", "invalid_cursor");
  }
  const { rows, next } = await search.listPage(toFilter(query), { cursor, limit: query.limit });
  return { submissions: await withMailStatus(rows), nextCursor: next ? search.encodeCursor(next) : null };
}

export function toFilter(query: InboxQuery): search.InboxFilter {
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

/**
 * One action on many requests, in one transaction. A state change (or "spam") skips the requests
 * it is not allowed for and reports them; ids that no longer exist are reported as missing.
 */
export async function bulk(input: BulkActionInput, actor: RequestActor = "owner"): Promise<BulkResult> {
  const ids = [...new Set(input.ids)];
  return getDb().transaction(async (tx) => {
    const states = await workflow.lockStates(ids, tx);
    const existing = ids.filter((id) => states.has(id));
    const missingIds = ids.filter((id) => !states.has(id));
    let changed: number[] = [];
    let skipped: number[] = [];
    switch (input.action) {
      case "read":
      case "unread":
        changed = await workflow.setRead(existing, input.action === "read", tx);
        break;
      case "archive":
      case "unarchive":
        changed = await workflow.setArchived(existing, input.action === "archive", tx);
        break;
      case "delete":
        changed = (await workflow.removeRequests(existing, tx)).ids;
        break;
      case "state":
      case "spam": {
        const to: RequestState = input.action === "spam" ? "spam" : input.state!;
        const unchanged = existing.filter((id) => states.get(id) === to);
        const allowed = existing.filter(
          (id) => states.get(id) !== to && canTransition(states.get(id)!, to, actor),
        );
        skipped = existing.filter((id) => states.get(id) !== to && !allowed.includes(id));
        await workflow.setStates(allowed, to, tx);
        await workflow.addHistory(
          allowed.map((id) => ({
            submissionId: id,
            fromState: states.get(id)!,
            toState: to,
            actor,
            note: input.note ?? null,
          })),
          tx,
        );
        changed = [...allowed, ...unchanged].sort((a, b) => a - b);
        break;
      }
    }
    return { changed: changed.sort((a, b) => a - b), skipped, missing: missingIds };
  });
}

/** Deletes one request with its history, notes and every e-mail about it. */
export async function deleteRequest(id: number): Promise<void> {
  const { ids } = await getDb().transaction((tx) => workflow.removeRequests([id], tx));
  if (ids.length === 0) throw missing();
}

async function assertExists(id: number): Promise<void> {
  if (!(await submissions.findById(id))) throw missing();
}

export async function history(id: number): Promise<AdminHistoryEntry[]> {
  await assertExists(id);
  return (await workflow.listHistory(id)).map((h) => ({
    id: h.id,
    fromState: h.fromState,
    toState: h.toState,
    actor: h.actor,
    note: h.note,
    changedAt: h.changedAt.toISOString(),
  }));
}

/** The private links sent for a request (never their tokens): decision 019. */
export async function sentLinks(id: number): Promise<AdminSentLink[]> {
  await assertExists(id);
  return (await listLinks(id)).map((l) => ({
    id: l.id,
    createdAt: l.createdAt.toISOString(),
    mailSubject: l.mailSubject,
    mailStatus: l.mailStatus,
    mailSentAt: l.mailSentAt?.toISOString() ?? null,
    target: `${requestPagePath}/…`,
  }));
}

const toAdminNote = (n: workflow.Note): AdminNote => ({
  id: n.id,
  body: n.body,
  createdAt: n.createdAt.toISOString(),
  updatedAt: n.updatedAt.toISOString(),
});

export async function notes(id: number): Promise<AdminNote[]> {
  await assertExists(id);
  return (await workflow.listNotes(id)).map(toAdminNote);
}

export async function addNote(id: number, body: string): Promise<AdminNote> {
  await assertExists(id);
  return toAdminNote(await workflow.addNote(id, body));
}

export async function editNote(id: number, noteId: number, body: string): Promise<AdminNote> {
  const note = await workflow.updateNote(id, noteId, body);
  if (!note) throw notFound("That note no longer exists.");
  return toAdminNote(note);
}

export async function deleteNote(id: number, noteId: number): Promise<void> {
  if (!(await workflow.removeNote(id, noteId))) throw notFound("That note no longer exists.");
}

/**
 * The dashboard's "needs attention": requests still new after the promised reply time, quotes
 * waiting more than a week, today's and tomorrow's visits, and the count in each state.
 */
export async function attention(now = new Date()): Promise<AdminAttention> {
  const db = getDb();
  const today = londonParts(now).date;
  const tomorrow = addDays(today, 1);
  const replyBy = new Date(now.getTime() - site.response.replyWithinHours * 3600_000);
  const quotedBefore = new Date(now.getTime() - staleQuoteDays * 86_400_000);
  const [counts, overdueReplies, staleQuotes, jobs] = await Promise.all([
    workflow.countsByState(db),
    workflow.overdue(replyBy, 5, db),
    workflow.staleQuotes(quotedBefore, 5, db),
    scheduledOn([today, tomorrow], db),
  ]);
  return {
    counts: counts.counts,
    archived: counts.archived,
    overdueReplies,
    staleQuotes,
    today: jobs.filter((j) => j.date === today),
    tomorrow: jobs.filter((j) => j.date === tomorrow),
  };
}
