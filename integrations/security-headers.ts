/**
 * The response headers the CDN sends with the built site: the security headers (the
 * Content-Security-Policy among them) and the cache rules. They are part of the build output, not
 * of netlify.toml, so that `netlify dev` does not put the production policy on the Astro dev
 * server's pages (docs/decisions/011-headers-in-the-build-output.md).
 *
 * `astro build` writes them to `.netlify/v1/config.json` (Netlify's Frameworks API). Netlify's
 * build and `netlify serve` read that file after the build command; `netlify dev` never reads it.
 * scripts/check-build.mjs reads the written file and fails if a built page carries an inline script
 * whose hash is not in `script-src` below.
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import type { AstroIntegration } from "astro";

export interface HeaderRule {
  readonly for: string;
  readonly values: Readonly<Record<string, string>>;
}

/**
 * script-src: our own files plus the hashes of Astro's island bootstrap scripts, which Astro writes
 * inline on pages with an island. No 'unsafe-inline' and no 'unsafe-eval' for scripts. The map
 * iframe on /contact-us loads only when asked (frame-src). `imgSrc` is `'self' data:` everywhere;
 * the pages with a photo field also allow `blob:`, the object URLs of the visitor's own photos
 * shown as thumbnails before upload (docs/decisions/025-light-forms.md). `worker-src` is 'none' on
 * every page but the admin's, which registers its service worker, /admin-sw.js
 * (docs/decisions/034-push-notifications.md): no public page can start a worker.
 */
const policy = (imgSrc: string, workerSrc = "'none'") =>
  [
    "default-src 'self'",
    [
      "script-src 'self'",
      "'sha256-QzWFZi+FLIx23tnm9SBU4aEgx4x8DsuASP07mfqol/c='",
      "'sha256-Ya0pUYrC7nM5Cn/056TyVuEiz6dFGrzmkWzgON0pF0U='",
      "'sha256-Q2BPg90ZMplYY+FSdApNErhpWafg2hcRRbndmvxuL/Q='",
      "'sha256-BF0290pkb3jxQsE7z00xR8Imp8X34FLC88L0lkMnrGw='",
    ].join(" "),
    "style-src 'self' 'unsafe-inline'",
    `img-src ${imgSrc}`,
    "font-src 'self'",
    "connect-src 'self'",
    "frame-src https://www.openstreetmap.org",
    "manifest-src 'self'",
    `worker-src ${workerSrc}`,
    "form-action 'self'",
    "base-uri 'self'",
    "object-src 'none'",
    "frame-ancestors 'none'",
    "upgrade-insecure-requests",
  ].join("; ");

const contentSecurityPolicy = policy("'self' data:");

/** The pages whose forms preview the visitor's photos from `blob:` URLs before uploading them. */
export const photoPreviewPages = ["/book-appointment", "/contact-us"] as const;
const photoPreviewPolicy = policy("'self' data: blob:");

/** The admin's pages: its service worker may be registered (scope /admin). */
export const adminPolicy = policy("'self' data:", "'self'");
export const adminPages = ["/admin", "/admin.html", "/admin/", "/admin/*"] as const;

export const headerRules: readonly HeaderRule[] = [
  {
    for: "/*",
    values: {
      "Strict-Transport-Security": "max-age=63072000; includeSubDomains; preload",
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "strict-origin-when-cross-origin",
      "Permissions-Policy":
        "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
      "X-Frame-Options": "DENY",
      "Cross-Origin-Opener-Policy": "same-origin",
      "Content-Security-Policy": contentSecurityPolicy,
    },
  },
  // After "/*": for the same header the later matching rule wins, so these pages get the policy
  // with `blob:` images and every other page keeps the stricter one.
  ...photoPreviewPages.flatMap((page) =>
    [page, `${page}.html`, `${page}/`].map((path) => ({
      for: path,
      values: { "Content-Security-Policy": photoPreviewPolicy },
    })),
  ),
  ...adminPages.map((path) => ({ for: path, values: { "Content-Security-Policy": adminPolicy } })),
  { for: "/_astro/*", values: { "Cache-Control": "public, max-age=31536000, immutable" } },
  // The gallery's image sizes are named by an image that never changes (docs/decisions/058-gallery.md).
  { for: "/media/gallery/*", values: { "Cache-Control": "public, max-age=31536000, immutable" } },
  { for: "/admin*", values: { "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow" } },
];

/** Where Netlify's Frameworks API looks for configuration written by the build, from the project root. */
export const frameworksConfigPath = ".netlify/v1/config.json";

/** Writes `headerRules` into the Frameworks API configuration when `astro build` finishes. */
export default function securityHeaders(): AstroIntegration {
  let root: URL;
  return {
    name: "security-headers",
    hooks: {
      "astro:config:done": ({ config }) => {
        root = config.root;
      },
      "astro:build:done": async ({ logger }) => {
        const file = fileURLToPath(new URL(frameworksConfigPath, root));
        // Keep anything else another tool wrote there; the headers are ours alone.
        let existing: Record<string, unknown> = {};
        try {
          existing = JSON.parse(await readFile(file, "utf8")) as Record<string, unknown>;
        } catch {
          /* no file yet */
        }
        await mkdir(fileURLToPath(new URL(".", new URL(frameworksConfigPath, root))), { recursive: true });
        await writeFile(file, `${JSON.stringify({ ...existing, headers: headerRules }, null, 2)}\n`);
        logger.info(`${headerRules.length} header rules written to ${frameworksConfigPath}`);
      },
    },
  };
}
