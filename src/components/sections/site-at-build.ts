/**
 * The website's published content (the owner's services, FAQs, team and towns) for the pages, read
 * when the site is built (docs/decisions/050-site-content.md). No page fetches its text in the
 * browser.
 *
 * With `DATABASE_URL` (Netlify's build, `npm run dev`) the content comes from the database, and a
 * database that cannot be read stops the build: the live site stays as it was rather than being
 * replaced by pages without the owner's content. Without it (a build on a machine with no database,
 * the content tests), or with `SITE_CONTENT_AT_BUILD=0`, the pages show the content the site was
 * written with, which is also what a fresh database starts with. Under `astro dev` every page asks
 * again, so a publish shows at once; a build reads once. A preview render (src/pages/preview/) gets
 * the owner's drafts instead (./site-preview-scope.ts).
 */
import type { PublicSite } from "../../features/site-content/contract/public";
import { previewSite } from "./site-preview-scope";

let snapshot: Promise<PublicSite> | undefined;
let inFlight: Promise<PublicSite> | undefined;

export function siteAtBuild(): Promise<PublicSite> {
  const preview = previewSite();
  if (preview) return Promise.resolve(preview);
  if (import.meta.env.DEV) {
    // A page, its header and its footer asking at once share one read; the next render reads again.
    inFlight ??= read().finally(() => (inFlight = undefined));
    return inFlight;
  }
  snapshot ??= read();
  return snapshot;
}

const databaseUrl = () =>
  process.env["SITE_CONTENT_AT_BUILD"] === "0" ? undefined : process.env["DATABASE_URL"];

async function read(): Promise<PublicSite> {
  const { firstPublicSite, publicSite } = await import("../../features/site-content");
  if (!databaseUrl()) return firstPublicSite();
  return withDatabase((ctx) => publicSite(ctx));
}

let galleryImages: Promise<Map<string, Uint8Array>> | undefined;

/**
 * A published gallery image's stored JPEG (docs/decisions/058-gallery.md), for the page that makes
 * its AVIF and WebP sizes. A build reads every published image once; `astro dev` reads per request.
 */
async function galleryImageAtBuild(id: string): Promise<Uint8Array | undefined> {
  const readImages = async (ids: string[]) => {
    if (!databaseUrl() || ids.length === 0) return new Map<string, Uint8Array>();
    const { galleryImageBytes } = await import("../../features/site-content");
    return withDatabase((ctx) => galleryImageBytes(ids, ctx));
  };
  if (import.meta.env.DEV) {
    const { gallery } = await siteAtBuild();
    const published = gallery.some((g) => g.images.some((i) => i.id === id));
    return published ? (await readImages([id])).get(id) : undefined;
  }
  galleryImages ??= siteAtBuild().then(({ gallery }) =>
    readImages(gallery.flatMap((g) => g.images.map((i) => i.id))),
  );
  return (await galleryImages).get(id);
}

type BuildContext = Parameters<(typeof import("../../features/site-content"))["publicSite"]>[0];

/** One size of a published gallery image (AVIF or WebP), made from its stored JPEG; undefined if none. */
export async function galleryImageFileAtBuild(file: {
  id: string;
  width: number;
  format: "avif" | "webp";
}): Promise<Buffer | undefined> {
  const made = await madeByTheServedBuild(file);
  if (made) return made;
  const jpeg = await galleryImageAtBuild(file.id);
  if (!jpeg) return undefined;
  const { renderGallerySize } = await import("../../features/site-content");
  return renderGallerySize(jpeg, file.width, file.format);
}

/**
 * The same file from the build being replaced, when the local production host rebuilds on publish
 * (it sets SITE_GALLERY_FILES_FROM to the folder it serves, scripts/lib/local-rebuild.ts). An image
 * id never changes, so neither do its sizes, and encoding them (AVIF above all) is most of a rebuild's
 * work once the gallery has photos (docs/decisions/069-ci-speed.md). The build asks only for the
 * files of images published now. Never under `astro dev`, nor on Netlify (nothing sets it there).
 */
async function madeByTheServedBuild(file: {
  id: string;
  width: number;
  format: string;
}): Promise<Buffer | undefined> {
  const from = process.env["SITE_GALLERY_FILES_FROM"];
  if (!from || import.meta.env.DEV) return undefined;
  const { readFile } = await import("node:fs/promises");
  const { join } = await import("node:path");
  return readFile(join(from, "media", "gallery", `${file.id}-${file.width}.${file.format}`)).catch(
    () => undefined,
  );
}

async function withDatabase<T>(read: (ctx: BuildContext) => Promise<T>): Promise<T> {
  const { openDatabase } = await import("../../platform/db/client");
  const { db, close } = openDatabase(databaseUrl()!, { connectionTimeoutMillis: 4000 });
  try {
    return await read({
      db,
      now: new Date(),
      client: "build",
      actor: { kind: "job", name: "site-build" },
    });
  } catch (error) {
    throw new Error(
      `[site] the website's published content could not be read from the database (${error instanceof Error ? error.message : String(error)}); the build stops so the live site stays as it was`,
      { cause: error },
    );
  } finally {
    await close();
  }
}
