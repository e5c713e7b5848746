#!/usr/bin/env node
/**
 * Prints the JavaScript each form page (or the pages named) loads, gzipped, file by file.
 *   node scripts/page-js.mjs [page.html …]      (after `npx astro build`)
 */
import { join, resolve, dirname } from "node:path";
import { jsBudgets, kb, pageScripts } from "./lib/page-js.mjs";

const root = resolve(dirname(new URL(import.meta.url).pathname), "..");
const dist = process.env.CHECK_DIST ?? join(root, "dist");
const pages = process.argv.slice(2).length > 0 ? process.argv.slice(2) : jsBudgets.map((b) => b.page);
for (const page of pages) {
  const { files, gzipBytes, bytes } = pageScripts(dist, join(dist, page));
  console.log(`${page}: ${kb(gzipBytes)} gzip (${kb(bytes)} raw) in ${files.length} files`);
  for (const f of files) console.log(`  ${kb(f.gzipBytes).padStart(9)}  ${f.path}`);
}
