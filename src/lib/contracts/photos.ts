/**
 * Photo endpoints (docs/decisions/017-photos.md). The upload body is an image (or one multipart
 * file part), not JSON, so it has no request schema; the admin photo routes answer image bytes.
 */
import { z } from "zod";
import { defineEndpoint } from "./endpoint";

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
