/**
 * Photo endpoints (docs/decisions/017-photos.md). The upload body is an image (or one multipart
 * file part), not JSON, so it has no request schema; the admin photo routes answer image bytes.
 */
import { z } from "zod";
import { photoIdPattern, photoLimits, photoMessages } from "./rules";
import { defineEndpoint } from "../../../lib/contracts/endpoint";

export const photoEndpoints = {
  upload: defineEndpoint({
    method: "POST",
    path: "/api/uploads",
    response: z.object({ id: z.string(), width: z.number(), height: z.number(), bytes: z.number() }),
    status: 201,
  }),
  /** `?submission=ID` lists; `/:id`, `/:id/thumb` and `?download=1` answer the JPEG. */
  adminPhotos: defineEndpoint({ method: "GET", path: "/api/admin/photos", status: 200 }),
} as const;

/**
 * The `photos` field of the contact and booking forms: upload ids, as a JSON array or (a form
 * posted without JavaScript) one comma-separated string; at most five, duplicates dropped. Here, not
 * in ../photos.ts, so the form islands that import the limits do not load zod.
 */
export const photoIdsSchema = z
  .preprocess(
    (value) =>
      typeof value === "string"
        ? value
            .split(",")
            .map((s) => s.trim())
            .filter(Boolean)
        : value,
    z
      .array(z.string({ error: photoMessages.unknown }).regex(photoIdPattern, photoMessages.unknown), {
        error: photoMessages.unknown,
      })
      .transform((ids) => [...new Set(ids)])
      .refine((ids) => ids.length <= photoLimits.perRequest, photoMessages.tooMany),
  )
  .optional();
