/**
 * Photos with a request (docs/decisions/017-photos.md).
 *
 *   enforceUploadLimits(ctx)               the per-client and site-wide upload limits (429)
 *   acceptUpload(bytes, ctx)               POST /api/uploads: one photo → { id } (stored, unclaimed);
 *                                          the edge (./http.ts) reads the bytes from the request
 *   parsePhotoIds(data.photos)             the ids a form sent (array, or comma-separated in a web form)
 *   claimPhotos(tx, submissionId, ids)     in the submission's transaction; 422 if any id is not a
 *                                          fresh, unclaimed upload (the whole request then rolls back)
 *   photosOf(submissionId) / photoBytes(id, variant)     the admin's list and image bytes
 *   removeRequestPhotoBlobs(photos)     after a submission is deleted (rows go by ON DELETE CASCADE)
 *   cleanupPhotos({ now })                 the scheduled run: unclaimed uploads past the retention
 *                                          time and blobs that no row refers to
 */
import { businessFact } from "../../lib/business-facts";
import { randomBytes } from "node:crypto";
import { photoIdPattern, photoLimits, photoMessages } from "./contract/rules";
import { site } from "../../config/site";
import type { Db } from "../../platform/db/client";
import { logEvent } from "../../platform/log";
import { alertLimitReached, deliverSoon } from "../mail";
import { processPhoto } from "./process";
import { blobKeys, deleteBlobs, photoStore } from "../../platform/blobs";
import * as photosRepo from "./repository";
import type { Photo, PhotoBlobs } from "./repository";
import { serviceContext, type ServiceContext } from "../../platform/context";
import { Invalid, RateLimited, Unavailable } from "../../platform/domain-errors";
import { enforceRateLimit, hitRateLimit, type RateLimitRule } from "../rate-limits";

/**
 * Upload limits: a person attaches up to five photos and may retry a few; thirty in ten minutes
 * and a hundred a day per client is far beyond that. The site-wide daily cap bounds storage if many
 * clients misbehave at once.
 */
export const uploadRules = {
  perClient: { name: "photo-uploads", limit: 30, windowMs: 10 * 60 * 1000 },
  perClientDay: { name: "photo-uploads-day", limit: 100, windowMs: 24 * 60 * 60 * 1000 },
  siteDay: { name: "photo-uploads-site", limit: 3000, windowMs: 24 * 60 * 60 * 1000 },
} as const satisfies Record<string, RateLimitRule>;

export const newPhotoId = () => randomBytes(18).toString("base64url");

const storageUnavailable = (cause: unknown) =>
  new Unavailable(
    `Sorry, we could not store the photo just now, and nothing was saved. Please try again in a minute, or call us on ${businessFact.phone}.`,
    "photo_storage_unavailable",
    { retryAfterSeconds: 30, cause },
  );

/** The photos field breaks a rule (422 with the message on `photos`). */
const invalidPhotos = (message: string) =>
  new Invalid("Please check the highlighted fields.", { fields: { photos: message } });

/** Processes and stores one photo; the row is committed last, so a 201 means it is all stored. */
export async function storePhoto(bytes: Uint8Array, ctx: ServiceContext): Promise<Photo> {
  const processed = await processPhoto(bytes);
  const id = newPhotoId();
  const keys = blobKeys(id);
  ctx.writes?.starting();
  const store = photoStore();
  const metadata = { uploadedAt: new Date().toISOString() };
  try {
    await store.set(keys.full, new Blob([new Uint8Array(processed.full)]), { metadata });
    await store.set(keys.thumb, new Blob([new Uint8Array(processed.thumb)]), { metadata });
  } catch (error) {
    await deleteBlobs([keys.full, keys.thumb]).catch(() => {});
    throw storageUnavailable(error);
  }
  try {
    const photo = await photosRepo.insert(
      {
        id,
        blobKey: keys.full,
        thumbKey: keys.thumb,
        bytes: processed.full.byteLength,
        width: processed.width,
        height: processed.height,
        contentHash: processed.contentHash,
        format: processed.format,
      },
      ctx.db,
    );
    ctx.writes?.committed();
    return photo;
  } catch (error) {
    await deleteBlobs([keys.full, keys.thumb]).catch(() => {});
    throw error;
  }
}

export async function enforceUploadLimits(ctx: ServiceContext): Promise<void> {
  const key = ctx.client;
  const options = { now: ctx.now.getTime(), db: ctx.db };
  await enforceRateLimit(uploadRules.perClient, key, options);
  await enforceRateLimit(uploadRules.perClientDay, key, options);
  const siteDay = await hitRateLimit(uploadRules.siteDay, "all", options);
  if (!siteDay.allowed) {
    await deliverSoon(ctx, await alertLimitReached("uploads", ctx.db, ctx.now));
    throw new RateLimited(siteDay.retryAfterSeconds);
  }
}

/** One uploaded photo, its bytes already read by the edge (limits first: `enforceUploadLimits`). */
export async function acceptUpload(
  bytes: Uint8Array,
  ctx: ServiceContext,
): Promise<{ id: string; width: number; height: number; bytes: number }> {
  const photo = await storePhoto(bytes, ctx);
  logEvent({ event: "photo.uploaded", bytes: photo.bytes, width: photo.width, height: photo.height });
  return { id: photo.id, width: photo.width, height: photo.height, bytes: photo.bytes };
}

/** The photo ids a form sent: a JSON array of strings, or one comma-separated string (web form). */
export function parsePhotoIds(value: unknown): string[] {
  if (value === undefined || value === null || value === "") return [];
  const raw =
    typeof value === "string"
      ? value
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean)
      : Array.isArray(value)
        ? value
        : null;
  if (raw === null || !raw.every((v): v is string => typeof v === "string" && photoIdPattern.test(v))) {
    throw invalidPhotos(photoMessages.unknown);
  }
  const ids = [...new Set(raw)];
  if (ids.length > photoLimits.perRequest) throw invalidPhotos(photoMessages.tooMany);
  return ids;
}

/** Attaches the uploads to the request inside its transaction; 422 (and a rollback) otherwise. */
export async function claimPhotos(
  tx: Db,
  requestId: number,
  ids: readonly string[],
  stage: "before" | "after" = "before",
): Promise<number> {
  if (ids.length === 0) return 0;
  const claimed = await photosRepo.claim(ids, requestId, tx, stage);
  if (claimed.length !== ids.length) throw invalidPhotos(photoMessages.unknown);
  return claimed.length;
}

export const photosOf = (requestId: number) => photosRepo.listForRequest(requestId);

export async function photoBytes(
  id: string,
  variant: "full" | "thumb",
): Promise<{ photo: Photo; data: ArrayBuffer } | null> {
  if (!photoIdPattern.test(id)) return null;
  const photo = await photosRepo.findById(id);
  if (!photo) return null;
  let data: ArrayBuffer | null;
  try {
    data = await photoStore().get(variant === "full" ? photo.blobKey : photo.thumbKey, {
      type: "arrayBuffer",
    });
  } catch (error) {
    throw storageUnavailable(error);
  }
  return data ? { photo, data } : null;
}

/** Removes the blobs of photos whose rows are gone; failures are logged and left to the sweep. */
export async function removeRequestPhotoBlobs(photos: readonly PhotoBlobs[]): Promise<void> {
  if (photos.length === 0) return;
  try {
    await deleteBlobs(photos.flatMap((p) => [p.blobKey, p.thumbKey]));
  } catch (error) {
    logEvent({
      event: "photo.blob_delete_failed",
      level: "warn",
      count: photos.length,
      error: error instanceof Error ? error.name : "unknown",
    });
  }
}

export interface CleanupReport {
  unclaimedDeleted: number;
  orphanBlobsDeleted: number;
}

/**
 * Deletes uploads no form claimed within `retention.unclaimedUploadHours`, then blobs no row refers
 * to (left by a failed delete) that are older than an hour, so an upload in flight is never touched.
 */
export async function cleanupPhotos(ctx: ServiceContext = serviceContext()): Promise<CleanupReport> {
  const now = ctx.now.getTime();
  const db = ctx.db;
  const cutoff = new Date(now - site.retention.unclaimedUploadHours * 60 * 60 * 1000);
  let unclaimedDeleted = 0;
  for (;;) {
    const batch = await photosRepo.removeUnclaimedBefore(cutoff, 200, db);
    if (batch.length === 0) break;
    await deleteBlobs(batch.flatMap((p) => [p.blobKey, p.thumbKey]));
    unclaimedDeleted += batch.length;
    if (batch.length < 200) break;
  }

  const store = photoStore();
  const known = await photosRepo.allIds(db);
  const { blobs } = await store.list();
  const orphanKeys: string[] = [];
  for (const blob of blobs) {
    const id = blob.key.split("/").at(-1) ?? "";
    if (known.has(id)) continue;
    const meta = await store.getMetadata(blob.key);
    const uploadedAt = Date.parse(String(meta?.metadata["uploadedAt"] ?? ""));
    if (Number.isNaN(uploadedAt) || now - uploadedAt > 60 * 60 * 1000) orphanKeys.push(blob.key);
  }
  await deleteBlobs(orphanKeys);
  return { unclaimedDeleted, orphanBlobsDeleted: orphanKeys.length };
}
