#!/usr/bin/env node
/**
 * `npm run bench:lighthouse`: mobile Lighthouse (default config: Moto G Power emulation, simulated
 * slow 4G) on every public page of the served production build. Prints performance,
 * accessibility, best practices and SEO scores and the bytes of JavaScript each page loads, and
 * writes the full reports to bench-results/lighthouse/.
 *
 * By default it serves dist/ (run `npx astro build` first) with `netlify dev --dir dist`, so the
 * netlify.toml headers and redirects apply as they do in production. Set BENCH_BASE_URL to measure
 * a server you started yourself (e.g. `npm run stack`). Chromium: CHROME_PATH (default
 * /usr/bin/chromium), headless, kept off the network (ENVIRONMENT.md, Browser).
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const pages = [
  "/",
  "/services",
  "/services/paint-wallpaper",
  "/services/plumbing-heating",
  "/services/kitchen-bathroom",
  "/services/floor-carpet",
  "/book-appointment",
  "/about-us",
  "/contact-us",
  "/testimonials",
  "/faqs",
  "/privacy-policy",
  "/terms-of-service",
  "/cookie-policy",
];
const only = process.argv.slice(2);
const targets = only.length ? only : pages;
const port = Number(process.env.BENCH_PORT ?? 8970);
let base = process.env.BENCH_BASE_URL;
let server;

async function waitFor(url, ms) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer within ${ms / 1000}s`);
}

function stopServer() {
  if (server?.pid) {
    try {
      process.kill(-server.pid, "SIGTERM");
    } catch {
      /* already gone */
    }
  }
}

if (!base) {
  if (!existsSync("dist/index.html")) {
    console.error("bench-lighthouse: dist/ is missing; run `npx astro build` first (or set BENCH_BASE_URL)");
    process.exit(1);
  }
  base = `http://localhost:${port}`;
  server = spawn(
    "npx",
    [
      "netlify",
      "dev",
      "--offline",
      "--no-open",
      "--internal-disable-edge-functions",
      "--framework",
      "#static",
      "--dir",
      "dist",
      "--port",
      String(port),
    ],
    {
      detached: true,
      stdio: "ignore",
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: "1", ASTRO_DISABLE_UPDATE_CHECK: "true" },
    },
  );
  process.on("exit", stopServer);
  process.on("SIGINT", () => process.exit(130));
  await waitFor(`${base}/`, 90_000);
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
    const result = await lighthouse(`${base}${path}`, {
      port: chrome.port,
      output: "html",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
    });
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
    rows.push(row);
    const name = path === "/" ? "home" : path.slice(1).replaceAll("/", "_");
    writeFileSync(`${outDir}/${name}.html`, Array.isArray(report) ? report[0] : report);
    console.log(
      `${path.padEnd(28)} perf ${row.performance}  a11y ${row.accessibility}  bp ${row.bestPractices}  seo ${row.seo}  JS ${row.jsBytes} B  (FCP ${row.fcpMs} LCP ${row.lcpMs} TBT ${row.tbtMs} SI ${row.siMs})`,
    );
  }
} finally {
  await chrome.kill();
  stopServer();
}

writeFileSync(`${outDir}/summary.json`, `${JSON.stringify({ base, date: new Date().toISOString(), rows }, null, 2)}\n`);
console.log("\n| Page | Performance | Accessibility | Best practices | SEO | JS (bytes) | Total (bytes) | LCP (ms) | CLS |");
console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
for (const r of rows)
  console.log(
    `| ${r.page} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${r.jsBytes} | ${r.totalBytes} | ${r.lcpMs} | ${r.cls} |`,
  );
const below = rows.filter((r) => Math.min(r.performance, r.accessibility, r.bestPractices, r.seo) < 100);
console.log(below.length ? `\n${below.length} page(s) below 100 in some category.` : "\nEvery page scores 100 in all four.");
