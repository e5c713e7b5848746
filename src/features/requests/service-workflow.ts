/**
 * The request lifecycle's rules (docs/decisions/016-request-workflow.md): state changes checked
 * against src/features/requests/contract/states.ts and recorded in the history in the same transaction, notes,
 * archive, bulk actions, the inbox query and the dashboard's "needs attention".
 *
 * Services take typed input and a ServiceContext and throw domain errors; a scheduled job, the
 * appointment flow or the customer's page call `changeState` (or `applyStateChange` inside their
 * own transaction) with their own actor.
 */
import { site } from "../../config/site";
import { encodeCursor } from "./contract/inbox-cursor";
import { addDays, wallClock } from "../../platform/time";
import { canTransition, type RequestState } from "./contract/states";
import type { AdminRequest } from "./contract/endpoints";
import type {
  AdminAttention,
  AdminHistoryEntry,
  AdminNote,
  AdminSentLink,
  BulkResult,
} from "./contract/endpoints";
import type { BulkActionInput, InboxQuery, RequestPatch } from "./contract/workflow";
import { listPageLinksForRequest, revokePageLinksForRequests } from "../customer-page";
import * as invoiceLinks from "../customer-page";
import * as search from "./repository-search";
import * as workflow from "./repository-workflow";
import type { PhotoBlobs } from "../photos";
import { scheduledOn } from "../appointments";
import { withMailStatus } from "./service-admin";
import { endLiveVisit, visitAheadConflict } from "../appointments";
import { inTransaction, roleOf, serviceContext, type ServiceContext } from "../../platform/context";
import { deliverSoon } from "../mail";
import { removeRequestPhotoBlobs } from "../photos";
import { autoInviteOnDone } from "../reviews";
import { Conflict, NotFound } from "../../platform/domain-errors";
import * as invoicesRepo from "../invoices";
import type { Db } from "../../platform/db/client";
import { applyStateChange, changeState, findOne, invalidTransition, missingRequest } from "./service-state";

/** How long a quote may wait for an answer before the dashboard calls it out. */
export const staleQuoteDays = 7;

const missing = missingRequest;

export { applyStateChange, changeState, invalidTransition };

/**
 * The owner's change to one request: any of read flag, state (with a note) and archive, at once.
 * Any change marks the request read unless the patch says otherwise. Moving to done, lost or
 * cancelled ends its live visit in the same transaction (src/features/appointments/service-lifecycle.ts);
 * done with a confirmed visit still ahead is refused (409 visit_ahead) unless `visit` says whether
 * to complete or cancel it.
 */
export async function updateRequest(
  id: number,
  patch: RequestPatch,
  ctx: ServiceContext = serviceContext(),
): Promise<AdminRequest> {
  let mail: number[] = [];
  const row = await inTransaction(ctx, async (tx) => {
    if (patch.state !== undefined) {
      const from = (await workflow.lockStates([id], tx)).get(id);
      if (!from) throw missing();
      if (from !== patch.state && !canTransition(from, patch.state, "owner"))
        throw invalidTransition(from, patch.state);
      let note = patch.note;
      if (from !== patch.state) {
        const ending = await endLiveVisit(
          id,
          patch.state,
          { choice: patch.visit, reason: patch.note, now: ctx.now },
          tx,
        );
        if (ending.kind === "ahead") throw visitAheadConflict(ending.label);
        if (ending.kind === "ended") {
          mail = ending.mailIds;
          note = patch.note ? `${ending.note}. ${patch.note}` : ending.note;
        }
      }
      await applyStateChange(id, patch.state, { note }, tx, ctx);
      if (patch.state === "done") mail = [...mail, ...(await autoInviteOnDone([id], ctx.now, tx))];
    }
    const isRead = patch.isRead ?? true;
    if ((await workflow.setRead([id], isRead, tx)).length === 0) throw missing();
    if (patch.archived !== undefined && (await workflow.setArchived([id], patch.archived, tx)).length === 0) {
      throw missing();
    }
    return findOne(id, tx);
  });
  await deliverSoon(ctx, mail);
  const [shaped] = await withMailStatus([row], ctx);
  return shaped!;
}

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

/**
 * One action on many requests, in one transaction. A state change (or "spam") skips the requests
 * it is not allowed for and reports them; ids that no longer exist are reported as missing.
 */
export async function bulk(
  input: BulkActionInput,
  ctx: ServiceContext = serviceContext(),
): Promise<BulkResult> {
  const actor = roleOf(ctx.actor);
  const ids = [...new Set(input.ids)];
  let photoBlobs: PhotoBlobs[] = [];
  const invitationMail: number[] = [];
  const result = await inTransaction(ctx, async (tx) => {
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
      case "delete": {
        const refusal = await issuedInvoicesRefusal(existing, tx);
        if (refusal) throw refusal;
        const removed = await workflow.removeRequests(existing, tx);
        changed = removed.ids;
        photoBlobs = removed.photoBlobs;
        break;
      }
      case "state":
      case "spam": {
        const to: RequestState = input.action === "spam" ? "spam" : input.state!;
        const unchanged = existing.filter((id) => states.get(id) === to);
        const permitted = existing.filter(
          (id) => states.get(id) !== to && canTransition(states.get(id)!, to, actor),
        );
        // Each request's live visit ends with it; done with a confirmed visit ahead is skipped
        // (the request's own screen offers to complete or cancel that visit).
        const allowed: number[] = [];
        const notes = new Map<number, string>();
        for (const id of permitted) {
          const ending = await endLiveVisit(id, to, { reason: input.note, now: ctx.now }, tx);
          if (ending.kind === "ahead") continue;
          allowed.push(id);
          if (ending.kind === "ended") {
            invitationMail.push(...ending.mailIds);
            notes.set(id, input.note ? `${ending.note}. ${input.note}` : ending.note);
          }
        }
        skipped = existing.filter((id) => states.get(id) !== to && !allowed.includes(id));
        await workflow.setStates(allowed, to, tx);
        if (actor === "owner") await workflow.setRead(allowed, true, tx);
        await workflow.addHistory(
          allowed.map((id) => ({
            submissionId: id,
            fromState: states.get(id)!,
            toState: to,
            note: notes.get(id) ?? input.note ?? null,
          })),
          ctx.actor,
          tx,
        );
        changed = [...allowed, ...unchanged];
        if (to === "done") invitationMail.push(...(await autoInviteOnDone(allowed, ctx.now, tx)));
        break;
      }
    }
    const byId = (a: number, b: number) => a - b;
    return { changed: changed.sort(byId), skipped: skipped.sort(byId), missing: missingIds.sort(byId) };
  });
  await removeRequestPhotoBlobs(photoBlobs);
  await deliverSoon(ctx, invitationMail);
  return result;
}

/**
 * Why requests with issued invoices or credit notes cannot be deleted (they are accounting records,
 * kept six years with the request they belong to), or null when none of `ids` has any. A draft
 * invoice is no record: it goes with its request.
 */
async function issuedInvoicesRefusal(ids: readonly number[], db: Db): Promise<Conflict | null> {
  const issued = await invoicesRepo.issuedNumbersByRequest(ids, db);
  if (issued.size === 0) return null;
  if (ids.length === 1) {
    const numbers = issued.get(ids[0]!)!;
    return new Conflict(
      `This request has issued ${numbers.length === 1 ? "invoice" : "invoices"} ${numbers.join(", ")}. Invoices are kept for six years, so the request cannot be deleted. Anonymise it instead: the customer's details go, the request, its invoices and the customer's link to them stay.`,
      "has_issued_invoices",
    );
  }
  return new Conflict(
    `${issued.size === 1 ? "One of these requests has" : `${issued.size} of these requests have`} issued invoices, which are kept for six years, so nothing was deleted. Untick ${issued.size === 1 ? "it" : "them"} (or anonymise ${issued.size === 1 ? "it" : "them"}) and try again.`,
    "has_issued_invoices",
  );
}

/**
 * Deletes one request with its history, notes, draft invoices and every e-mail about it; refused
 * (409 has_issued_invoices) while it has an issued invoice or credit note.
 */
export async function deleteRequest(id: number, ctx: ServiceContext = serviceContext()): Promise<void> {
  const { ids, photoBlobs } = await inTransaction(ctx, async (tx) => {
    if (!(await workflow.lockStates([id], tx)).has(id)) throw missing();
    const refusal = await issuedInvoicesRefusal([id], tx);
    if (refusal) throw refusal;
    return workflow.removeRequests([id], tx);
  });
  if (ids.length === 0) throw missing();
  await removeRequestPhotoBlobs(photoBlobs);
}

/**
 * Anonymises a request the owner may not delete (it carries issued invoices): the customer's details
 * go, the request, its history and its invoices stay (`workflow.anonymiseRequest`), and the history
 * says so. Anonymising twice changes nothing more.
 */
export async function anonymiseRequest(
  id: number,
  ctx: ServiceContext = serviceContext(),
): Promise<AdminRequest> {
  const photoBlobs = await inTransaction(ctx, async (tx) => {
    const state = (await workflow.lockStates([id], tx)).get(id);
    if (!state) throw missing();
    const done = await workflow.anonymiseRequest(id, ctx.now, tx);
    await workflow.addHistory(
      [
        {
          submissionId: id,
          fromState: state,
          toState: state,
          note: "Customer's details anonymised; the request and its invoices are kept",
        },
      ],
      ctx.actor,
      tx,
    );
    return done?.photoBlobs ?? [];
  });
  await removeRequestPhotoBlobs(photoBlobs);
  return getRequest(id, ctx);
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

/** The private links sent for a request (never a token): docs/decisions/019-customer-page.md. */
export async function sentLinks(
  id: number,
  ctx: ServiceContext = serviceContext(),
): Promise<AdminSentLink[]> {
  await findOne(id, ctx.db);
  return (await listPageLinksForRequest(id, ctx.db)).map((l) => ({
    id: l.id,
    createdAt: l.createdAt.toISOString(),
    mailSubject: l.mailSubject,
    mailStatus: l.mailStatus,
    mailSentAt: l.mailSentAt?.toISOString() ?? null,
    lastUsedAt: l.lastUsedAt?.toISOString() ?? null,
    revokedAt: l.revokedAt?.toISOString() ?? null,
  }));
}

/**
 * The owner's "revoke links": every link of the request stops working now, its invoices'
 * invoice-only links included (docs/decisions/053-invoice-links.md); returns how many did.
 */
export async function revokeLinks(id: number, ctx: ServiceContext = serviceContext()): Promise<number> {
  await findOne(id, ctx.db);
  return inTransaction(ctx, async (tx) => {
    const pages = await revokePageLinksForRequests([id], ctx.now, tx);
    return pages + (await invoiceLinks.revokeForRequests([id], ctx.now, tx));
  });
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

/**
 * The dashboard's "needs attention": requests still new after the promised reply time, quotes
 * waiting more than a week, today's and tomorrow's visits, and the count in each state.
 */
export async function attention(ctx: ServiceContext = serviceContext()): Promise<AdminAttention> {
  const { db, now } = ctx;
  const today = wallClock(now).date;
  const tomorrow = addDays(today, 1);
  const replyBy = new Date(now.getTime() - site.response.replyWithinHours * 3_600_000);
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
