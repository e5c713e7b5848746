/**
 * Who may see the draft preview, and with what (docs/decisions/057-draft-preview-and-local-rebuilds.md):
 * only a signed-in admin. The public never sees drafts: without a live admin session a browser is
 * sent to the admin's sign-in (303), any other caller gets 401; neither answer contains any draft.
 */
import { sessionToken } from "../admin-auth/http-guard";
import { resolveSession } from "../admin-auth";
import { serviceContext } from "../../platform/context";
import type { PublicSite } from "./contract/public";
import { draftPublicSite } from "./service-public";

/** The admin's sign-in, which opens on the Website screen once signed in. */
export const previewSignIn = "/admin/website";

export type PreviewAccess = { allowed: true; site: PublicSite } | { allowed: false; refusal: Response };

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
  return { allowed: true, site: await draftPublicSite(serviceContext()) };
}
