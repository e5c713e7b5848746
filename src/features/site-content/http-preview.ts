/**
 * Who may see the draft preview, and with what (docs/decisions/057-draft-preview-and-local-rebuilds.md):
 * only a signed-in admin. The public never sees drafts: without a live admin session a browser is
 * sent to the admin's sign-in (303), any other caller gets 401; neither answer contains any draft.
 * The drafts are the website's content, the business's public facts and the draft gallery's
 * pictures (served here, on request, to the signed-in admin only).
 */
import { sessionToken } from "../admin-auth/http-guard";
import { resolveSession } from "../admin-auth";
import { serviceContext } from "../../platform/context";
import type { PublicSite } from "./contract/public";
import type { PublicBusiness } from "../business/contract/public-facts";
import { businessPublishPart, publicBusiness } from "../business";
import { parseGalleryFileName } from "./contract/gallery-rules";
import { renderGallerySize } from "./gallery-image";
import { imageBytes } from "./repository-gallery";
import { draftPublicSite } from "./service-public";

/** The admin's sign-in, which opens on the Website screen once signed in. */
export const previewSignIn = "/admin/website";

/** What a preview renders: the content drafts and the business's draft public facts. */
export interface PreviewDrafts {
  site: PublicSite;
  business: PublicBusiness;
}

export type PreviewAccess = { allowed: true; drafts: PreviewDrafts } | { allowed: false; refusal: Response };

function refusal(req: Request): Response {
  const headers = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow" };
  const wantsPage = req.method === "GET" && (req.headers.get("accept") ?? "").includes("text/html");
  if (wantsPage) return new Response(null, { status: 303, headers: { ...headers, Location: previewSignIn } });
  return new Response(
    JSON.stringify({ error: { code: "unauthorized", message: "Please sign in to the admin area." } }),
    {
      status: 401,
      headers: { ...headers, "Content-Type": "application/json; charset=utf-8" },
    },
  );
}

/** The drafts for a signed-in admin, or the answer that refuses anyone else. */
export async function previewAccess(req: Request): Promise<PreviewAccess> {
  const session = await resolveSession(sessionToken(req));
  if (!session) return { allowed: false, refusal: refusal(req) };
  const ctx = serviceContext();
  const [site, facts] = await Promise.all([draftPublicSite(ctx), businessPublishPart(ctx.db)]);
  return { allowed: true, drafts: { site, business: await publicBusiness(facts, ctx.now, ctx.db) } };
}

const galleryPrefix = "/preview/media/gallery/";

/**
 * /preview/media/gallery/<id>-<width>.<avif|webp>: one size of a picture the draft gallery shows,
 * made on request (the built files hold only the published ones); null for any other address. An
 * image the drafts do not show (removed, hidden, or its job's consent withdrawn) is 404.
 */
export async function previewGalleryImage(pathname: string, site: PublicSite): Promise<Response | null> {
  if (!pathname.startsWith(galleryPrefix)) return null;
  const file = parseGalleryFileName(pathname.slice(galleryPrefix.length));
  const shown = file && site.gallery.some((g) => g.images.some((i) => i.id === file.id));
  const jpeg = shown ? (await imageBytes([file.id], serviceContext().db)).get(file.id) : undefined;
  if (!file || !jpeg) {
    return new Response("Not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const bytes = await renderGallerySize(jpeg, file.width, file.format);
  return new Response(new Uint8Array(bytes), {
    status: 200,
    headers: {
      "Content-Type": `image/${file.format}`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "X-Robots-Tag": "noindex, nofollow",
    },
  });
}
