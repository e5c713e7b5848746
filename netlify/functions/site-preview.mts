/**
 * GET /preview/<page>: the public page rendered with the owner's drafts, for a signed-in admin only
 * (docs/decisions/057-draft-preview-and-local-rebuilds.md). netlify.toml rewrites /preview/* here
 * (no file is ever built under /preview). This function only hands the request to the on-demand
 * renderer the build wrote beside the site (`dist-server/`, integrations/preview-server.ts), which
 * checks the session (src/middleware.ts) and renders the same page modules as the live site.
 * SITE_PREVIEW_SERVER names another renderer (the local host points it at the build it serves).
 * Under `npm run dev` Astro's dev server renders /preview itself and this function is not used.
 */
import type { Config } from "@netlify/functions";
import path from "node:path";
import { pathToFileURL } from "node:url";

interface Renderer {
  render(request: Request): Promise<Response>;
}

const renderers = new Map<string, Promise<Renderer>>();

function renderer(): Promise<Renderer> {
  const file = path.resolve(process.env["SITE_PREVIEW_SERVER"] ?? "dist-server/entry.mjs");
  let loaded = renderers.get(file);
  if (!loaded) {
    loaded = import(pathToFileURL(file).href) as Promise<Renderer>;
    loaded.catch(() => renderers.delete(file));
    renderers.set(file, loaded);
  }
  return loaded;
}

/** The public address of the preview, whichever of its two addresses was asked for. */
function previewUrl(req: Request): URL {
  const url = new URL(req.url);
  url.pathname = url.pathname.replace(/^\/api\/site-preview(?=\/|$)/, "/preview");
  return url;
}

export default async function sitePreview(req: Request): Promise<Response> {
  if (req.method !== "GET" && req.method !== "HEAD")
    return new Response(null, { status: 405, headers: { Allow: "GET, HEAD" } });
  const { render } = await renderer();
  return render(new Request(previewUrl(req), { method: req.method, headers: req.headers }));
}

export const config: Config = { path: ["/api/site-preview", "/api/site-preview/*"] };
