/**
 * POST /api/uploads: one photo for a contact message or booking request, as the raw body or as the
 * one file part of a multipart body (docs/decisions/017-photos.md). The bytes decide what it is.
 * 201 {"id": "…", "width", "height", "bytes"} | 400 | 403 | 405 | 413 | 415 | 422 | 429 | 503.
 * The upload stays unclaimed until a form sends its id in `photos`; unclaimed ones are deleted
 * after a day by netlify/functions/photos-cleanup.mts.
 */
import type { Config } from "@netlify/functions";
import { photoEndpoints } from "../../src/features/photos/contract/endpoints";
import { apiHandler } from "../../src/platform/http/endpoint";
import "../../src/features/business/http-facts";
import { assertPublicOrigin } from "../../src/platform/http/request";
import { json } from "../../src/platform/http/response";
import { receiveUpload } from "../../src/features/photos/http";

export default apiHandler("/api/uploads", [
  {
    endpoint: photoEndpoints.upload,
    run: async (call) => {
      assertPublicOrigin(call.req); // 403 for an upload another site's page sent
      return json(await receiveUpload(call.req, call.services()), photoEndpoints.upload.status);
    },
  },
]);

export const config: Config = { path: "/api/uploads" };
