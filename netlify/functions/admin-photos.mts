/**
 * Photos for the signed-in owner only (docs/decisions/017-photos.md); no public URL exists.
 *   GET /api/admin/photos?submission=ID      200 {"photos":[{"id","width","height","bytes","createdAt","stage"}]}
 *                                            (`stage` "before": sent with the request; "after": the
 *                                            owner's photos of the finished work)
 *   GET /api/admin/photos/:id                the full-size JPEG (`?download=1`: as an attachment)
 *   GET /api/admin/photos/:id/thumb          the thumbnail JPEG
 * Images carry our own Content-Type, Content-Disposition, `X-Content-Type-Options: nosniff` and
 * `Cache-Control: private, no-store`. 401 without a session, 404 for an unknown id.
 */
import type { Config } from "@netlify/functions";
import { photoEndpoints } from "../../src/features/photos/contract/endpoints";
import { parseId } from "../../src/features/admin-auth/http";
import { requireAdmin } from "../../src/features/admin-auth/http-guard";
import { apiHandler } from "../../src/platform/http/endpoint";
import "../../src/features/business/http-facts";
import { badRequest, notFound } from "../../src/platform/http/errors";
import { json } from "../../src/platform/http/response";
import { photoBytes, photosOf } from "../../src/features/photos";

const route = "/api/admin/photos";

function pathParts(
  req: Request,
  params: Record<string, string> | undefined,
): { id: string | undefined; variant: string | undefined } {
  if (params?.["id"] !== undefined) return { id: params["id"], variant: params["variant"] };
  const rest = new URL(req.url).pathname.replace(/\/+$/, "").slice(route.length).split("/").filter(Boolean);
  return { id: rest[0], variant: rest[1] };
}

// One action: apiHandler sends every path under the route here; the id and variant are read below.
export default apiHandler(route, [
  {
    endpoint: photoEndpoints.adminPhotos,
    run: async ({ req, context }) => {
      await requireAdmin(req);
      const url = new URL(req.url);
      const { id, variant } = pathParts(req, context.params);
      if (id === undefined) {
        const raw = url.searchParams.get("submission");
        if (raw === null) throw badRequest("Say which request: ?submission=ID.", "invalid_filter");
        const photos = await photosOf(parseId(raw));
        return json({
          photos: photos.map((p) => ({
            id: p.id,
            width: p.width,
            height: p.height,
            bytes: p.bytes,
            createdAt: p.createdAt.toISOString(),
            stage: p.stage,
          })),
        });
      }
      if (variant !== undefined && variant !== "thumb") throw notFound();
      const found = await photoBytes(id, variant === "thumb" ? "thumb" : "full");
      if (!found) throw notFound("That photo no longer exists.");
      const download = url.searchParams.get("download") === "1";
      const name = `request-${found.photo.submissionId ?? "unclaimed"}-photo-${found.photo.id.slice(0, 8)}${variant === "thumb" ? "-thumb" : ""}.jpg`;
      return new Response(req.method === "HEAD" ? null : found.data, {
        status: 200,
        headers: {
          "Content-Type": "image/jpeg",
          "Content-Length": String(found.data.byteLength),
          "Content-Disposition": `${download ? "attachment" : "inline"}; filename="${name}"`,
          "X-Content-Type-Options": "nosniff",
          "Cache-Control": "private, no-store",
          "Content-Security-Policy": "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'",
        },
      });
    },
  },
]);

// Literal strings: Netlify reads this config statically.
export const config: Config = {
  path: ["/api/admin/photos", "/api/admin/photos/:id", "/api/admin/photos/:id/:variant"],
};
