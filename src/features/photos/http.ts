/**
 * Photos at the HTTP edge (docs/decisions/017-photos.md): reading an upload's bytes, and the
 * contact and booking forms' no-JavaScript multipart posts.
 *
 *   receiveUpload(req, ctx)    POST /api/uploads: the limits, then the body (raw bytes, or the one
 *                              file part of a multipart body), then `acceptUpload` (./service.ts)
 *   acceptingPhotoFiles(publicForm(bookingWithPhotos, { accept: submitBooking, … }))
 *                              a no-JavaScript multipart post: its files stored as photos first,
 *                              the rest a web form
 *
 * With JavaScript the island uploads each photo first (POST /api/uploads) and sends their ids as
 * `photos: ["…"]`; without it the browser posts the files with the form as multipart/form-data,
 * which is turned into the same thing here: each file is processed and stored exactly like an
 * upload and its id put in `photos`. Either way the ids are claimed in the submission's own
 * transaction (`createRequestIn`, src/features/requests/service-create.ts), so a request never
 * commits with photos it could not claim.
 */
import { photoLimits, photoMessages } from "./contract/rules";
import type { ServiceContext } from "../../platform/context";
import type { Action } from "../../platform/http/endpoint";
import { HttpError, toHttpError, validationFailed } from "../../platform/http/errors";
import {
  assertPublicOrigin,
  mediaType,
  readBytesLimited,
  readMultipartForm,
} from "../../platform/http/request";
import { acceptUpload, enforceUploadLimits, storePhoto } from "./service";

const photoTooLarge = () => new HttpError(413, "payload_too_large", photoMessages.tooBig);

/** The upload's bytes: the whole body, or the one file part of a multipart body. */
async function uploadBytes(req: Request): Promise<Uint8Array<ArrayBuffer>> {
  if (mediaType(req) !== "multipart/form-data") {
    return readBytesLimited(req, photoLimits.uploadBytes, photoTooLarge);
  }
  const form = await readMultipartForm(
    req,
    photoLimits.uploadBytes,
    photoTooLarge,
    "The upload could not be read. Please send one photo.",
  );
  const files = [...form.values()].filter((v): v is File => typeof v !== "string");
  if (files.length !== 1) {
    throw new HttpError(400, "one_photo_per_upload", "Please send exactly one photo per upload.");
  }
  return new Uint8Array(await files[0]!.arrayBuffer());
}

/** POST /api/uploads: a declared size over the limit is refused before anything is counted or read. */
export async function receiveUpload(req: Request, ctx: ServiceContext) {
  const declared = req.headers.get("content-length");
  if (declared !== null && Number(declared) > photoLimits.uploadBytes) throw photoTooLarge();
  await enforceUploadLimits(ctx);
  return acceptUpload(await uploadBytes(req), ctx);
}

/** A multipart form post as an urlencoded one, its files stored as unclaimed photos first. */
export async function withPhotoFormPost(req: Request, ctx: ServiceContext): Promise<Request> {
  if (mediaType(req) !== "multipart/form-data") return req;
  const form = await readMultipartForm(
    req,
    photoLimits.formPostBytes,
    () => new HttpError(413, "payload_too_large", photoMessages.formTooBig),
    "The form could not be read. Please try again.",
  );
  const fields = new URLSearchParams();
  const files: File[] = [];
  for (const [name, value] of form) {
    if (typeof value === "string") fields.append(name, value);
    else if (value.size > 0 || value.name !== "") files.push(value);
  }
  if (files.length > photoLimits.perRequest) throw validationFailed({ photos: photoMessages.tooMany });
  const ids: string[] = [];
  for (const file of files) {
    await enforceUploadLimits(ctx);
    try {
      ids.push((await storePhoto(new Uint8Array(await file.arrayBuffer()), ctx)).id);
    } catch (error) {
      const refused = toHttpError(error);
      if (refused.status < 500 && refused.status !== 429) {
        throw validationFailed({ photos: `${file.name || "A photo"}: ${refused.message}` });
      }
      throw error;
    }
  }
  if (ids.length > 0) fields.set("photos", ids.join(","));
  const headers = new Headers(req.headers);
  headers.set("content-type", "application/x-www-form-urlencoded");
  headers.delete("content-length");
  return new Request(req.url, { method: req.method, headers, body: fields.toString() });
}

/** A public form action that first turns a no-JavaScript multipart post into an ordinary one. */
export function acceptingPhotoFiles(action: Action): Action {
  return {
    ...action,
    run: async (call) => {
      // Before any file is stored: a post from another site's page is refused outright.
      assertPublicOrigin(call.req);
      return action.run({ ...call, req: await withPhotoFormPost(call.req, call.services()) });
    },
  };
}
