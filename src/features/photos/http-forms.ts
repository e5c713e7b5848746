/**
 * Photos on the contact and booking forms (docs/decisions/017-photos.md).
 *
 *   acceptingPhotoFiles(publicForm(bookingWithPhotos, { accept: submitWithPhotos(bookingPost), … }))
 *   // a no-JavaScript multipart post: its files stored as photos first, the rest a web form
 *
 * With JavaScript the island uploads each photo first (POST /api/uploads) and sends their ids as
 * `photos: ["…"]`; without it the browser posts the files with the form as multipart/form-data,
 * which is turned into the same thing here: each file is processed and stored exactly like an
 * upload and its id put in `photos`. Either way the ids are claimed in the submission's own
 * transaction, so a request never commits with photos it could not claim.
 */
import { photoLimits, photoMessages } from "./contract/rules";
import { HttpError, badRequest, validationFailed } from "../../platform/http/errors";
import type { Action } from "../../platform/http/endpoint";
import type { SubmissionForMail } from "../mail/messages";
import { queueSubmissionMail } from "../mail/service";
import type { Submission } from "../requests/repository";
import type { ServiceContext } from "../../platform/context";
import { assertPublicOrigin, readBytesLimited } from "../../platform/http/request";
import { claimPhotos, enforceUploadLimits, storePhoto } from "./service";
import { acceptPublicPost, type Accepted, type PublicPost } from "../requests/service-forms";

const isMultipart = (req: Request) =>
  (req.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase() === "multipart/form-data";

/** A multipart form post as an urlencoded one, its files stored as unclaimed photos first. */
export async function withPhotoFormPost(req: Request, ctx: ServiceContext): Promise<Request> {
  if (!isMultipart(req)) return req;
  const bytes = await readBytesLimited(
    req,
    photoLimits.formPostBytes,
    () => new HttpError(413, "payload_too_large", photoMessages.formTooBig),
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
    await enforceUploadLimits(ctx);
    try {
      ids.push((await storePhoto(new Uint8Array(await file.arrayBuffer()), ctx)).id);
    } catch (error) {
      if (error instanceof HttpError && error.status < 500 && error.status !== 429) {
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
 * A contact or booking post that names photos: the submission's insert claims them and its e-mails
 * say how many came, all in the submission's one transaction (an id that cannot be claimed rolls
 * the whole request back with 422).
 */
export function submitWithPhotos<I>(
  post: (input: I) => PublicPost<Submission>,
  /** More for the e-mails (a booking's preferred times). */
  mail: Partial<SubmissionForMail> = {},
): (input: I & { photos?: string[] | undefined }, ctx: ServiceContext) => Promise<Accepted<Submission>> {
  return (input, ctx) => {
    const base = post(input);
    const ids = input.photos ?? [];
    let photoCount = 0;
    return acceptPublicPost<Submission>(
      {
        ...base,
        insert: async (key, tx) => {
          const inserted = await base.insert(key, tx);
          if (inserted.created) photoCount = await claimPhotos(tx, inserted.row.id, ids);
          return inserted;
        },
        queueMail: (row, tx) => queueSubmissionMail({ ...row, ...mail, photoCount }, tx),
      },
      ctx,
    );
  };
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
