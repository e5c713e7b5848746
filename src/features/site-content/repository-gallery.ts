/**
 * All the SQL of the gallery (./tables-gallery.ts, docs/decisions/058-gallery.md): its draft items,
 * their images, the customers' consent and the finished jobs whose photos may be chosen. Plain
 * objects out; `Db` (the database or a transaction) last.
 */
import type { Db } from "../../platform/db/client";
import type { Actor } from "../../platform/context";
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql } from "../../platform/db/orm";
import { photos } from "../photos";
import { requests } from "../tables";
import { galleryConsentHistory, galleryConsents, siteGallery, siteGalleryImages } from "./tables-gallery";

export type GalleryItemRecord = typeof siteGallery.$inferSelect;
export type GalleryItemInsert = typeof siteGallery.$inferInsert;
export type GalleryImageInsert = typeof siteGalleryImages.$inferInsert;
export type ConsentRecord = typeof galleryConsents.$inferSelect;
export type ConsentHistoryRecord = typeof galleryConsentHistory.$inferSelect;

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

/** Changes a draft item; undefined when there is no such item. */
export async function updateItem(
  id: number,
  values: {
    caption?: string | undefined;
    town?: string | undefined;
    service?: string | undefined;
    hidden?: boolean | undefined;
    position?: number | undefined;
  },
  db: Db,
): Promise<GalleryItemRecord | undefined> {
  const [row] = await db
    .update(siteGallery)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(siteGallery.id, id))
    .returning();
  return row;
}

/** Removes the drafts showing this job's photos; returns how many. */
export async function deleteItemsOfJob(submissionId: number, db: Db): Promise<number> {
  const rows = await db
    .delete(siteGallery)
    .where(eq(siteGallery.submissionId, submissionId))
    .returning({ id: siteGallery.id });
  return rows.length;
}

/** How many drafts show each of these jobs' photos. */
export async function itemCountsOfJobs(ids: readonly number[], db: Db): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ submissionId: siteGallery.submissionId, n: count() })
    .from(siteGallery)
    .where(inArray(siteGallery.submissionId, [...ids]))
    .groupBy(siteGallery.submissionId);
  return new Map(rows.map((r) => [r.submissionId!, r.n]));
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

/**
 * Records consent: an earlier consent that still stands is kept (the first one stands); one that
 * was withdrawn is replaced by this one. True when this one was recorded.
 */
export async function recordConsent(values: typeof galleryConsents.$inferInsert, db: Db): Promise<boolean> {
  const rows = await db
    .insert(galleryConsents)
    .values(values)
    .onConflictDoUpdate({
      target: galleryConsents.submissionId,
      set: { ...values, withdrawnAt: null, withdrawnBy: null, withdrawalNote: null },
      setWhere: isNotNull(galleryConsents.withdrawnAt),
    })
    .returning({ id: galleryConsents.submissionId });
  return rows.length > 0;
}

/** Marks a standing consent withdrawn; undefined when there is none standing. */
export async function withdrawConsent(
  submissionId: number,
  values: { withdrawnAt: Date; withdrawnBy: "customer" | "owner"; withdrawalNote: string | null },
  db: Db,
): Promise<ConsentRecord | undefined> {
  const [row] = await db
    .update(galleryConsents)
    .set(values)
    .where(and(eq(galleryConsents.submissionId, submissionId), isNull(galleryConsents.withdrawnAt)))
    .returning();
  return row;
}

/** The jobs among these whose consent was withdrawn (and not given again). */
export async function withdrawnJobs(ids: readonly number[], db: Db): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: galleryConsents.submissionId })
    .from(galleryConsents)
    .where(and(inArray(galleryConsents.submissionId, [...ids]), isNotNull(galleryConsents.withdrawnAt)));
  return new Set(rows.map((r) => r.id));
}

export async function addConsentHistory(
  entry: {
    submissionId: number;
    event: "given" | "withdrawn";
    actor: string;
    actedBy: Actor;
    method: string | null;
    note: string | null;
    at: Date;
  },
  db: Db,
): Promise<void> {
  await db.insert(galleryConsentHistory).values(entry);
}

export async function consentHistoryOf(
  ids: readonly number[],
  db: Db,
): Promise<Map<number, ConsentHistoryRecord[]>> {
  const byJob = new Map<number, ConsentHistoryRecord[]>();
  if (ids.length === 0) return byJob;
  const rows = await db
    .select()
    .from(galleryConsentHistory)
    .where(inArray(galleryConsentHistory.submissionId, [...ids]))
    .orderBy(asc(galleryConsentHistory.id));
  for (const r of rows) byJob.set(r.submissionId, [...(byJob.get(r.submissionId) ?? []), r]);
  return byJob;
}

export interface JobRow {
  submissionId: number;
  formType: "contact" | "booking";
  name: string;
  service: string | null;
  state: string;
  stateChangedAt: Date;
}

export async function requestById(id: number, db: Db): Promise<JobRow | undefined> {
  const [row] = await db
    .select({
      submissionId: requests.id,
      formType: sql<"contact" | "booking">`${requests.formType}`,
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
      formType: sql<"contact" | "booking">`${requests.formType}`,
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
