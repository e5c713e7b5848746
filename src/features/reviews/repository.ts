/**
 * testimonials table: visitors' reviews and the sample ones. SQL in, plain camelCase objects out.
 * Every function takes the database handle last (`Db`: the database or an open transaction); it
 * defaults to `getDb()`.
 *
 *   listApproved({ limit? })        approved only, rating desc, newest first (public list)
 *   listPage({ before?, limit })    one page, id desc, of rows with id below `before` (admin)
 *   findByIdempotencyKey(key)       the row an earlier request with this key stored, or null
 *   insertPending(input, key?)      { testimonial, created }: approved false; a repeated
 *                                   idempotency key returns the first row with created = false
 *   setApproved(id, approved)       the updated row or null when no such id
 *   remove(id)                      true when a row was deleted
 *   insertVerified(input, jobCompletedAt, key?)  like insertPending, for a review through an invitation
 *   reject(id, reason, at)          not approved, with the reason and time; the row or null
 *   setReply(id, text | null, at)   the owner's public reply (null removes it); the row or null
 *   approvedStats()                 { count, average } over every approved review
 *   countByStatus()                 { total, approved, pending, rejected }
 *   seedIfEmpty(rows)               inserts the sample rows (approved) only when the table is empty;
 *                                   returns how many were inserted
 */
import { and, avg, count, desc, eq, isNotNull, isNull, lt, sql } from "../../platform/db/orm";
import { getDb, type Db } from "../../platform/db/client";
import { testimonials } from "../tables";

export interface Testimonial {
  id: number;
  name: string;
  location: string;
  rating: number;
  text: string;
  image: string | null;
  approved: boolean;
  createdAt: Date;
  updatedAt: Date;
  /** When the job was finished, for a review through an invitation (verified); else null. */
  jobCompletedAt: Date | null;
  rejectedReason: string | null;
  rejectedAt: Date | null;
  replyText: string | null;
  replyUpdatedAt: Date | null;
}

export interface NewTestimonial {
  name: string;
  location: string;
  rating: number;
  text: string;
}

const columns = {
  id: testimonials.id,
  name: testimonials.name,
  location: testimonials.location,
  rating: testimonials.rating,
  text: testimonials.text,
  image: testimonials.image,
  approved: testimonials.approved,
  createdAt: testimonials.createdAt,
  updatedAt: testimonials.updatedAt,
  jobCompletedAt: testimonials.jobCompletedAt,
  rejectedReason: testimonials.rejectedReason,
  rejectedAt: testimonials.rejectedAt,
  replyText: testimonials.replyText,
  replyUpdatedAt: testimonials.replyUpdatedAt,
};

/** Most the public list returns; the page shows them all, the home page the top three. */
export const publicListMax = 100;

export async function listApproved(
  options: { limit?: number } = {},
  db: Db = getDb(),
): Promise<Testimonial[]> {
  const limit = Math.min(Math.max(1, options.limit ?? publicListMax), publicListMax);
  return db
    .select(columns)
    .from(testimonials)
    .where(eq(testimonials.approved, true))
    .orderBy(desc(testimonials.rating), desc(testimonials.createdAt), desc(testimonials.id))
    .limit(limit);
}

export async function listPage(
  page: { before?: number | undefined; limit: number },
  db: Db = getDb(),
): Promise<Testimonial[]> {
  return db
    .select(columns)
    .from(testimonials)
    .where(page.before === undefined ? undefined : lt(testimonials.id, page.before))
    .orderBy(desc(testimonials.id))
    .limit(page.limit);
}

export async function findByIdempotencyKey(key: string, db: Db = getDb()): Promise<Testimonial | null> {
  const rows = await db
    .select(columns)
    .from(testimonials)
    .where(eq(testimonials.idempotencyKey, key))
    .limit(1);
  return rows[0] ?? null;
}

export async function insertPending(
  input: NewTestimonial,
  idempotencyKey?: string,
  db: Db = getDb(),
): Promise<{ testimonial: Testimonial; created: boolean }> {
  return insertRow(input, null, idempotencyKey, db);
}

/** A review through an invitation: pending like any other, carrying when the job was finished. */
export async function insertVerified(
  input: NewTestimonial,
  jobCompletedAt: Date,
  idempotencyKey?: string,
  db: Db = getDb(),
): Promise<{ testimonial: Testimonial; created: boolean }> {
  return insertRow(input, jobCompletedAt, idempotencyKey, db);
}

async function insertRow(
  input: NewTestimonial,
  jobCompletedAt: Date | null,
  idempotencyKey: string | undefined,
  db: Db,
): Promise<{ testimonial: Testimonial; created: boolean }> {
  const { name, location, rating, text } = input;
  const inserted = await db
    .insert(testimonials)
    .values({
      name,
      location,
      rating,
      text,
      jobCompletedAt,
      approved: false,
      idempotencyKey: idempotencyKey ?? null,
    })
    .onConflictDoNothing({ target: testimonials.idempotencyKey })
    .returning(columns);
  if (inserted[0]) return { testimonial: inserted[0], created: true };
  // Only a repeated idempotency key can make the insert do nothing.
  const existing = await findByIdempotencyKey(idempotencyKey!, db);
  if (!existing) throw new Error("Testimonial insert returned no row");
  return { testimonial: existing, created: false };
}

export async function setApproved(
  id: number,
  approved: boolean,
  db: Db = getDb(),
): Promise<Testimonial | null> {
  // Approving or taking the approval back clears an earlier rejection.
  const rows = await db
    .update(testimonials)
    .set({ approved, rejectedReason: null, rejectedAt: null, updatedAt: sql`now()` })
    .where(eq(testimonials.id, id))
    .returning(columns);
  return rows[0] ?? null;
}

export async function reject(
  id: number,
  reason: string,
  at: Date,
  db: Db = getDb(),
): Promise<Testimonial | null> {
  const rows = await db
    .update(testimonials)
    .set({ approved: false, rejectedReason: reason, rejectedAt: at, updatedAt: sql`now()` })
    .where(eq(testimonials.id, id))
    .returning(columns);
  return rows[0] ?? null;
}

export async function setReply(
  id: number,
  text: string | null,
  at: Date,
  db: Db = getDb(),
): Promise<Testimonial | null> {
  const rows = await db
    .update(testimonials)
    .set({ replyText: text, replyUpdatedAt: text === null ? null : at, updatedAt: sql`now()` })
    .where(eq(testimonials.id, id))
    .returning(columns);
  return rows[0] ?? null;
}

/** How many reviews are published and their mean rating (null when none). */
export async function approvedStats(db: Db = getDb()): Promise<{ count: number; average: number | null }> {
  const [row] = await db
    .select({ n: count(), mean: avg(testimonials.rating) })
    .from(testimonials)
    .where(and(eq(testimonials.approved, true), isNull(testimonials.rejectedAt)));
  const n = Number(row?.n ?? 0);
  return { count: n, average: n === 0 || row?.mean == null ? null : Number(row.mean) };
}

/** Forgets the Idempotency-Key of reviews stored before `before` (as submissions do). */
export async function clearIdempotencyKeys(before: Date, db: Db = getDb()): Promise<number> {
  const rows = await db
    .update(testimonials)
    .set({ idempotencyKey: null })
    .where(and(isNotNull(testimonials.idempotencyKey), lt(testimonials.createdAt, before)))
    .returning({ id: testimonials.id });
  return rows.length;
}

export async function remove(id: number, db: Db = getDb()): Promise<boolean> {
  const rows = await db
    .delete(testimonials)
    .where(eq(testimonials.id, id))
    .returning({ id: testimonials.id });
  return rows.length > 0;
}

export async function countByStatus(
  db: Db = getDb(),
): Promise<{ total: number; approved: number; pending: number; rejected: number }> {
  const [row] = await db
    .select({
      total: count(),
      approved: sql<number>`count(*) filter (where ${testimonials.approved})`,
      rejected: sql<number>`count(*) filter (where ${testimonials.rejectedAt} is not null)`,
    })
    .from(testimonials);
  const total = Number(row?.total ?? 0);
  const approved = Number(row?.approved ?? 0);
  const rejected = Number(row?.rejected ?? 0);
  // A rejected review is decided, so it is not waiting for the owner.
  return { total, approved, pending: total - approved - rejected, rejected };
}

/**
 * The seed: sample rows, approved, only into an empty table. One
 * statement (`INSERT … SELECT … WHERE NOT EXISTS`), so it is safe to run on every start.
 */
export async function seedIfEmpty(rows: readonly NewTestimonial[], db: Db = getDb()): Promise<number> {
  if (rows.length === 0) return 0;
  const values = sql.join(
    rows.map((r) => sql`(${r.name}, ${r.location}, ${r.rating}::smallint, ${r.text}, true)`),
    sql`, `,
  );
  const inserted = await db.execute<{ id: number }>(sql`
    insert into testimonials (name, location, rating, text, approved)
    select v.name, v.location, v.rating, v.text, v.approved
    from (values ${values}) as v(name, location, rating, text, approved)
    where not exists (select 1 from testimonials)
    returning id`);
  return rowCount(inserted);
}

/** `execute()` result shapes differ per driver: node-postgres and PGlite return `{ rows }`, some an array. */
function rowCount(result: unknown): number {
  if (Array.isArray(result)) return result.length;
  const rows = (result as { rows?: unknown[] }).rows;
  return Array.isArray(rows) ? rows.length : 0;
}
