#!/usr/bin/env node
/**
 * `npm run bench:lighthouse`: mobile Lighthouse (default config: Moto G Power emulation, simulated
 * slow 4G) on every public page of the served production build. Prints performance,
 * accessibility, best practices and SEO scores and the bytes of JavaScript each page loads, and
 * writes the full reports to bench-results/lighthouse/.
 *
 * `--runs=N` (or BENCH_RUNS) measures every page N times, interleaved (a, b, a, b, ...), and prints
 * the medians per page with the load average seen, the LCP element, the images fetched before the
 * largest paint and the render-blocking files (scripts/lib/lighthouse-figures.mjs): on a shared
 * machine compare two pages that way, e.g. `npm run bench:lighthouse -- --runs=5 /our-work /about-us`.
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
import { mediansByPage, rowOf } from "./lib/lighthouse-figures.mjs";

// The pages of the build being served (BENCH_DIST or dist/): every published service included.
const pages = publicPathsIn(process.env.BENCH_DIST ?? "dist");
const args = process.argv.slice(2);
const runsArg = args.find((a) => a.startsWith("--runs="));
const runs = Math.max(1, Number(runsArg?.slice("--runs=".length) ?? process.env.BENCH_RUNS ?? 1));
const only = args.filter((a) => !a.startsWith("--"));
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
  // Interleaved: run 1 of every page, then run 2 of every page, ..., so a change in the machine's
  // load falls on all pages alike; the medians below compare them.
  for (let run = 1; run <= runs; run++) {
    for (const path of targets) {
      const { lhr, report } = await audit(path);
      const row = rowOf(path, lhr, run);
      rows.push(row);
      const name = `${path === "/" ? "home" : path.slice(1).replaceAll("/", "_")}${runs > 1 ? `-run${run}` : ""}`;
      writeFileSync(`${outDir}/${name}.html`, Array.isArray(report) ? report[0] : report);
      writeFileSync(`${outDir}/${name}.json`, JSON.stringify(lhr));
      console.log(
        `${runs > 1 ? `run ${run} ` : ""}${path.padEnd(28)} perf ${row.performance}  a11y ${row.accessibility}  bp ${row.bestPractices}  seo ${row.seo}  JS ${row.jsBytes} B  (FCP ${row.fcpMs} LCP ${row.lcpMs} TBT ${row.tbtMs} SI ${row.siMs})  load ${row.loadAverage}${row.notes.length ? `  failing: ${row.notes.join(", ")}` : ""}`,
      );
    }
  }
} finally {
  await chrome.kill();
  server?.close();
}

/** One page's report; Lighthouse occasionally fails to record a trace (NO_NAVSTART) on a busy machine: run again. */
async function audit(path) {
  let result;
  for (let attempt = 1; attempt <= 3; attempt++) {
    result = await lighthouse(`${base}${path}`, {
      port: chrome.port,
      output: "html",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
    });
    if (result && !result.lhr.runtimeError) return result;
    console.warn(`${path}: ${result?.lhr.runtimeError?.code ?? "no result"}, attempt ${attempt} of 3`);
  }
  throw new Error(`no result for ${path}`);
}

const medians = mediansByPage(rows);
writeFileSync(
  `${outDir}/summary.json`,
  `${JSON.stringify({ base, date: new Date().toISOString(), runs, medians, rows }, null, 2)}\n`,
);
console.log(
  `\n${runs > 1 ? `Medians of ${runs} interleaved runs per page. ` : ""}Load average (1 min) while measuring: ${Math.min(...rows.map((r) => r.loadAverage))}-${Math.max(...rows.map((r) => r.loadAverage))}.`,
);
console.log(
  "\n| Page | Performance | Accessibility | Best practices | SEO | FCP (ms) | LCP (ms) | TBT (ms) | CLS | Main thread (ms) | Total (bytes) | Requests | Before LCP (requests, bytes) |",
);
console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
for (const m of medians)
  console.log(
    `| ${m.page} | ${m.performance} | ${m.accessibility} | ${m.bestPractices} | ${m.seo} | ${m.fcpMs} | ${m.lcpMs} | ${m.tbtMs} | ${m.cls} | ${m.mainThreadMs} | ${m.totalBytes} | ${m.requests} | ${m.requestsBeforeLcp}, ${m.bytesBeforeLcp} |`,
  );
console.log("");
for (const m of medians)
  console.log(
    `${m.page}: LCP element ${m.lcpElements.join(" / ")}; images before LCP ${m.imagesBeforeLcp || "none"}; render-blocking ${m.renderBlocking.join(", ") || "none"}`,
  );
const below = medians.filter((r) => Math.min(r.performance, r.accessibility, r.bestPractices, r.seo) < 100);
console.log(
  below.length
    ? `\n${below.length} page(s) below 100 in some category${runs > 1 ? " (median)" : ""}.`
    : "\nEvery page scores 100 in all four.",
);
