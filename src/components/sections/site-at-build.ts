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
 * again, so a publish shows at once; a build reads once.
 */
import type { PublicSite } from "../../features/site-content/contract/public";

let snapshot: Promise<PublicSite> | undefined;

export function siteAtBuild(): Promise<PublicSite> {
  if (import.meta.env.DEV) return read();
  snapshot ??= read();
  return snapshot;
}

async function read(): Promise<PublicSite> {
  const url = process.env["DATABASE_URL"];
  const { firstPublicSite, publicSite } = await import("../../features/site-content");
  if (!url || process.env["SITE_CONTENT_AT_BUILD"] === "0") return firstPublicSite();
  const { openDatabase } = await import("../../platform/db/client");
  const { db, close } = openDatabase(url, { connectionTimeoutMillis: 4000 });
  try {
    return await publicSite({ db, now: new Date(), client: "build" });
  } catch (error) {
    throw new Error(
      `[site] the website's published content could not be read from the database (${error instanceof Error ? error.message : String(error)}); the build stops so the live site stays as it was`,
      { cause: error },
    );
  } finally {
    await close();
  }
}
