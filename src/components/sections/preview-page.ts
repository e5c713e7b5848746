/**
 * What turns a page rendered with the drafts into a preview (src/middleware.ts): a bar at the top
 * that says so, links between public pages kept inside the preview, and headers that keep it out
 * of every cache and search engine.
 */
import { headerRules } from "../../../integrations/security-headers";

const siteWide = headerRules.find((rule) => rule.for === "/*")?.values ?? {};

export const previewHeaders: Record<string, string> = {
  ...siteWide,
  "Content-Type": "text/html; charset=utf-8",
  "Cache-Control": "no-store, private",
  "X-Robots-Tag": "noindex, nofollow",
};

const banner = (pathname: string) =>
  `<div role="status" id="preview-banner" class="sticky top-0 z-50 flex flex-wrap items-center justify-center gap-x-4 gap-y-1 bg-accent-500 px-4 py-2 text-center text-sm font-semibold text-brand-950">` +
  `<span>Preview of your unpublished changes. Visitors still see the live website.</span>` +
  `<a class="underline underline-offset-2" href="/admin/website">Back to Website</a>` +
  `<a class="underline underline-offset-2" href="${pathname.replace(/^\/preview/, "") || "/"}">See the live page</a>` +
  `</div>`;

/**
 * The preview bar, first thing in the body; the page told to stay out of search engines, and its
 * canonical address the live page's.
 */
export function previewBanner(markup: string, pathname: string): string {
  return markup
    .replace(/<meta name="robots" content="[^"]*">/, '<meta name="robots" content="noindex, nofollow">')
    .replace(/(<link rel="canonical" href="[^"]*?)\/preview(?=\/|")/, "$1")
    .replace(/<body([^>]*)>/, (body) => `${body}${banner(pathname)}`);
}

/** The public pages the preview can show, as their live addresses. */
const previewable =
  /^\/(?:faqs|about-us|contact-us|our-work|services(?:\/[a-z0-9-]+)?|book-appointment|testimonials)?$/;

/**
 * Links to another public page open its preview, so the owner can click around the drafts; the
 * gallery's pictures come from the preview (drafts are not in the built files).
 */
export function previewLinks(markup: string): string {
  return markup
    .replace(/(src="|srcset="|, )\/media\/gallery\//g, "$1/preview/media/gallery/")
    .replace(/href="(\/[^"#?]*)([^"]*)"/g, (whole, path: string, rest: string) =>
      previewable.test(path) ? `href="/preview${path === "/" ? "" : path}${rest}"` : whole,
    );
}
