#!/usr/bin/env node
/**
 * Full-page screenshots of every public page at 375 px and 1280 px, for the "check it by looking"
 * review. Needs a running site: BASE_URL (default http://localhost:8888).
 *   node scripts/screenshots.mjs [outDir] [path ...]
 */
import { mkdirSync } from "node:fs";
import { chromium } from "@playwright/test";
import { publicPaths } from "./lib/public-pages.mjs";
// publicPaths: the page files and the service pages of the last build (dist/).

const base = process.env.BASE_URL ?? "http://localhost:8888";
const [outDir = "screenshots", ...only] = process.argv.slice(2);
const paths = only.length ? only : [...publicPaths, "/this-page-does-not-exist"];
mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1 , EXCLUDE localhost"],
});
for (const width of [375, 1280]) {
  const context = await browser.newContext({ viewport: { width, height: width < 768 ? 812 : 800 } });
  const page = await context.newPage();
  for (const path of paths) {
    await page.goto(base + path, { waitUntil: "networkidle" });
    // Walk down the page so lazy images load and scroll-reveal runs, then return to the top.
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += 400) {
        window.scrollTo({ top: y, behavior: "instant" });
        await new Promise((r) => setTimeout(r, 60));
      }
      window.scrollTo({ top: 0, behavior: "instant" });
      await new Promise((r) => setTimeout(r, 700));
    });
    await page.waitForLoadState("networkidle");
    const name = `${path === "/" ? "home" : path.slice(1).replaceAll("/", "_")}-${width}.png`;
    await page.screenshot({ path: `${outDir}/${name}`, fullPage: true });
    console.log(`${outDir}/${name}`);
  }
  await context.close();
}
await browser.close();
