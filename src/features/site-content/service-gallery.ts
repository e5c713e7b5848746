/**
 * The gallery of the owner's work (docs/decisions/058-gallery.md):
 *   addGalleryItem: a before/after pair or one photo, each uploaded or chosen from a finished job's
 *                   photos (only with the customer's consent recorded), with caption, town, service
 *   updateGalleryItem: caption, town, service, hidden or position of a draft item changed
 *   deleteGalleryItem, galleryDrafts (the consent is in ./service-gallery-consent.ts)
 * Every image is decoded and re-encoded by sharp (../photos/process.ts): no EXIF, GPS, XMP or ICC
 * survives, and the stored JPEG is at most 2048 px on its long side.
 */
import { inTransaction, type ServiceContext } from "../../platform/context";
import { DomainError, Invalid, NotFound, Unavailable } from "../../platform/domain-errors";
import { processPhoto, sniffImage } from "../photos";
import { newPhotoId, photoBytes } from "../photos";
import {
  galleryFieldsSchema,
  galleryLimits,
  galleryMessages,
  type GalleryImageRole,
  type GalleryPatch,
  type SiteGalleryItem,
} from "./contract";
import * as repo from "./repository-gallery";
import { serviceBySlug } from "./repository";
import { ensureSiteContent } from "./service-seed";

/** One picture of a new item: the bytes of an upload, or the id of a job's photo. */
export type GalleryPart = { bytes: Uint8Array } | { photoId: string };

export interface GalleryUpload {
  fields: Record<string, string>;
  parts: Partial<Record<GalleryImageRole, GalleryPart>>;
}

const checkFields = "Please check the highlighted fields.";
const fieldError = (field: string, message: string) =>
  new Invalid(checkFields, { fields: { [field]: message } });

/** The roles the parts make: a pair (before and after) or a single photo, never a mix. */
function kindOf(parts: GalleryUpload["parts"]): "pair" | "single" {
  const { before, after, photo } = parts;
  if (photo && !before && !after) return "single";
  if (before && after && !photo) return "pair";
  if (photo) throw fieldError("photo", "Send either one photo, or a before and an after photo, not both.");
  throw fieldError(before ? "after" : "before", "A before/after pair needs both photos.");
}

/** A picture's bytes, refused with the reason beside its field when it is no photo we take. */
async function decodePart(role: GalleryImageRole, bytes: Uint8Array) {
  const kind = sniffImage(bytes);
  if (kind === "jpeg" || kind === "png" || kind === "webp") {
    const { default: sharp } = await import("sharp");
    const meta = await sharp(Buffer.from(bytes), { limitInputPixels: false })
      .metadata()
      .catch(() => null);
    const longest = Math.max(meta?.width ?? 0, meta?.height ?? 0);
    if (longest > galleryLimits.maxSidePx) throw fieldError(role, galleryMessages.tooWide);
  }
  try {
    return await processPhoto(bytes);
  } catch (error) {
    if (error instanceof DomainError && !(error instanceof Unavailable))
      throw fieldError(role, error.message);
    throw error;
  }
}

/** A finished job's photo, only with its customer's consent recorded. */
async function jobPhoto(role: GalleryImageRole, photoId: string, ctx: ServiceContext) {
  const found = await photoBytes(photoId, "full");
  if (!found || found.photo.submissionId === null) throw fieldError(role, "That photo no longer exists.");
  const job = await repo.requestById(found.photo.submissionId, ctx.db);
  if (!job || job.state !== "done") throw fieldError(role, galleryMessages.notFinished);
  const consent = await repo.consentFor(job.submissionId, ctx.db);
  if (!consent || consent.withdrawnAt) throw fieldError(role, galleryMessages.noConsent);
  return { submissionId: job.submissionId, photoId, bytes: new Uint8Array(found.data) };
}

export async function addGalleryItem(upload: GalleryUpload, ctx: ServiceContext): Promise<SiteGalleryItem> {
  const parsed = galleryFieldsSchema.safeParse({ caption: "", town: "", service: "", ...upload.fields });
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) fields[String(issue.path[0])] ??= issue.message;
    throw new Invalid(checkFields, { fields });
  }
  const body = parsed.data;
  const kind = kindOf(upload.parts);
  await ensureSiteContent(ctx);
  if (!(await serviceBySlug(body.service, ctx.db))) throw fieldError("service", "Please choose the service.");

  const roles = (kind === "pair" ? ["before", "after"] : ["photo"]) as GalleryImageRole[];
  const images: {
    role: GalleryImageRole;
    id: string;
    bytes: Buffer;
    width: number;
    height: number;
    hash: string;
    source: string | null;
  }[] = [];
  const jobs = new Set<number>();
  for (const role of roles) {
    const part = upload.parts[role]!;
    const picked = "photoId" in part ? await jobPhoto(role, part.photoId, ctx) : null;
    if (picked) jobs.add(picked.submissionId);
    const done = await decodePart(role, picked ? picked.bytes : (part as { bytes: Uint8Array }).bytes);
    images.push({
      role,
      id: newPhotoId(),
      bytes: done.full,
      width: done.width,
      height: done.height,
      hash: done.contentHash,
      source: picked?.photoId ?? null,
    });
  }
  if (jobs.size > 1) throw fieldError("after", "Both photos of a pair must come from the same job.");

  const row = await inTransaction(ctx, async (tx) => {
    for (const i of images) {
      await repo.insertImage(
        {
          id: i.id,
          bytes: i.bytes,
          width: i.width,
          height: i.height,
          contentHash: i.hash,
          sourcePhotoId: i.source,
        },
        tx,
      );
    }
    const id = (role: GalleryImageRole) => images.find((i) => i.role === role)?.id ?? null;
    return repo.insertItem(
      {
        kind,
        ...body,
        beforeImageId: id("before"),
        afterImageId: id("after"),
        photoImageId: id("photo"),
        submissionId: [...jobs][0] ?? null,
        position: await repo.nextPosition(tx),
      },
      tx,
    );
  });
  return toGalleryItem(row, new Map(images.map((i) => [i.id, i])));
}

/** Changes a draft item (a draft until published); an unknown service is refused beside its field. */
export async function updateGalleryItem(
  id: number,
  patch: GalleryPatch,
  ctx: ServiceContext,
): Promise<SiteGalleryItem> {
  if (patch.service !== undefined) {
    await ensureSiteContent(ctx);
    if (!(await serviceBySlug(patch.service, ctx.db)))
      throw fieldError("service", "Please choose the service.");
  }
  const row = await repo.updateItem(id, patch, ctx.db);
  if (!row) throw new NotFound("There is no such gallery item.");
  return toGalleryItem(row, await repo.imageSizes(imageIdsOf(row), ctx.db));
}

export async function deleteGalleryItem(id: number, ctx: ServiceContext): Promise<void> {
  if (!(await repo.deleteItem(id, ctx.db))) throw new NotFound("There is no such gallery item.");
}

export const imageIdsOf = (
  r: Pick<repo.GalleryItemRecord, "beforeImageId" | "afterImageId" | "photoImageId">,
) => [r.beforeImageId, r.afterImageId, r.photoImageId].filter((v): v is string => v !== null);

export function toGalleryItem(
  r: repo.GalleryItemRecord,
  sizes: Map<string, repo.ImageSize>,
): SiteGalleryItem {
  const image = (role: GalleryImageRole, id: string | null) => {
    const size = id ? sizes.get(id) : undefined;
    return size ? [{ role, id: size.id, width: size.width, height: size.height }] : [];
  };
  return {
    id: r.id,
    kind: r.kind as SiteGalleryItem["kind"],
    caption: r.caption,
    town: r.town,
    service: r.service,
    images: [
      ...image("before", r.beforeImageId),
      ...image("after", r.afterImageId),
      ...image("photo", r.photoImageId),
    ],
    submissionId: r.submissionId,
    hidden: r.hidden,
    position: r.position,
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** The gallery's drafts as the admin lists them. */
export async function galleryDrafts(ctx: ServiceContext): Promise<SiteGalleryItem[]> {
  const rows = await repo.listItems(ctx.db);
  const sizes = await repo.imageSizes(rows.flatMap(imageIdsOf), ctx.db);
  return rows.map((r) => toGalleryItem(r, sizes));
}

/** A gallery image's JPEG for the admin screen, or null. */
export async function galleryImageJpeg(imageId: string, ctx: ServiceContext): Promise<Uint8Array | null> {
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(imageId)) return null;
  return (await repo.imageBytes([imageId], ctx.db)).get(imageId) ?? null;
}
