/**
 * The gallery through its real handler (docs/decisions/058-gallery.md): a multipart item posted as
 * the signed-in owner, and a finished (or not) job with one photo the customer sent.
 *
 *   const res = await postGalleryItem({ ...galleryFields, photo: await jpegBlob() });
 *   const job = await jobWithPhoto(t.db, "done");
 */
import { expect } from "vitest";
import adminGallery from "../../netlify/functions/admin-site-gallery.mts";
import { requests } from "../../src/features/tables";
import { storePhoto } from "../../src/features/photos/service";
import * as photosRepo from "../../src/features/photos/repository";
import { serviceContext } from "../../src/platform/context";
import type { Db } from "../../src/platform/db/client";
import { adminClient, adminOrigin } from "./admin";
import { jpegWithGps } from "./images";

export type GalleryParts = Record<string, string | Blob>;

/** POSTs a multipart gallery item as the signed-in owner (or as told). */
export async function postGalleryItem(
  parts: GalleryParts,
  o: { cookie?: string | null; origin?: string; length?: string } = {},
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(parts)) form.set(name, value);
  const owner = o.cookie === undefined ? (await adminClient()).cookie : o.cookie;
  const body = new Response(form);
  const headers = new Headers({
    Origin: o.origin ?? adminOrigin,
    Accept: "application/json",
    "Content-Type": body.headers.get("content-type")!,
    "x-forwarded-for": "203.0.113.9",
  });
  if (owner) headers.set("Cookie", owner);
  if (o.length) headers.set("Content-Length", o.length);
  const res = await adminGallery(
    new Request(`${adminOrigin}/api/admin/site/gallery`, {
      method: "POST",
      headers,
      body: await body.arrayBuffer(),
    }),
  );
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : undefined };
}

export const jpegBlob = async (w = 1600, h = 1200) =>
  new Blob([new Uint8Array(await jpegWithGps(w, h))], { type: "image/jpeg" });

export const galleryFields = {
  caption: "Damp-stained living room repainted",
  town: "Kirkcaldy",
  service: "paint-wallpaper",
};

/** A finished (or not) job with one photo sent by the customer; returns its id and the photo's. */
export async function jobWithPhoto(db: Db, state = "done") {
  const [row] = await db
    .insert(requests)
    .values({
      name: "Ailsa Gray",
      email: "ailsa@example.com",
      message: "Ceiling stain",
      formType: "contact",
      state,
    })
    .returning({ id: requests.id });
  const photo = await storePhoto(await jpegWithGps(1200, 900), serviceContext());
  await photosRepo.claim([photo.id], row!.id, db);
  return { requestId: row!.id, photoId: photo.id };
}

/**
 * A finished job whose customer's consent the owner recorded, with its photo added to the gallery
 * as "Ceiling replastered" (not yet published); returns the signed-in owner, the job and the item.
 */
export async function consentedJobPhotoInGallery(db: Db) {
  const owner = await adminClient();
  const job = await jobWithPhoto(db, "done");
  const consent = await owner.call(adminGallery, "POST", "/api/admin/site/gallery/consents", {
    body: { submissionId: job.requestId, note: "Agreed by e-mail on 3 December" },
  });
  expect(consent.status).toBe(201);
  const added = await postGalleryItem({
    ...galleryFields,
    caption: "Ceiling replastered",
    photo: job.photoId,
  });
  expect(added.status, JSON.stringify(added.json)).toBe(201);
  return { owner, job, item: added.json.item };
}
