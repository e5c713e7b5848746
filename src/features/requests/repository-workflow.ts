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
 *   countsByState()                         per state, not archived; plus the archived count
 *   overdue(...) / staleQuotes(...)         what the dashboard and the digest call out
 */
import { and, asc, count, eq, gte, inArray, isNull, lt, ne, sql, type SQL } from "../../platform/db/orm";
import { requestStates, type RequestActor, type RequestState } from "./contract/states";
import { requestReference } from "./contract/reference";
import type { AttentionItem } from "./contract/endpoints";
import { getDb, type Db } from "../../platform/db/client";
import { formSubmissions, mailOutbox, photos, submissionHistory, submissionNotes } from "../tables";
import type { PhotoBlobs } from "../photos/repository";
import { submissionColumns, toSubmission, type Submission } from "./repository";

export interface HistoryEntry {
  id: number;
  submissionId: number;
  fromState: RequestState | null;
  toState: RequestState;
  actor: RequestActor;
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
    .select({ id: formSubmissions.id, state: formSubmissions.state })
    .from(formSubmissions)
    .where(inArray(formSubmissions.id, [...ids]))
    .orderBy(asc(formSubmissions.id))
    .for("update");
  return new Map(rows.map((r) => [r.id, r.state as RequestState]));
}

/** Moves the rows to `to`; spam is also marked read, so it never counts as unread in the badge. */
export async function setStates(ids: readonly number[], to: RequestState, tx: Db): Promise<Submission[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .update(formSubmissions)
    .set({
      state: to,
      stateChangedAt: sql`now()`,
      updatedAt: sql`now()`,
      ...(to === "spam" ? { isRead: true } : {}),
    })
    .where(inArray(formSubmissions.id, [...ids]))
    .returning(submissionColumns);
  return rows.map(toSubmission);
}

export async function addHistory(
  entries: readonly {
    submissionId: number;
    fromState: RequestState | null;
    toState: RequestState;
    actor: RequestActor;
    note?: string | null;
  }[],
  tx: Db,
): Promise<void> {
  if (entries.length === 0) return;
  await tx.insert(submissionHistory).values(
    entries.map((e) => ({
      submissionId: e.submissionId,
      fromState: e.fromState,
      toState: e.toState,
      actor: e.actor,
      note: e.note ?? null,
    })),
  );
}

export async function listHistory(submissionId: number, db: Db = getDb()): Promise<HistoryEntry[]> {
  const rows = await db
    .select()
    .from(submissionHistory)
    .where(eq(submissionHistory.submissionId, submissionId))
    .orderBy(asc(submissionHistory.id));
  return rows.map((r) => ({
    ...r,
    fromState: r.fromState as RequestState | null,
    toState: r.toState as RequestState,
    actor: r.actor as RequestActor,
  }));
}

const noteColumns = {
  id: submissionNotes.id,
  submissionId: submissionNotes.submissionId,
  body: submissionNotes.body,
  createdAt: submissionNotes.createdAt,
  updatedAt: submissionNotes.updatedAt,
};

export async function listNotes(submissionId: number, db: Db = getDb()): Promise<Note[]> {
  return db
    .select(noteColumns)
    .from(submissionNotes)
    .where(eq(submissionNotes.submissionId, submissionId))
    .orderBy(asc(submissionNotes.id));
}

export async function addNote(submissionId: number, body: string, db: Db = getDb()): Promise<Note> {
  const [row] = await db.insert(submissionNotes).values({ submissionId, body }).returning(noteColumns);
  return row!;
}

/** The updated note, or null when there is no such note. */
export async function updateNote(noteId: number, body: string, db: Db = getDb()): Promise<Note | null> {
  const rows = await db
    .update(submissionNotes)
    .set({ body, updatedAt: sql`now()` })
    .where(eq(submissionNotes.id, noteId))
    .returning(noteColumns);
  return rows[0] ?? null;
}

export async function removeNote(noteId: number, db: Db = getDb()): Promise<boolean> {
  const rows = await db
    .delete(submissionNotes)
    .where(eq(submissionNotes.id, noteId))
    .returning({ id: submissionNotes.id });
  return rows.length > 0;
}

export async function setRead(ids: readonly number[], isRead: boolean, db: Db = getDb()): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .update(formSubmissions)
    .set({ isRead, updatedAt: sql`now()` })
    .where(inArray(formSubmissions.id, [...ids]))
    .returning({ id: formSubmissions.id });
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
    .update(formSubmissions)
    .set({
      archivedAt: archived ? sql`coalesce(${formSubmissions.archivedAt}, now())` : null,
      updatedAt: sql`now()`,
    })
    .where(inArray(formSubmissions.id, [...ids]))
    .returning({ id: formSubmissions.id });
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
 * Deletes the requests and everything that hangs off them: history and notes (by cascade), every
 * e-mail about them in the outbox, pending or sent, and digests that name them; their photo rows
 * go by cascade. Returns the ids deleted, the number of e-mails removed and the storage keys of the
 * photos' images, which the caller removes once the transaction has committed.
 */
export async function removeRequests(
  ids: readonly number[],
  tx: Db,
): Promise<{ ids: number[]; mail: number; photoBlobs: PhotoBlobs[] }> {
  if (ids.length === 0) return { ids: [], mail: 0, photoBlobs: [] };
  const found = await tx
    .select({ id: formSubmissions.id, formType: formSubmissions.formType })
    .from(formSubmissions)
    .where(inArray(formSubmissions.id, [...ids]));
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
    .delete(formSubmissions)
    .where(
      inArray(
        formSubmissions.id,
        found.map((r) => r.id),
      ),
    )
    .returning({ id: formSubmissions.id });
  return { ids: deleted.map((r) => r.id), mail: mail.length, photoBlobs };
}

export async function countsByState(
  db: Db = getDb(),
): Promise<{ counts: Record<RequestState, number>; archived: number }> {
  const rows = await db
    .select({
      state: formSubmissions.state,
      archived: sql<boolean>`${formSubmissions.archivedAt} is not null`,
      n: count(),
    })
    .from(formSubmissions)
    .groupBy(formSubmissions.state, sql`${formSubmissions.archivedAt} is not null`);
  const counts = Object.fromEntries(requestStates.map((s) => [s, 0])) as Record<RequestState, number>;
  let archived = 0;
  for (const row of rows) {
    if (row.archived) archived += Number(row.n);
    else counts[row.state as RequestState] += Number(row.n);
  }
  return { counts, archived };
}

const attentionColumns = {
  id: formSubmissions.id,
  name: formSubmissions.name,
  formType: formSubmissions.formType,
  state: formSubmissions.state,
};

async function attention(
  where: SQL,
  since: typeof formSubmissions.submittedAt | typeof formSubmissions.stateChangedAt,
  limit: number,
  db: Db,
): Promise<{ count: number; items: AttentionItem[] }> {
  const [total, rows] = await Promise.all([
    db.select({ n: count() }).from(formSubmissions).where(where),
    db
      .select({ ...attentionColumns, since })
      .from(formSubmissions)
      .where(where)
      .orderBy(asc(since), asc(formSubmissions.id))
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
    and(
      eq(formSubmissions.state, "new"),
      isNull(formSubmissions.archivedAt),
      lt(formSubmissions.submittedAt, before),
    )!,
    formSubmissions.submittedAt,
    limit,
    db,
  );
}

/** Quoted before `before` and still waiting for an answer; oldest quote first. */
export function staleQuotes(before: Date, limit = 5, db: Db = getDb()) {
  return attention(
    and(
      eq(formSubmissions.state, "quoted"),
      isNull(formSubmissions.archivedAt),
      lt(formSubmissions.stateChangedAt, before),
    )!,
    formSubmissions.stateChangedAt,
    limit,
    db,
  );
}

/** Arrived at or after `since` and not spam: the digest's "new since yesterday". */
export function arrivedSince(since: Date, limit = 20, db: Db = getDb()) {
  return attention(
    and(
      gte(formSubmissions.submittedAt, since),
      ne(formSubmissions.state, "spam"),
      isNull(formSubmissions.archivedAt),
    )!,
    formSubmissions.submittedAt,
    limit,
    db,
  );
}

/** Requests by id (whatever their state or archive flag). */
export async function findMany(ids: readonly number[], db: Db = getDb()): Promise<Submission[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(submissionColumns)
    .from(formSubmissions)
    .where(inArray(formSubmissions.id, [...ids]));
  return rows.map(toSubmission);
}
