/**
 * The business as the pages state it, read when the site is built
 * (docs/decisions/055-identity-and-public-facts.md): the trader (company or sole trader) from the
 * owner's saved settings in force, and the phone, e-mail, address, registered office, insurance and
 * accreditations as last published from the Business details screen.
 *
 * As for the website's content (site-at-build.ts): with `DATABASE_URL` the facts come from the
 * database, and a database that cannot be read stops the build, so the live site keeps naming the
 * right trader rather than falling back to the defaults. Without it (or with
 * `SITE_CONTENT_AT_BUILD=0`) the pages state a fresh install's settings (src/config/site.ts). Under
 * `astro dev` every page asks again; a build reads once. A preview render gets the draft facts
 * (./site-preview-scope.ts).
 */
import type { PublicBusiness } from "../../features/business/contract/public-facts";
import { previewBusiness } from "./site-preview-scope";

let snapshot: Promise<PublicBusiness> | undefined;

export function businessAtBuild(): Promise<PublicBusiness> {
  const preview = previewBusiness();
  if (preview) return Promise.resolve(preview);
  if (import.meta.env.DEV) return read();
  snapshot ??= read();
  return snapshot;
}

async function read(): Promise<PublicBusiness> {
  const url = process.env["DATABASE_URL"];
  const now = new Date();
  const { firstPublicBusiness, publicBusiness } = await import("../../features/business");
  const { dateInZone } = await import("../../platform/time");
  if (!url || process.env["SITE_CONTENT_AT_BUILD"] === "0") return firstPublicBusiness(dateInZone(now));
  const { openDatabase } = await import("../../platform/db/client");
  const { publishedBusinessPart } = await import("../../features/site-content");
  const { db, close } = openDatabase(url, { connectionTimeoutMillis: 4000 });
  try {
    const part = await publishedBusinessPart({
      db,
      now,
      client: "build",
      actor: { kind: "job", name: "site-build" },
    });
    return await publicBusiness(part, now, db);
  } catch (error) {
    throw new Error(
      `[site] the business details could not be read from the database (${error instanceof Error ? error.message : String(error)}); the build stops so the live site stays as it was`,
      { cause: error },
    );
  } finally {
    await close();
  }
}
