/**
 * The admin app's calls for the gallery (docs/decisions/058-gallery.md). A new item is a multipart
 * post (the photos with the caption, town and service), sent with fetch; the rest go through the
 * one API client. Photos are shrunk in the browser first (at most 2048 px, JPEG, no EXIF), so a
 * phone's originals fit in one request.
 */
import { callApi } from "../../../lib/api/client";
import * as r from "../../../lib/contracts/admin-routes";
import { ApiError, sessionEndedEvent, signedIn } from "../../../admin/api";
import { shrinkPhoto } from "../../../islands/photos/resize";
import { photoLimits } from "../../photos/contract/rules";
import { galleryLimits, galleryMessages, type GalleryPatch, type SiteGalleryItem } from "../contract";

export type { GalleryJob, SiteGalleryItem } from "../contract";

/** Where the admin screen shows a gallery image (the stored JPEG, behind the session). */
export const galleryImageUrl = (id: string) => `/api/admin/site/gallery/images/${encodeURIComponent(id)}`;

/** A photo the owner picked, ready to send, or the reason it cannot be. */
export async function preparePhoto(file: File): Promise<{ blob: Blob } | { error: string }> {
  if (file.size > photoLimits.pickBytes) {
    const mb = Math.round(file.size / 1024 / 1024);
    return {
      error: `This file is ${mb} MB, more than the ${photoLimits.pickBytes / 1024 / 1024} MB a photo may be. Please choose a smaller photo.`,
    };
  }
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    // Not something this browser can read: send it as it is, and the server says why it refuses it.
    return { blob: file };
  }
  const longest = Math.max(bitmap.width, bitmap.height);
  bitmap.close();
  if (longest > galleryLimits.maxSidePx) return { error: galleryMessages.tooWide };
  return { blob: (await shrinkPhoto(file, photoLimits.maxSide)).blob };
}

/** POST /api/admin/site/gallery: 201 { item }, or an ApiError with the fields' messages. */
async function addItem(form: FormData): Promise<SiteGalleryItem> {
  let res: Response;
  try {
    res = await fetch(r.addGalleryItemRoute.path, {
      method: "POST",
      body: form,
      credentials: "same-origin",
      headers: { Accept: "application/json" },
    });
  } catch {
    throw new ApiError(0, null);
  }
  const body: unknown = await res.json().catch(() => null);
  if (res.status === 401) window.dispatchEvent(new CustomEvent(sessionEndedEvent));
  if (res.status !== 201) throw new ApiError(res.status, body, res.headers.get("retry-after"));
  return (body as { item: SiteGalleryItem }).item;
}

export const galleryApi = {
  add: addItem,
  update: async (id: number, body: GalleryPatch) =>
    (await signedIn(callApi(r.updateGalleryItemRoute, { id, body }))).item,
  withdrawConsent: (submissionId: number, note: string) =>
    signedIn(callApi(r.withdrawGalleryConsentRoute, { id: submissionId, body: { note } })),
  remove: (id: number) => signedIn(callApi(r.deleteGalleryItemRoute, { id })),
  jobs: async () => (await signedIn(callApi(r.galleryJobsRoute))).jobs,
  recordConsent: async (submissionId: number, note: string) =>
    (await signedIn(callApi(r.recordGalleryConsentRoute, { body: { submissionId, note } }))).consent,
};
