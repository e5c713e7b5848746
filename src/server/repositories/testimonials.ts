/**
 * testimonials table: visitors' reviews and the sample ones. SQL in, plain camelCase objects out.
 * Every function takes the database handle last (`Db`: the database or an open transaction); it
 * defaults to `getDb()`.
 *
 *   listApproved({ limit? })        approved only, rating desc, newest first (public list)
 *   listAll()                       every row, id desc (admin)
 *   findByIdempotencyKey(key)       the row an earlier request with this key stored, or null
 *   insertPending(input, key?)      { testimonial, created }: approved false; a repeated
 *                                   idempotency key returns the first row with created = false
 *   setApproved(id, approved)       the updated row or null when no such id
 *   remove(id)                      true when a row was deleted
 *   countByStatus()                 { total, approved, pending }
 *   seedIfEmpty(rows)               inserts the sample rows (approved) only when the table is empty;
 *                                   returns how many were inserted
 */
import { and, count, desc, eq, sql } from "drizzle-orm";
import { getDb, type Db } from "../db/client";
import { testimonials } from "../db/schema";

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

export async function listAll(db: Db = getDb()): Promise<Testimonial[]> {
  return db.select(columns).from(testimonials).orderBy(desc(testimonials.id));
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
  const inserted = await db
    .insert(testimonials)
    .values({ ...input, approved: false, idempotencyKey: idempotencyKey ?? null })
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
  const rows = await db
    .update(testimonials)
    .set({ approved, updatedAt: sql`now()` })
    .where(eq(testimonials.id, id))
    .returning(columns);
  return rows[0] ?? null;
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
): Promise<{ total: number; approved: number; pending: number }> {
  const [all] = await db.select({ n: count() }).from(testimonials);
  const [approved] = await db
    .select({ n: count() })
    .from(testimonials)
    .where(and(eq(testimonials.approved, true)));
  const total = Number(all?.n ?? 0);
  const approvedCount = Number(approved?.n ?? 0);
  return { total, approved: approvedCount, pending: total - approvedCount };
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

/** `execute()` result shapes differ per driver: postgres.js returns an array, PGlite `{ rows }`. */
function rowCount(result: unknown): number {
  if (Array.isArray(result)) return result.length;
  const rows = (result as { rows?: unknown[] }).rows;
  return Array.isArray(rows) ? rows.length : 0;
}
