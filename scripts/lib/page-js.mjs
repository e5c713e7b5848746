/**
 * The JavaScript a built page loads, and its size once gzipped: every module script, Astro island
 * component and renderer the HTML names, plus every chunk those import (static `import … from`,
 * `import "…"` and dynamic `import("…")` of a relative path), each file counted once.
 *
 *   pageScripts(dist, htmlFile) → { files: [{ path, bytes, gzipBytes }], bytes, gzipBytes }
 *
 * Used by scripts/check-build.mjs (the JS budget of the form pages) and `node scripts/page-js.mjs`.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, posix, relative } from "node:path";
import { gzipSync } from "node:zlib";

const importRe = /(?:\bfrom\s*|\bimport\s*\(?\s*)["'](\.{1,2}\/[^"']+|\/[^"']+)["']/g;

export function pageScripts(dist, htmlFile) {
  const html = readFileSync(htmlFile, "utf8");
  const roots = new Set();
  for (const m of html.matchAll(/<script\b[^>]*\ssrc="([^"]+)"/g)) roots.add(m[1]);
  for (const m of html.matchAll(/\s(?:component-url|renderer-url|before-hydration-url)="([^"]+)"/g)) {
    if (m[1]) roots.add(m[1]);
  }
  for (const m of html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) roots.add(m[1]);
  const seen = new Map();
  const queue = [...roots].filter((u) => u.startsWith("/") && !u.startsWith("//"));
  while (queue.length > 0) {
    const url = queue.shift();
    const path = url.split(/[?#]/)[0];
    if (seen.has(path)) continue;
    const file = join(dist, path);
    if (!existsSync(file)) continue;
    const body = readFileSync(file);
    seen.set(path, { path, bytes: body.length, gzipBytes: gzipSync(body, { level: 9 }).length });
    for (const m of body.toString("utf8").matchAll(importRe)) {
      const target = m[1].startsWith("/") ? m[1] : posix.join(posix.dirname(path), m[1]);
      if (target.endsWith(".js") || target.endsWith(".mjs")) queue.push(target);
    }
  }
  const files = [...seen.values()].sort((a, b) => b.gzipBytes - a.gzipBytes);
  return {
    files,
    bytes: files.reduce((n, f) => n + f.bytes, 0),
    gzipBytes: files.reduce((n, f) => n + f.gzipBytes, 0),
  };
}

/**
 * Every page with an island (an `<astro-island>` in its HTML: the forms, the reviews) may load at
 * most this much JavaScript, gzipped, whole page: React DOM (about 63 KB) plus the page's own
 * islands. Pages without an island load a few hundred bytes of plain script and no budget applies.
 * See docs/decisions/025-light-forms.md.
 */
export const jsBudgetBytes = 90 * 1024;

/** The built pages (paths relative to dist) that hydrate at least one island. */
export function islandPages(dist, htmlFiles) {
  return htmlFiles
    .filter((file) => /<astro-island\b/.test(readFileSync(file, "utf8")))
    .map((file) => relative(dist, file))
    .sort();
}

export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

export function relativeTo(root, file) {
  return relative(root, file) || dirname(file);
}
