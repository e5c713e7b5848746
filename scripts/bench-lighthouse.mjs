#!/usr/bin/env node
/**
 * `npm run bench:lighthouse`: mobile Lighthouse (default config: Moto G Power emulation, simulated
 * slow 4G) on every public page of the served production build. Prints performance,
 * accessibility, best practices and SEO scores and the bytes of JavaScript each page loads, and
 * writes the full reports to bench-results/lighthouse/.
 *
 * By default it serves dist/ (run `npx astro build` first) itself, like Netlify's CDN: pretty URLs,
 * the response headers the build wrote for Netlify, compressed text. Set BENCH_BASE_URL to measure
 * a server you started yourself (e.g. `npm run stack`), or BENCH_DIST to serve another build folder. Chromium: CHROME_PATH (default
 * /usr/bin/chromium), headless, kept off the network.
 */
import { createServer } from "node:http";
import { extname, join } from "node:path";
import { gzipSync } from "node:zlib";
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { publicPathsIn } from "./lib/public-pages.mjs";

// The pages of the build being served (BENCH_DIST or dist/): every published service included.
const pages = publicPathsIn(process.env.BENCH_DIST ?? "dist");
const only = process.argv.slice(2);
const targets = only.length ? only : pages;
const port = Number(process.env.BENCH_PORT ?? 8970);
let base = process.env.BENCH_BASE_URL;
let server;

/**
 * Serves the build the way Netlify's CDN does, so the figures match production: pretty URLs
 * (/x → x.html), 404.html for unknown paths, the headers `astro build` wrote to .netlify/v1/config.json
 * (integrations/security-headers.ts), and compression (gzip here;
 * Netlify also offers Brotli). netlify-cli's dev server sends everything uncompressed.
 */
function netlifyHeaders(pathname) {
  const rules = JSON.parse(readFileSync(".netlify/v1/config.json", "utf8")).headers ?? [];
  const headers = {};
  for (const rule of rules) {
    const re = new RegExp(`^${rule.for.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*")}$`);
    if (re.test(pathname)) Object.assign(headers, rule.values);
  }
  return headers;
}

const types = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".avif": "image/avif",
  ".webp": "image/webp",
  ".woff2": "font/woff2",
  ".xml": "application/xml",
  ".txt": "text/plain; charset=utf-8",
  ".webmanifest": "application/manifest+json",
  ".ico": "image/x-icon",
  ".json": "application/json",
};

function serveDist(dir, listenPort) {
  const server = createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
    const clean = pathname.replace(/\/+$/, "") || "/index";
    let file = [clean, `${clean}.html`, `${clean}/index.html`]
      .map((c) => join(dir, c))
      .find((f) => existsSync(f) && statSync(f).isFile());
    const status = file ? 200 : 404;
    file ??= join(dir, "404.html");
    let body = readFileSync(file);
    const type = types[extname(file)] ?? "application/octet-stream";
    const headers = { ...netlifyHeaders(pathname), "Content-Type": type };
    if (
      /text|javascript|json|xml|svg|manifest/.test(type) &&
      /gzip/.test(req.headers["accept-encoding"] ?? "")
    ) {
      body = gzipSync(body);
      headers["Content-Encoding"] = "gzip";
    }
    res.writeHead(status, headers);
    res.end(body);
  });
  return new Promise((ok) => server.listen(listenPort, () => ok(server)));
}

if (!base) {
  const distDir = process.env.BENCH_DIST ?? "dist";
  if (!existsSync(join(distDir, "index.html"))) {
    console.error("bench-lighthouse: dist/ is missing; run `npx astro build` first (or set BENCH_BASE_URL)");
    process.exit(1);
  }
  server = await serveDist(distDir, port);
  base = `http://localhost:${port}`;
}

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  chromeFlags: [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1 , EXCLUDE localhost",
  ],
});

const outDir = "bench-results/lighthouse";
mkdirSync(outDir, { recursive: true });
const rows = [];
try {
  for (const path of targets) {
    // Lighthouse occasionally fails to record a trace (NO_NAVSTART) on a busy machine: run again.
    let result;
    for (let attempt = 1; attempt <= 3; attempt++) {
      result = await lighthouse(`${base}${path}`, {
        port: chrome.port,
        output: "html",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
      });
      if (result && !result.lhr.runtimeError) break;
      console.warn(`${path}: ${result?.lhr.runtimeError?.code ?? "no result"}, attempt ${attempt} of 3`);
    }
    if (!result) throw new Error(`no result for ${path}`);
    const { lhr, report } = result;
    const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const summary = lhr.audits["resource-summary"]?.details?.items ?? [];
    const js = summary.find((i) => i.resourceType === "script")?.transferSize ?? 0;
    const total = summary.find((i) => i.resourceType === "total")?.transferSize ?? 0;
    const row = {
      page: path,
      performance: score("performance"),
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      seo: score("seo"),
      jsBytes: js,
      totalBytes: total,
      lcpMs: Math.round(lhr.audits["largest-contentful-paint"]?.numericValue ?? 0),
      cls: Number((lhr.audits["cumulative-layout-shift"]?.numericValue ?? 0).toFixed(3)),
      fcpMs: Math.round(lhr.audits["first-contentful-paint"]?.numericValue ?? 0),
      tbtMs: Math.round(lhr.audits["total-blocking-time"]?.numericValue ?? 0),
      siMs: Math.round(lhr.audits["speed-index"]?.numericValue ?? 0),
    };
    // What kept a category below 100 (weighted audits that did not pass).
    row.notes = ["accessibility", "best-practices", "seo"]
      .flatMap((cat) => lhr.categories[cat]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => ref.id);
    rows.push(row);
    const name = path === "/" ? "home" : path.slice(1).replaceAll("/", "_");
    writeFileSync(`${outDir}/${name}.html`, Array.isArray(report) ? report[0] : report);
    writeFileSync(`${outDir}/${name}.json`, JSON.stringify(lhr));
    console.log(
      `${path.padEnd(28)} perf ${row.performance}  a11y ${row.accessibility}  bp ${row.bestPractices}  seo ${row.seo}  JS ${row.jsBytes} B  (FCP ${row.fcpMs} LCP ${row.lcpMs} TBT ${row.tbtMs} SI ${row.siMs})${row.notes.length ? `  failing: ${row.notes.join(", ")}` : ""}`,
    );
  }
} finally {
  await chrome.kill();
  server?.close();
}

writeFileSync(
  `${outDir}/summary.json`,
  `${JSON.stringify({ base, date: new Date().toISOString(), rows }, null, 2)}\n`,
);
console.log(
  "\n| Page | Performance | Accessibility | Best practices | SEO | JS (bytes) | Total (bytes) | LCP (ms) | CLS |",
);
console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
for (const r of rows)
  console.log(
    `| ${r.page} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${r.jsBytes} | ${r.totalBytes} | ${r.lcpMs} | ${r.cls} |`,
  );
const below = rows.filter((r) => Math.min(r.performance, r.accessibility, r.bestPractices, r.seo) < 100);
console.log(
  below.length
    ? `\n${below.length} page(s) below 100 in some category.`
    : "\nEvery page scores 100 in all four.",
);
