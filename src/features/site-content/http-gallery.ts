/**
 * The gallery's endpoints at the HTTP edge (docs/decisions/058-gallery.md): the owner's multipart
 * upload of a new item, and a gallery image for the admin screen.
 *
 *   receiveGalleryItem(req, ctx)   POST /api/admin/site/gallery: the size first (413 before reading),
 *                                  then the multipart parts: `before`, `after` or `photo` (a file, or
 *                                  a job photo's id as text), `caption`, `town`, `service`
 *   galleryImageResponse(req, id, ctx)  GET …/gallery/images/:imageId: the stored JPEG, private
 */
import type { ServiceContext } from "../../platform/context";
import { HttpError, notFound } from "../../platform/http/errors";
import { mediaType, readMultipartForm } from "../../platform/http/request";
import { galleryImageRoles, galleryMessages, galleryLimits } from "./contract";
import { addGalleryItem, galleryImageJpeg, type GalleryUpload } from "./service-gallery";

const tooBig = () => new HttpError(413, "payload_too_large", galleryMessages.tooBig);

export async function receiveGalleryItem(req: Request, ctx: ServiceContext) {
  const declared = req.headers.get("content-length");
  if (declared !== null && Number(declared) > galleryLimits.bodyBytes) throw tooBig();
  if (mediaType(req) !== "multipart/form-data") {
    throw new HttpError(
      415,
      "unsupported_media_type",
      "Send the gallery item as multipart/form-data (the photos with the caption, town and service).",
    );
  }
  const form = await readMultipartForm(
    req,
    galleryLimits.bodyBytes,
    tooBig,
    "The upload could not be read. Please choose the photos again.",
  );
  const upload: GalleryUpload = { fields: {}, parts: {} };
  for (const [name, value] of form) {
    const role = galleryImageRoles.find((r) => r === name);
    if (role) {
      if (typeof value === "string") {
        if (value.trim() !== "") upload.parts[role] = { photoId: value.trim() };
      } else if (value.size > 0) {
        upload.parts[role] = { bytes: new Uint8Array(await value.arrayBuffer()) };
      }
    } else if (typeof value === "string") {
      upload.fields[name] = value;
    }
  }
  return { item: await addGalleryItem(upload, ctx) };
}

export async function galleryImageResponse(req: Request, imageId: string, ctx: ServiceContext) {
  const bytes = await galleryImageJpeg(imageId, ctx);
  if (!bytes) throw notFound("That image no longer exists.");
  return new Response(req.method === "HEAD" ? null : Buffer.from(bytes), {
    status: 200,
    headers: {
      "Content-Type": "image/jpeg",
      "Content-Length": String(bytes.byteLength),
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, max-age=3600",
      "Content-Security-Policy": "default-src 'none'",
    },
  });
}
