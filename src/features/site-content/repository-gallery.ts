/**
 * All the SQL of the gallery (./tables-gallery.ts, docs/decisions/058-gallery.md): its draft items,
 * their images, the customers' consent and the finished jobs whose photos may be chosen. Plain
 * objects out; `Db` (the database or a transaction) last.
 */
import type { Db } from "../../platform/db/client";
import { and, asc, desc, eq, inArray, isNull, sql } from "../../platform/db/orm";
import { photos } from "../photos";
import { requests } from "../requests";
import { galleryConsents, siteGallery, siteGalleryImages } from "./tables-gallery";

export type GalleryItemRecord = typeof siteGallery.$inferSelect;
export type GalleryItemInsert = typeof siteGallery.$inferInsert;
export type GalleryImageInsert = typeof siteGalleryImages.$inferInsert;
export type ConsentRecord = typeof galleryConsents.$inferSelect;

/** An image's size, without its bytes. */
export interface ImageSize {
  id: string;
  width: number;
  height: number;
}

export async function listItems(db: Db): Promise<GalleryItemRecord[]> {
  return db.select().from(siteGallery).orderBy(asc(siteGallery.position), asc(siteGallery.id));
}

export async function insertImage(values: GalleryImageInsert, db: Db): Promise<ImageSize> {
  const [row] = await db.insert(siteGalleryImages).values(values).returning({
    id: siteGalleryImages.id,
    width: siteGalleryImages.width,
    height: siteGalleryImages.height,
  });
  return row!;
}

export async function insertItem(values: GalleryItemInsert, db: Db): Promise<GalleryItemRecord> {
  const [row] = await db.insert(siteGallery).values(values).returning();
  return row!;
}

export async function deleteItem(id: number, db: Db): Promise<boolean> {
  const rows = await db.delete(siteGallery).where(eq(siteGallery.id, id)).returning({ id: siteGallery.id });
  return rows.length > 0;
}

/** Replaces the gallery's drafts with these rows (ids kept), for a restore. */
export async function replaceItems(rows: GalleryItemInsert[], db: Db): Promise<void> {
  await db.delete(siteGallery);
  if (rows.length) await db.insert(siteGallery).values(rows);
  await db.execute(
    sql.raw(
      `select setval(pg_get_serial_sequence('site_gallery', 'id'), greatest((select coalesce(max(id), 0) from site_gallery), 1))`,
    ),
  );
}

export async function nextPosition(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(max(${siteGallery.position}) + 1, 0)::int` })
    .from(siteGallery);
  return row?.n ?? 0;
}

export async function imageSizes(ids: readonly string[], db: Db): Promise<Map<string, ImageSize>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: siteGalleryImages.id, width: siteGalleryImages.width, height: siteGalleryImages.height })
    .from(siteGalleryImages)
    .where(inArray(siteGalleryImages.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r]));
}

/** The stored JPEG bytes of these images. */
export async function imageBytes(ids: readonly string[], db: Db): Promise<Map<string, Uint8Array>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: siteGalleryImages.id, bytes: siteGalleryImages.bytes })
    .from(siteGalleryImages)
    .where(inArray(siteGalleryImages.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.bytes]));
}

export async function consentFor(submissionId: number, db: Db): Promise<ConsentRecord | undefined> {
  const [row] = await db.select().from(galleryConsents).where(eq(galleryConsents.submissionId, submissionId));
  return row;
}

/** Records consent; an earlier record for the same request is kept (the first one stands). */
export async function recordConsent(
  values: typeof galleryConsents.$inferInsert,
  db: Db,
): Promise<ConsentRecord> {
  await db.insert(galleryConsents).values(values).onConflictDoNothing();
  return (await consentFor(values.submissionId, db))!;
}

export interface JobRow {
  submissionId: number;
  name: string;
  service: string | null;
  state: string;
  stateChangedAt: Date;
}

export async function requestById(id: number, db: Db): Promise<JobRow | undefined> {
  const [row] = await db
    .select({
      submissionId: requests.id,
      name: requests.name,
      service: requests.service,
      state: requests.state,
      stateChangedAt: requests.stateChangedAt,
    })
    .from(requests)
    .where(eq(requests.id, id));
  return row;
}

/** Finished jobs (marked done, not anonymised) that have photos, newest first. */
export async function finishedJobsWithPhotos(db: Db, limit = 50): Promise<JobRow[]> {
  return db
    .select({
      submissionId: requests.id,
      name: requests.name,
      service: requests.service,
      state: requests.state,
      stateChangedAt: requests.stateChangedAt,
    })
    .from(requests)
    .where(
      and(
        eq(requests.state, "done"),
        isNull(requests.anonymisedAt),
        sql`exists (select 1 from ${photos} where ${photos.submissionId} = ${requests.id})`,
      ),
    )
    .orderBy(desc(requests.stateChangedAt))
    .limit(limit);
}

export async function consentsFor(ids: readonly number[], db: Db): Promise<Map<number, ConsentRecord>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(galleryConsents)
    .where(inArray(galleryConsents.submissionId, [...ids]));
  return new Map(rows.map((r) => [r.submissionId, r]));
}
