#!/usr/bin/env node
/**
 * Prints the JavaScript each page with an island (or the pages named) loads, gzipped, file by file.
 *   node scripts/page-js.mjs [page.html …]      (after `npx astro build`)
 */
import { join, resolve, dirname } from "node:path";
import { readdirSync } from "node:fs";
import { islandPages, kb, pageScripts } from "./lib/page-js.mjs";

const root = resolve(dirname(new URL(import.meta.url).pathname), "..");
const dist = process.env.CHECK_DIST ?? join(root, "dist");
const htmlFiles = readdirSync(dist, { recursive: true })
  .filter((f) => f.endsWith(".html"))
  .map((f) => join(dist, f));
const pages = process.argv.slice(2).length > 0 ? process.argv.slice(2) : islandPages(dist, htmlFiles);
for (const page of pages) {
  const { files, gzipBytes, bytes } = pageScripts(dist, join(dist, page));
  console.log(`${page}: ${kb(gzipBytes)} gzip (${kb(bytes)} raw) in ${files.length} files`);
  for (const f of files) console.log(`  ${kb(f.gzipBytes).padStart(9)}  ${f.path}`);
}
