/**
 * The request lifecycle's tables: states on form_submissions, submission_history and
 * submission_notes. SQL only; the rules (which change is allowed, who may make it) live in
 * src/features/requests/contract/states.ts and src/features/requests/service-workflow.ts, which run these inside
 * one transaction. Every function takes an executor (the database or an open transaction).
 *
 *   lockStates(ids, tx)                     current states, rows locked FOR UPDATE until commit
 *   setStates(ids, to, tx)                  state := to, state_changed_at := now()
 *   addHistory(entries, tx)                 one history row per change
 *   listHistory(id) / listNotes(id)         oldest first
 *   addNote / updateNote / removeNote       the owner's private notes (a note by its own id)
 *   setRead(ids, isRead) / setArchived(ids, archived)
 *   removeRequests(ids, tx)                 the rows and everything hanging off them, mail included
 *                                           (their invoices stay as accounting records)
 *   anonymiseRequest(id, now, tx)           the customer's details go, the request and its invoices stay
 *   countsByState()                         per state, not archived; plus the archived count
 *   overdue(...) / staleQuotes(...)         what the dashboard and the digest call out
 */
import { and, asc, count, eq, gte, inArray, isNull, lt, ne, sql, type SQL } from "../../platform/db/orm";
import { requestStates, type RequestActor, type RequestState } from "./contract/states";
import { requestReference } from "./contract/reference";
import type { AttentionItem } from "./contract/endpoints";
import { getDb, type Db } from "../../platform/db/client";
import {
  bookingDetails,
  requests,
  mailOutbox,
  photos,
  quotes,
  requestHistory,
  requestNotes,
} from "../tables";
import type { PhotoBlobs } from "../photos";
import { roleOf, type Actor } from "../../platform/context";
import { requestColumns, toCustomerRequest, type CustomerRequest } from "./repository";

export interface HistoryEntry {
  id: number;
  submissionId: number;
  fromState: RequestState | null;
  toState: RequestState;
  actor: RequestActor;
  /** Who exactly (null on rows written before it was recorded). */
  actedBy: Actor | null;
  note: string | null;
  changedAt: Date;
}

export interface Note {
  id: number;
  submissionId: number;
  body: string;
  createdAt: Date;
  updatedAt: Date;
}

export async function lockStates(ids: readonly number[], tx: Db): Promise<Map<number, RequestState>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: requests.id, state: requests.state })
    .from(requests)
    .where(inArray(requests.id, [...ids]))
    .orderBy(asc(requests.id))
    .for("update");
  return new Map(rows.map((r) => [r.id, r.state as RequestState]));
}

/** Moves the rows to `to`; spam is also marked read, so it never counts as unread in the badge. */
export async function setStates(
  ids: readonly number[],
  to: RequestState,
  tx: Db,
): Promise<CustomerRequest[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .update(requests)
    .set({
      state: to,
      stateChangedAt: sql`now()`,
      updatedAt: sql`now()`,
      ...(to === "spam" ? { isRead: true } : {}),
    })
    .where(inArray(requests.id, [...ids]))
    .returning(requestColumns);
  return rows.map(toCustomerRequest);
}

/**
 * Records changes made by `by` (the service context's actor): its role in `actor`, and the actor
 * itself (which job, link, form or member of staff) in `acted_by`.
 */
export async function addHistory(
  entries: readonly {
    submissionId: number;
    fromState: RequestState | null;
    toState: RequestState;
    note?: string | null;
  }[],
  by: Actor,
  tx: Db,
): Promise<void> {
  if (entries.length === 0) return;
  await tx.insert(requestHistory).values(
    entries.map((e) => ({
      submissionId: e.submissionId,
      fromState: e.fromState,
      toState: e.toState,
      actor: roleOf(by),
      actedBy: by,
      note: e.note ?? null,
    })),
  );
}

export async function listHistory(requestId: number, db: Db = getDb()): Promise<HistoryEntry[]> {
  const rows = await db
    .select()
    .from(requestHistory)
    .where(eq(requestHistory.submissionId, requestId))
    .orderBy(asc(requestHistory.id));
  return rows.map((r) => ({
    ...r,
    fromState: r.fromState as RequestState | null,
    toState: r.toState as RequestState,
    actor: r.actor as RequestActor,
  }));
}

const noteColumns = {
  id: requestNotes.id,
  submissionId: requestNotes.submissionId,
  body: requestNotes.body,
  createdAt: requestNotes.createdAt,
  updatedAt: requestNotes.updatedAt,
};

export async function listNotes(requestId: number, db: Db = getDb()): Promise<Note[]> {
  return db
    .select(noteColumns)
    .from(requestNotes)
    .where(eq(requestNotes.submissionId, requestId))
    .orderBy(asc(requestNotes.id));
}

export async function addNote(requestId: number, body: string, db: Db = getDb()): Promise<Note> {
  const [row] = await db
    .insert(requestNotes)
    .values({ submissionId: requestId, body })
    .returning(noteColumns);
  return row!;
}

/** The updated note, or null when there is no such note. */
export async function updateNote(noteId: number, body: string, db: Db = getDb()): Promise<Note | null> {
  const rows = await db
    .update(requestNotes)
    .set({ body, updatedAt: sql`now()` })
    .where(eq(requestNotes.id, noteId))
    .returning(noteColumns);
  return rows[0] ?? null;
}

export async function removeNote(noteId: number, db: Db = getDb()): Promise<boolean> {
  const rows = await db
    .delete(requestNotes)
    .where(eq(requestNotes.id, noteId))
    .returning({ id: requestNotes.id });
  return rows.length > 0;
}

export async function setRead(ids: readonly number[], isRead: boolean, db: Db = getDb()): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .update(requests)
    .set({ isRead, updatedAt: sql`now()` })
    .where(inArray(requests.id, [...ids]))
    .returning({ id: requests.id });
  return rows.map((r) => r.id);
}

/** Archives (keeping the first archive time) or restores the rows; returns the ids that exist. */
export async function setArchived(
  ids: readonly number[],
  archived: boolean,
  db: Db = getDb(),
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .update(requests)
    .set({
      archivedAt: archived ? sql`coalesce(${requests.archivedAt}, now())` : null,
      updatedAt: sql`now()`,
    })
    .where(inArray(requests.id, [...ids]))
    .returning({ id: requests.id });
  return rows.map((r) => r.id);
}

/**
 * The owner's digest names requests by reference; a digest that names any of these is deleted
 * with them, so no copy of a deleted request stays in the outbox.
 */
function digestMentioning(references: readonly string[]): SQL {
  const pattern = `(${references.join("|")})([^0-9]|$)`;
  return and(eq(mailOutbox.kind, "owner_digest"), sql`${mailOutbox.textBody} ~ ${pattern}`)!;
}

/**
 * What features above requests do when requests are deleted or anonymised, handed in by the caller
 * (a port: requests may not import them; src/features/customers/removal.ts fills it).
 */
export interface RequestRemoval {
  /** Before the rows change: invoices, credit notes and payments keep what the accounts need. */
  keepForAccounts(requestIds: readonly number[], tx: Db): Promise<unknown>;
  /** After: customers left with no request go too. */
  removeWithoutRequests(customerIds: readonly number[], tx: Db): Promise<unknown>;
}

/**
 * Deletes the requests and everything that hangs off them: history and notes (by cascade), every
 * e-mail about them in the outbox, pending or sent, and digests that name them, and a customer left
 * with no request; their photo rows go by cascade. Returns the ids deleted, the number of e-mails removed and the storage keys of the
 * photos' images, which the caller removes once the transaction has committed.
 */
export async function removeRequests(
  ids: readonly number[],
  tx: Db,
  removal: RequestRemoval,
): Promise<{ ids: number[]; mail: number; photoBlobs: PhotoBlobs[] }> {
  if (ids.length === 0) return { ids: [], mail: 0, photoBlobs: [] };
  const found = await tx
    .select({ id: requests.id, formType: requests.formType, customerId: requests.customerId })
    .from(requests)
    .where(inArray(requests.id, [...ids]));
  if (found.length === 0) return { ids: [], mail: 0, photoBlobs: [] };
  const photoBlobs = await tx
    .select({ blobKey: photos.blobKey, thumbKey: photos.thumbKey })
    .from(photos)
    .where(
      inArray(
        photos.submissionId,
        found.map((r) => r.id),
      ),
    );
  const references = found.map((r) =>
    requestReference({ id: r.id, formType: r.formType as "contact" | "booking" }),
  );
  // Invoices, credit notes and payments are accounting records: they stay, with the minimum
  // customer data and the accepted quote copied onto them (docs/decisions/032-invoices.md).
  await removal.keepForAccounts(
    found.map((r) => r.id),
    tx,
  );
  const mail = await tx
    .delete(mailOutbox)
    .where(
      sql`${inArray(
        mailOutbox.submissionId,
        found.map((r) => r.id),
      )} or (${digestMentioning(references)})`,
    )
    .returning({ id: mailOutbox.id });
  const deleted = await tx
    .delete(requests)
    .where(
      inArray(
        requests.id,
        found.map((r) => r.id),
      ),
    )
    .returning({ id: requests.id });
  // A customer whose last request this was goes too (src/features/customers/repository.ts).
  await removal.removeWithoutRequests(
    [...new Set(found.flatMap((r) => (r.customerId ? [r.customerId] : [])))],
    tx,
  );
  return { ids: deleted.map((r) => r.id), mail: mail.length, photoBlobs };
}

/** What stands in for the customer's own words on an anonymised request. */
export const anonymisedName = "Anonymised customer";
export const anonymisedText = "Removed: the customer's details were anonymised.";

/**
 * Anonymises one request: its name, contact details, message and address go (a booking keeps its
 * service), with the owner's notes, its photos, the access notes and every e-mail about it, and the
 * customer record if no other request is theirs; the request is archived. The request row, its
 * history, quotes, visits and invoices stay (the invoices keep the name and address they were made
 * out to, and lose the e-mail address). Returns the photos' storage keys to remove after commit,
 * or null when there is no such request.
 */
export async function anonymiseRequest(
  id: number,
  now: Date,
  tx: Db,
  removal: RequestRemoval,
): Promise<{ photoBlobs: PhotoBlobs[] } | null> {
  const [found] = await tx
    .select({ customerId: requests.customerId })
    .from(requests)
    .where(eq(requests.id, id));
  if (!found) return null;
  const photoBlobs = await tx
    .delete(photos)
    .where(eq(photos.submissionId, id))
    .returning({ blobKey: photos.blobKey, thumbKey: photos.thumbKey });
  await tx.delete(requestNotes).where(eq(requestNotes.submissionId, id));
  await tx.delete(mailOutbox).where(eq(mailOutbox.submissionId, id));
  await tx.update(bookingDetails).set({ accessNotes: null }).where(eq(bookingDetails.submissionId, id));
  await removal.keepForAccounts([id], tx);
  await tx
    .update(requests)
    .set({
      name: anonymisedName,
      email: null,
      phone: null,
      message: anonymisedText,
      address: sql`case when ${requests.formType} = 'booking' then 'Removed' else null end`,
      customerId: null,
      anonymisedAt: now,
      archivedAt: sql`coalesce(${requests.archivedAt}, ${now})`,
      updatedAt: now,
    })
    .where(eq(requests.id, id));
  if (found.customerId) await removal.removeWithoutRequests([found.customerId], tx);
  return { photoBlobs };
}

export async function countsByState(
  db: Db = getDb(),
): Promise<{ counts: Record<RequestState, number>; archived: number }> {
  const rows = await db
    .select({
      state: requests.state,
      archived: sql<boolean>`${requests.archivedAt} is not null`,
      n: count(),
    })
    .from(requests)
    .groupBy(requests.state, sql`${requests.archivedAt} is not null`);
  const counts = Object.fromEntries(requestStates.map((s) => [s, 0])) as Record<RequestState, number>;
  let archived = 0;
  for (const row of rows) {
    if (row.archived) archived += Number(row.n);
    else counts[row.state as RequestState] += Number(row.n);
  }
  return { counts, archived };
}

const attentionColumns = {
  id: requests.id,
  name: requests.name,
  formType: requests.formType,
  state: requests.state,
};

async function attention(
  where: SQL,
  since: typeof requests.submittedAt | typeof requests.stateChangedAt,
  limit: number,
  db: Db,
): Promise<{ count: number; items: AttentionItem[] }> {
  const [total, rows] = await Promise.all([
    db.select({ n: count() }).from(requests).where(where),
    db
      .select({ ...attentionColumns, since })
      .from(requests)
      .where(where)
      .orderBy(asc(since), asc(requests.id))
      .limit(limit),
  ]);
  return {
    count: Number(total[0]?.n ?? 0),
    items: rows.map((r) => ({
      id: r.id,
      reference: requestReference({ id: r.id, formType: r.formType as "contact" | "booking" }),
      name: r.name,
      formType: r.formType as "contact" | "booking",
      state: r.state as RequestState,
      since: r.since.toISOString(),
    })),
  };
}

/** Still `new` and arrived before `before` (the reply promise has run out); oldest first. */
export function overdue(before: Date, limit = 5, db: Db = getDb()) {
  return attention(
    and(eq(requests.state, "new"), isNull(requests.archivedAt), lt(requests.submittedAt, before))!,
    requests.submittedAt,
    limit,
    db,
  );
}

/** Quoted before `before` and still waiting for an answer (no accepted, declined or cancelled quote); oldest first. */
export function staleQuotes(before: Date, limit = 5, db: Db = getDb()) {
  return attention(
    and(
      eq(requests.state, "quoted"),
      isNull(requests.archivedAt),
      lt(requests.stateChangedAt, before),
      // Answered: the newest version of its quote was accepted, declined or cancelled.
      sql`coalesce((select q.status from ${quotes} q where q.submission_id = ${requests.id} order by q.version desc limit 1), '') not in ('accepted', 'declined', 'cancelled')`,
    )!,
    requests.stateChangedAt,
    limit,
    db,
  );
}

/** Arrived at or after `since` and not spam: the digest's "new since yesterday". */
export function arrivedSince(since: Date, limit = 20, db: Db = getDb()) {
  return attention(
    and(gte(requests.submittedAt, since), ne(requests.state, "spam"), isNull(requests.archivedAt))!,
    requests.submittedAt,
    limit,
    db,
  );
}

/** Requests by id (whatever their state or archive flag). */
export async function findMany(ids: readonly number[], db: Db = getDb()): Promise<CustomerRequest[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(requestColumns)
    .from(requests)
    .where(inArray(requests.id, [...ids]));
  return rows.map(toCustomerRequest);
}
