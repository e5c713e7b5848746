/**
 * The draft preview's gate (docs/decisions/057-draft-preview-and-local-rebuilds.md). Every address
 * under /preview is rendered on demand (src/pages/preview/), and only for a signed-in admin: the
 * session is checked here, before any page code runs, and the page is then rendered with the
 * owner's drafts in scope (`siteAtBuild()` and `businessAtBuild()` answer with them), and the draft
 * gallery's pictures are served from /preview/media/gallery/. Every other page passes untouched
 * (they are pre-rendered at build and never reach this in production).
 */
import { defineMiddleware } from "astro:middleware";
import { withPreviewDrafts } from "./components/sections/site-preview-scope";
import { previewBanner, previewHeaders, previewLinks } from "./components/sections/preview-page";

export const isPreviewPath = (pathname: string) =>
  pathname === "/preview" || pathname.startsWith("/preview/");

export const onRequest = defineMiddleware(async (context, next) => {
  if (context.isPrerendered || !isPreviewPath(context.url.pathname)) return next();
  const { previewAccess, previewGalleryImage } = await import("./features/site-content/http-preview");
  const access = await previewAccess(context.request);
  if (!access.allowed) return access.refusal;
  const image = await previewGalleryImage(context.url.pathname, access.drafts.site);
  if (image) return image;
  const rendered = await withPreviewDrafts(access.drafts, async () => {
    const response = await next();
    return { status: response.status, markup: await response.text() };
  });
  const markup = previewBanner(previewLinks(rendered.markup), context.url.pathname);
  return new Response(markup, { status: rendered.status, headers: previewHeaders });
});
