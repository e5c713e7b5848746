/**
 * Every public page, for the scripts that visit them all (the build's checks, bench:lighthouse,
 * screenshots) and the content tests. Derived, never listed by hand, so a service the owner adds
 * on the Website screen is covered as soon as it is published:
 *
 *   fixedPublicPaths()        the page files under src/pages ("/about-us", "/services", …), without
 *                             the admin, the draft preview, the gone-service notices, media and 404
 *   builtServicePaths(dist)   one page per published service, as the build wrote them
 *                             (dist/services/<slug>.html: build.format "file")
 *   publicPathsIn(dist)       both: every public page of that build
 *   publicPaths               the same for the default build folder (dist/), read at import
 */
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../", import.meta.url));
/** Folders under src/pages that hold no public page of their own. */
const notPublic = new Set(["admin", "preview", "gone", "media"]);
/** Pages that are not pages a visitor navigates to. */
const notListed = new Set(["404", "500"]);

export function fixedPublicPaths(pagesDir = join(root, "src", "pages")) {
  const paths = [];
  const walk = (dir, prefix) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (!notPublic.has(entry.name) && !entry.name.includes("["))
          walk(join(dir, entry.name), `${prefix}/${entry.name}`);
        continue;
      }
      const page = /^([^[\]]+)\.astro$/.exec(entry.name)?.[1];
      if (!page || notListed.has(page)) continue;
      paths.push(page === "index" ? prefix || "/" : `${prefix}/${page}`);
    }
  };
  walk(pagesDir, "");
  return paths.sort((a, b) => (a === "/" ? -1 : b === "/" ? 1 : a.localeCompare(b)));
}

export function builtServicePaths(dist = join(root, "dist")) {
  const dir = join(dist, "services");
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith(".html"))
    .map((e) => `/services/${e.name.slice(0, -".html".length)}`)
    .sort();
}

export function publicPathsIn(dist = join(root, "dist")) {
  return [...fixedPublicPaths(), ...builtServicePaths(dist)];
}

export const publicPaths = publicPathsIn();
