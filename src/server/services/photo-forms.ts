/**
 * Photos on the contact and booking forms (docs/decisions/017-photos.md).
 *
 *   const request = await withPhotoFormPost(req, context);   // a no-JavaScript multipart post:
 *                                                            // its photos stored, the rest a web form
 *   acceptSubmission("booking", request, { context, afterInsert: claimThenMail(mail) });
 *
 * With JavaScript the island uploads each photo first (POST /api/uploads) and sends their ids as
 * `photos: ["…"]`; without it the browser posts the files with the form as multipart/form-data,
 * which is turned into the same thing here: each file is processed and stored exactly like an
 * upload and its id put in `photos`. Either way the ids are claimed in the submission's own
 * transaction, so a request never commits with photos it could not claim.
 */
import { photoLimits, photoMessages } from "../../lib/photos";
import type { Executor } from "../db/client";
import { ApiError, badRequest, validationFailed } from "../http/errors";
import type { Submission } from "../repositories/submissions";
import { claimPhotos, enforceUploadLimits, parsePhotoIds, readBytesLimited, storePhoto } from "./photos";

const isMultipart = (req: Request) =>
  (req.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase() === "multipart/form-data";

/** A multipart form post as an urlencoded one, its files stored as unclaimed photos first. */
export async function withPhotoFormPost(req: Request, context?: { ip?: string }): Promise<Request> {
  if (!isMultipart(req)) return req;
  const bytes = await readBytesLimited(
    req,
    photoLimits.formPostBytes,
    () => new ApiError(413, "payload_too_large", photoMessages.formTooBig),
  );
  let form: FormData;
  try {
    form = await new Response(bytes, {
      headers: { "content-type": req.headers.get("content-type")! },
    }).formData();
  } catch {
    throw badRequest("The form could not be read. Please try again.", "malformed_body");
  }
  const fields = new URLSearchParams();
  const files: File[] = [];
  for (const [name, value] of form) {
    if (typeof value === "string") fields.append(name, value);
    else if (value.size > 0 || value.name !== "") files.push(value);
  }
  if (files.length > photoLimits.perRequest) throw validationFailed({ photos: photoMessages.tooMany });
  const ids: string[] = [];
  for (const file of files) {
    await enforceUploadLimits(req, context);
    try {
      ids.push((await storePhoto(new Uint8Array(await file.arrayBuffer()))).id);
    } catch (error) {
      if (error instanceof ApiError && error.status < 500 && error.status !== 429) {
        throw validationFailed({ photos: `${file.name || "A photo"}: ${error.message}` });
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

/**
 * The afterInsert hook of the contact and booking forms: claim the photos the form named, then
 * queue the e-mails (which say how many photos came), all in the submission's transaction.
 */
export function claimThenMail(mail: {
  afterSubmission: (tx: Executor, row: Submission & { photoCount?: number }) => Promise<void>;
}) {
  return async (tx: Executor, row: Submission, data: Record<string, unknown>) => {
    const photoCount = await claimPhotos(tx, row.id, parsePhotoIds(data["photos"]));
    await mail.afterSubmission(tx, { ...row, photoCount });
  };
}
