/**
 * photos table: metadata of uploaded photos (the bytes are in Netlify Blobs, ../photos/store.ts).
 * SQL in, plain camelCase objects out; every function takes an optional executor.
 *
 *   insert(photo)                          the new row
 *   claim(ids, submissionId, tx)           ids now attached to the submission (only unclaimed ones)
 *   listForRequest(submissionId)        oldest first
 *   findById(id)                           one row or null
 *   countForRequests(ids)               Map submission id → photo count
 *   listUnclaimedBefore(cutoff, limit)     uploads no form claimed in time
 *   removeByIds(ids)                       deleted rows
 *   allIds()                               every photo id (the orphan-blob sweep)
 */
import { and, asc, count, eq, inArray, isNull, lt, sql } from "../../platform/db/orm";
import { getDb, type Db } from "../../platform/db/client";
import { photos } from "../tables";

export interface Photo {
  id: string;
  submissionId: number | null;
  blobKey: string;
  thumbKey: string;
  bytes: number;
  width: number;
  height: number;
  contentHash: string;
  format: string;
  createdAt: Date;
  claimedAt: Date | null;
  /** "before" (sent with the request) or "after" (the owner's photos of the finished work). */
  stage: string;
}

/** Where a photo's two images are stored. */
export type PhotoBlobs = Pick<Photo, "blobKey" | "thumbKey">;

export type NewPhoto = Omit<Photo, "submissionId" | "createdAt" | "claimedAt" | "stage">;

export async function insert(photo: NewPhoto, db: Db = getDb()): Promise<Photo> {
  const [row] = await db.insert(photos).values(photo).returning();
  if (!row) throw new Error("Photo insert returned no row");
  return row;
}

export async function claim(
  ids: readonly string[],
  requestId: number,
  db: Db = getDb(),
  stage: "before" | "after" = "before",
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .update(photos)
    .set({ submissionId: requestId, claimedAt: sql`now()`, stage })
    .where(and(inArray(photos.id, [...ids]), isNull(photos.submissionId)))
    .returning({ id: photos.id });
  return rows.map((r) => r.id);
}

export async function listForRequest(requestId: number, db: Db = getDb()): Promise<Photo[]> {
  return db
    .select()
    .from(photos)
    .where(eq(photos.submissionId, requestId))
    .orderBy(asc(photos.claimedAt), asc(photos.createdAt), asc(photos.id));
}

export async function findById(id: string, db: Db = getDb()): Promise<Photo | null> {
  const rows = await db.select().from(photos).where(eq(photos.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function countForRequests(
  requestIds: readonly number[],
  db: Db = getDb(),
): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (requestIds.length === 0) return out;
  const rows = await db
    .select({ submissionId: photos.submissionId, n: count() })
    .from(photos)
    .where(inArray(photos.submissionId, [...requestIds]))
    .groupBy(photos.submissionId);
  for (const r of rows) if (r.submissionId !== null) out.set(r.submissionId, Number(r.n));
  return out;
}

export async function listUnclaimedBefore(cutoff: Date, limit = 200, db: Db = getDb()): Promise<Photo[]> {
  return db
    .select()
    .from(photos)
    .where(and(isNull(photos.submissionId), lt(photos.createdAt, cutoff)))
    .orderBy(asc(photos.createdAt))
    .limit(limit);
}

export async function removeByIds(ids: readonly string[], db: Db = getDb()): Promise<Photo[]> {
  if (ids.length === 0) return [];
  return db
    .delete(photos)
    .where(inArray(photos.id, [...ids]))
    .returning();
}

export async function allIds(db: Db = getDb()): Promise<Set<string>> {
  const rows = await db.select({ id: photos.id }).from(photos);
  return new Set(rows.map((r) => r.id));
}

/** Deletes up to `limit` uploads still unclaimed and created before `cutoff`; returns them. */
export async function removeUnclaimedBefore(cutoff: Date, limit = 200, db: Db = getDb()): Promise<Photo[]> {
  const due = db
    .select({ id: photos.id })
    .from(photos)
    .where(and(isNull(photos.submissionId), lt(photos.createdAt, cutoff)))
    .limit(limit);
  return db
    .delete(photos)
    .where(and(inArray(photos.id, due), isNull(photos.submissionId)))
    .returning();
}
