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
 * The form pages and their budget in bytes of gzip. The goal is 90 KB; with React DOM (about 63 KB)
 * plus react-hook-form, sonner and the photo field the pages load about 117-119 KB today, so the
 * budget holds today's figure with a little headroom and fails any regression
 * (docs/decisions/018-appointments-stored.md).
 */
export const jsBudgets = [
  { page: "book-appointment.html", maxGzipBytes: 120 * 1024 },
  { page: "contact-us.html", maxGzipBytes: 120 * 1024 },
];

export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

export function relativeTo(root, file) {
  return relative(root, file) || dirname(file);
}
