/**
 * The owner's actions on a request that reach the features above requests
 * (docs/decisions/073-no-feature-imports-a-higher-one.md): a state change that ends the request's
 * live visit (appointments) and, on done, invites a review (reviews); bulk actions; deleting a
 * request, refused while it has issued invoices, and anonymising one, with what the invoices keep
 * and the customer left with no request (`requestRemoval`, customers); the private links sent and
 * revoked (customer-page); the dashboard's "needs attention" with today's and tomorrow's visits.
 * requests keeps the rows, the states and their rules (src/features/requests/service-state.ts);
 * this feature sits above every feature it calls.
 */
import { site } from "../../config/site";
import { addDays, wallClock } from "../../platform/time";
import { canTransition, type RequestState } from "../requests/contract/states";
import type { AdminAttention, AdminRequest, AdminSentLink, BulkResult } from "../requests/contract/endpoints";
import type { BulkActionInput, RequestPatch } from "../requests/contract/workflow";
import * as requests from "../requests";
import { missingRequest } from "../requests";
import type { PhotoBlobs } from "../photos";
import { removeRequestPhotoBlobs } from "../photos";
import { endLiveVisit, scheduledOn, visitAheadConflict } from "../appointments";
import { inTransaction, roleOf, serviceContext, type ServiceContext } from "../../platform/context";
import { deliverSoon } from "../mail";
import { autoInviteOnDone } from "../reviews";
import { Conflict } from "../../platform/domain-errors";
import { issuedNumbersByRequest } from "../invoices";
import { requestRemoval } from "../customers";
import {
  listPageLinksForRequest,
  revokeInvoiceLinksForRequests,
  revokePageLinksForRequests,
} from "../customer-page";
import type { Db } from "../../platform/db/client";

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
      const from = (await requests.lockStates([id], tx)).get(id);
      if (!from) throw missingRequest();
      if (from !== patch.state && !canTransition(from, patch.state, "owner"))
        throw requests.invalidTransition(from, patch.state);
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
      await requests.applyStateChange(id, patch.state, { note }, tx, ctx);
      if (patch.state === "done") mail = [...mail, ...(await autoInviteOnDone([id], ctx.now, tx))];
    }
    const isRead = patch.isRead ?? true;
    if ((await requests.setRead([id], isRead, tx)).length === 0) throw missingRequest();
    if (patch.archived !== undefined && (await requests.setArchived([id], patch.archived, tx)).length === 0) {
      throw missingRequest();
    }
    return requests.findOne(id, tx);
  });
  await deliverSoon(ctx, mail);
  const [shaped] = await requests.withMailStatus([row], ctx);
  return shaped!;
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
    const states = await requests.lockStates(ids, tx);
    const existing = ids.filter((id) => states.has(id));
    const missingIds = ids.filter((id) => !states.has(id));
    let changed: number[] = [];
    let skipped: number[] = [];
    switch (input.action) {
      case "read":
      case "unread":
        changed = await requests.setRead(existing, input.action === "read", tx);
        break;
      case "archive":
      case "unarchive":
        changed = await requests.setArchived(existing, input.action === "archive", tx);
        break;
      case "delete": {
        const refusal = await issuedInvoicesRefusal(existing, tx);
        if (refusal) throw refusal;
        const removed = await requests.removeRequests(existing, tx, requestRemoval);
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
        await requests.setStates(allowed, to, tx);
        if (actor === "owner") await requests.setRead(allowed, true, tx);
        await requests.addHistory(
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
  const issued = await issuedNumbersByRequest(ids, db);
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
    if (!(await requests.lockStates([id], tx)).has(id)) throw missingRequest();
    const refusal = await issuedInvoicesRefusal([id], tx);
    if (refusal) throw refusal;
    return requests.removeRequests([id], tx, requestRemoval);
  });
  if (ids.length === 0) throw missingRequest();
  await removeRequestPhotoBlobs(photoBlobs);
}

/**
 * Anonymises a request the owner may not delete (it carries issued invoices): the customer's details
 * go, the request, its history and its invoices stay (`requests.anonymiseRequest`), and the history
 * says so. Anonymising twice changes nothing more.
 */
export async function anonymiseRequest(
  id: number,
  ctx: ServiceContext = serviceContext(),
): Promise<AdminRequest> {
  const photoBlobs = await inTransaction(ctx, async (tx) => {
    const state = (await requests.lockStates([id], tx)).get(id);
    if (!state) throw missingRequest();
    const done = await requests.anonymiseRequest(id, ctx.now, tx, requestRemoval);
    await requests.addHistory(
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
  return requests.getRequest(id, ctx);
}

/** The private links sent for a request (never a token): docs/decisions/019-customer-page.md. */
export async function sentLinks(
  id: number,
  ctx: ServiceContext = serviceContext(),
): Promise<AdminSentLink[]> {
  await requests.findOne(id, ctx.db);
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
  await requests.findOne(id, ctx.db);
  return inTransaction(ctx, async (tx) => {
    const pages = await revokePageLinksForRequests([id], ctx.now, tx);
    return pages + (await revokeInvoiceLinksForRequests([id], ctx.now, tx));
  });
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
  const quotedBefore = new Date(now.getTime() - requests.staleQuoteDays * 86_400_000);
  const [counts, overdueReplies, staleQuotes, jobs] = await Promise.all([
    requests.countsByState(db),
    requests.overdue(replyBy, 5, db),
    requests.staleQuotes(quotedBefore, 5, db),
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
