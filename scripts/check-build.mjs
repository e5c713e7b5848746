#!/usr/bin/env node
/**
 * Checks the production build in dist/ (run by scripts/test.mjs after `astro build`):
 *  1. every page is valid HTML (W3C Nu checker, vnu-jar, on the system Java);
 *  2. every internal link and asset resolves: a file in dist (Netlify pretty URLs: /x → x.html), or
 *     an /api/* path a Netlify function declares in its `config.path`; CSS url()s resolve too;
 *  3. no page loads a script, style, font or image from another origin;
 *  4. this build wrote the response headers (.netlify/v1/config.json, from
 *     integrations/security-headers.ts) with a Content-Security-Policy for every path, its
 *     script-src allows neither 'unsafe-inline' nor 'unsafe-eval', and every inline <script>
 *     (Astro's island bootstrap) has its sha256 listed there;
 *  5. sitemap.xml lists no admin page, and robots.txt points at the sitemap;
 *  6. every public page (scripts/lib/public-pages.mjs: the page files and each service page the build
 *     wrote) was built and is in the sitemap, and there is a page for every service the sitemap lists.
 *  7. every page with an island (forms, reviews) loads at most 90 KB of JavaScript, gzipped, whole
 *     page (scripts/lib/page-js.mjs; `node scripts/page-js.mjs` lists the files); the bytes per
 *     page are printed.
 *  8. the gallery's photos load as they should (scripts/lib/gallery-loading.mjs): every photo lazy,
 *     with width, height, srcset and sizes; on /our-work the first item's photos also preloaded from
 *     the <head> with fetchpriority="high" for wide screens (a media query), no other photo preloaded;
 *     no service page preloads one. On a build without published photos there is nothing to check
 *     (tests/content/gallery-loading.test.ts checks pages with photos).
 * Exits non-zero with a list of problems. Flags: --skip-html (leave out the slow vnu step).
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve, dirname } from "node:path";
import { builtServicePaths, fixedPublicPaths } from "./lib/public-pages.mjs";
import { islandPages, jsBudgetBytes, kb, pageScripts } from "./lib/page-js.mjs";
import { galleryLoadingProblems, galleryPhotoCount } from "./lib/gallery-loading.mjs";

const root = resolve(dirname(new URL(import.meta.url).pathname), "..");
const dist = process.env.CHECK_DIST ?? join(root, "dist");
const problems = [];
const problem = (msg) => problems.push(msg);

if (!existsSync(dist)) {
  console.error("check-build: dist/ not found; run `npx astro build` first");
  process.exit(1);
}

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}
const files = walk(dist);
const htmlFiles = files.filter((f) => f.endsWith(".html"));
const cssFiles = files.filter((f) => f.endsWith(".css"));

// --- 1. Valid HTML -----------------------------------------------------------------------------
if (!process.argv.includes("--skip-html")) {
  const vnu = join(root, "node_modules/vnu-jar/build/dist/vnu.jar");
  const result = spawnSync("java", ["-jar", vnu, "--errors-only", "--format", "gnu", ...htmlFiles], {
    encoding: "utf8",
  });
  if (result.error) problem(`vnu: could not run java (${result.error.message}); is Java 17+ installed?`);
  const out = `${result.stdout}${result.stderr}`.trim();
  if (result.status !== 0 || out) {
    for (const line of out.split("\n").filter(Boolean))
      problem(`invalid HTML: ${line.replace(`file:${dist}/`, "")}`);
  }
}

// --- 2. Internal links and assets --------------------------------------------------------------
const functionPaths = readdirSync(join(root, "netlify/functions"))
  .filter((f) => /\.m?[jt]s$/.test(f))
  .flatMap((f) => {
    const text = readFileSync(join(root, "netlify/functions", f), "utf8");
    const m = /config[^=]*=\s*\{[^}]*path:\s*(\[[^\]]*\]|"[^"]*")/s.exec(text);
    if (!m) return [];
    return [...m[1].matchAll(/"([^"]+)"/g)].map((x) => x[1]);
  })
  .map(
    (p) =>
      new RegExp(
        `^${p.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\\:[a-zA-Z]+|:[a-zA-Z]+/g, "[^/]+")}$`,
      ),
  );

function resolvesInDist(pathname) {
  const clean = decodeURIComponent(pathname).replace(/\/+$/, "") || "/";
  if (clean === "/") return existsSync(join(dist, "index.html"));
  const candidates = [clean, `${clean}.html`, `${clean}/index.html`];
  return candidates.some((c) => existsSync(join(dist, c)) && statSync(join(dist, c)).isFile());
}

function checkUrl(raw, from) {
  if (!raw || /^(mailto:|tel:|data:|javascript:|#)/.test(raw)) return;
  let url;
  try {
    url = new URL(raw, `https://site.invalid/${relative(dist, from)}`);
  } catch {
    problem(`${relative(dist, from)}: unparseable URL ${raw}`);
    return;
  }
  if (url.origin !== "https://site.invalid") return; // external links are checked in step 3
  if (url.pathname.startsWith("/api/")) {
    if (!functionPaths.some((re) => re.test(url.pathname)))
      problem(`${relative(dist, from)}: ${raw} matches no Netlify function path`);
    return;
  }
  if (!resolvesInDist(url.pathname)) problem(`${relative(dist, from)}: broken link ${raw}`);
}

const attrRe = /\s(href|src|action|poster|content)="([^"]*)"/g;
const srcsetRe = /\s(?:srcset|imagesrcset)="([^"]*)"/g;
for (const file of htmlFiles) {
  const html = readFileSync(file, "utf8");
  const scan = html.replace(/<script type="application\/ld\+json">[\s\S]*?<\/script>/g, "");
  for (const m of scan.matchAll(attrRe)) {
    if (m[1] === "content") continue;
    checkUrl(m[2].replaceAll("&amp;", "&"), file);
  }
  for (const m of scan.matchAll(srcsetRe)) {
    for (const part of m[1].split(",")) checkUrl(part.trim().split(/\s+/)[0], file);
  }

  // --- 3. Nothing loaded from another origin ---------------------------------------------------
  for (const m of scan.matchAll(/<(script|img|source|link|iframe|video|audio)\b[^>]*>/g)) {
    const tag = m[0];
    if (
      m[1] === "link" &&
      !/rel="(stylesheet|preload|modulepreload|icon|apple-touch-icon|manifest)"/.test(tag)
    )
      continue;
    for (const u of tag.matchAll(/\s(?:src|href|srcset)="([^"]*)"/g)) {
      if (/^(https?:)?\/\//.test(u[1]))
        problem(`${relative(dist, file)}: loads from another origin: ${u[1]}`);
    }
  }
}
for (const file of cssFiles) {
  const css = readFileSync(file, "utf8");
  for (const m of css.matchAll(/url\(\s*["']?([^"')]+)["']?\s*\)/g)) {
    if (m[1].startsWith("data:")) continue;
    if (/^(https?:)?\/\//.test(m[1])) problem(`${relative(dist, file)}: loads from another origin: ${m[1]}`);
    else checkUrl(m[1], file);
  }
}

// --- 4. Inline scripts are hashed in the CSP the build wrote --------------------------------------
const headersFile = join(root, ".netlify/v1/config.json");
const source = "integrations/security-headers.ts";
let headerRules = [];
try {
  headerRules = JSON.parse(readFileSync(headersFile, "utf8")).headers ?? [];
  if (statSync(headersFile).mtimeMs < statSync(join(dist, "index.html")).mtimeMs)
    problem(`${relative(root, headersFile)} is older than the build in ${relative(root, dist)}`);
} catch (error) {
  problem(
    `${relative(root, headersFile)}: not written by the build (${error.message}); is ${source} in astro.config.mjs?`,
  );
}
const csp = headerRules.find((rule) => rule.for === "/*")?.values?.["Content-Security-Policy"] ?? "";
if (!csp) problem(`${relative(root, headersFile)}: no Content-Security-Policy for /*`);
const scriptSrc = /script-src([^;]*)/.exec(csp)?.[1] ?? "";
if (!scriptSrc) problem("Content-Security-Policy: no script-src");
if (/'unsafe-(inline|eval)'/.test(scriptSrc))
  problem("script-src must not allow 'unsafe-inline' or 'unsafe-eval'");
const missing = new Map();
for (const file of htmlFiles) {
  const html = readFileSync(file, "utf8");
  for (const m of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/g)) {
    const attrs = m[1] ?? "";
    if (/\ssrc=/.test(attrs) || /type="application\/ld\+json"/.test(attrs)) continue;
    const hash = `'sha256-${createHash("sha256").update(m[2]).digest("base64")}'`;
    if (!scriptSrc.includes(hash)) missing.set(hash, [...(missing.get(hash) ?? []), relative(dist, file)]);
  }
}
for (const [hash, pages] of missing)
  problem(
    `inline script not allowed by the CSP (add ${hash} to script-src in ${source}): ${pages.join(", ")}`,
  );

// --- 5. Sitemap and robots ---------------------------------------------------------------------
const sitemaps = files.filter((f) => /sitemap.*\.xml$/.test(f));
if (sitemaps.length === 0) problem("no sitemap in dist");
for (const f of sitemaps) {
  const xml = readFileSync(f, "utf8");
  if (/\/admin/.test(xml)) problem(`${relative(dist, f)} lists an admin page`);
  if (/\/404/.test(xml)) problem(`${relative(dist, f)} lists the not-found page`);
}
const robots = existsSync(join(dist, "robots.txt")) ? readFileSync(join(dist, "robots.txt"), "utf8") : "";
if (!/Sitemap: https?:\/\/\S+\/sitemap-index\.xml/.test(robots))
  problem("robots.txt does not point at the sitemap");
if (!/Disallow: \/admin/.test(robots)) problem("robots.txt does not keep crawlers out of /admin");

// --- 6. Every public page is built and listed ---------------------------------------------------
const sitemapText = sitemaps.map((f) => readFileSync(f, "utf8")).join("\n");
const listed = new Set([...sitemapText.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname));
const servicePaths = builtServicePaths(dist);
if (servicePaths.length === 0) problem("no service page was built (dist/services/<slug>.html)");
for (const path of [...fixedPublicPaths(), ...servicePaths]) {
  if (!resolvesInDist(path)) problem(`public page ${path} was not built`);
  if (!listed.has(path)) problem(`public page ${path} is not in the sitemap`);
}
for (const path of listed) {
  if (/^\/services\/[^/]+$/.test(path) && !servicePaths.includes(path))
    problem(`the sitemap lists ${path}, but no service page was built for it`);
}

// --- 7. JavaScript budget of every page with an island ---------------------------------------------
const budgetLines = [];
const budgeted = islandPages(dist, htmlFiles);
for (const page of ["book-appointment.html", "contact-us.html", "testimonials.html"]) {
  if (!budgeted.includes(page)) problem(`JS budget: ${page} has no island (or is not in dist)`);
}
for (const page of budgeted) {
  const { gzipBytes, files } = pageScripts(dist, join(dist, page));
  budgetLines.push(`${page} ${kb(gzipBytes)}`);
  if (gzipBytes > jsBudgetBytes)
    problem(
      `JS budget: ${page} loads ${kb(gzipBytes)} of JavaScript (gzip), over its ${kb(jsBudgetBytes)}; largest: ${files
        .slice(0, 3)
        .map((f) => `${f.path} ${kb(f.gzipBytes)}`)
        .join(", ")}`,
    );
}

// --- 8. The gallery's photos: lazy, the first screen's preloaded on wide screens ---------------
let galleryPhotos = 0;
for (const path of ["/our-work", ...servicePaths]) {
  const file = join(dist, `${path}.html`);
  if (!existsSync(file)) continue;
  const html = readFileSync(file, "utf8");
  galleryPhotos += galleryPhotoCount(html);
  for (const p of galleryLoadingProblems(html, { firstScreen: path === "/our-work" }))
    problem(`${path}: ${p}`);
}

if (problems.length) {
  console.error(`check-build: ${problems.length} problem(s)\n- ${problems.join("\n- ")}`);
  process.exit(1);
}
console.log(
  `check-build: ${htmlFiles.length} pages valid, links and assets resolve, no third-party loads, inline scripts hashed in the CSP; ${galleryPhotos} gallery photo(s) load as they should; JS of every page with an island within ${kb(jsBudgetBytes)} (${budgetLines.join(", ")})`,
);
