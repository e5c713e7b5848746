/**
 * The admin app's calls for photos: a request's photos (the images themselves are plain URLs).
 */
import { sessionEndedEvent } from "../../../admin/api";

/** A photo sent with a request (GET /api/admin/photos?submission=ID; docs/decisions/017-photos.md). */
export interface AdminPhoto {
  id: string;
  width: number;
  height: number;
  bytes: number;
  createdAt: string;
  /** "before": sent with the request; "after": the owner's photos of the finished work. */
  stage: "before" | "after";
}

async function listPhotos(requestId: number): Promise<AdminPhoto[]> {
  const res = await fetch(`/api/admin/photos?submission=${requestId}`, {
    credentials: "same-origin",
    cache: "no-store",
    headers: { Accept: "application/json" },
  });
  if (res.status === 401) window.dispatchEvent(new CustomEvent(sessionEndedEvent));
  if (!res.ok) throw new Error(`Loading photos failed (HTTP ${res.status}).`);
  return ((await res.json()) as { photos: AdminPhoto[] }).photos;
}

export const photosApi = { photos: listPhotos };
