#!/usr/bin/env node
/**
 * Renders the brand images committed under public/: the Open Graph card (brand, tagline, phone),
 * the app icons and favicon.ico. Run once after changing the brand facts in src/config/site.ts:
 *   npx tsx scripts/render-brand-assets.mjs
 * Uses the system Chromium through Playwright and sharp (both already dependencies); nothing is
 * fetched from the network: the card uses the self-hosted Inter font file.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { chromium } from "@playwright/test";
import sharp from "sharp";
import { site } from "../src/config/site.ts";

const require = createRequire(import.meta.url);
const fontPath = require.resolve("@fontsource-variable/inter/files/inter-latin-wght-normal.woff2");
const font = readFileSync(fontPath).toString("base64");
const mark = readFileSync(new URL("../public/favicon.svg", import.meta.url), "utf8");

const card = `<!doctype html><html><head><style>
@font-face { font-family: Inter; src: url(data:font/woff2;base64,${font}) format("woff2"); font-weight: 100 900; }
* { margin: 0; box-sizing: border-box; }
body { width: 1200px; height: 630px; font-family: Inter, sans-serif; background: #132340; color: #fff; position: relative; overflow: hidden; }
.glow { position: absolute; inset: 0; background: radial-gradient(circle at 88% 8%, rgba(59,100,166,.6), transparent 55%); }
.wrap { position: relative; padding: 72px 80px; height: 100%; display: flex; flex-direction: column; }
.brand { display: flex; align-items: center; gap: 24px; }
.brand svg { width: 96px; height: 96px; border-radius: 20px; box-shadow: 0 0 0 2px rgba(255,255,255,.25); }
.name { font-size: 44px; font-weight: 800; letter-spacing: -0.02em; }
h1 { margin-top: 64px; font-size: 64px; line-height: 1.08; font-weight: 800; letter-spacing: -0.025em; max-width: 900px; }
h1 span { color: #fbab24; }
.foot { margin-top: auto; display: flex; align-items: center; justify-content: space-between; }
.phone { font-size: 40px; font-weight: 800; background: #f59e0b; color: #0b162a; padding: 14px 28px; border-radius: 14px; }
.facts { font-size: 26px; color: #d9e4f3; font-weight: 600; }
</style></head><body><div class="glow"></div><div class="wrap">
<div class="brand">${mark}<div class="name">${site.name}</div></div>
<h1>${site.tagline.replace(/ across /, " <span>across ")}</span></h1>
<div class="foot"><div class="phone">${site.phone.display}</div>
<div class="facts">Free estimates · ${site.guarantees.workmanshipMonths}-month guarantee</div></div>
</div></body></html>`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1 , EXCLUDE localhost"],
});
const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
await page.setContent(card, { waitUntil: "load" });
await page.evaluate(() => document.fonts.ready);
const og = await page.screenshot({ type: "png" });
await browser.close();
writeFileSync(
  new URL("../public/og-image.png", import.meta.url),
  await sharp(og).png({ compressionLevel: 9 }).toBuffer(),
);

const svg = Buffer.from(mark);
for (const [file, size] of [
  ["icon-192.png", 192],
  ["icon-512.png", 512],
  ["apple-touch-icon.png", 180],
]) {
  await sharp(svg, { density: 600 })
    .resize(size, size)
    .png()
    .toFile(new URL(`../public/${file}`, import.meta.url).pathname);
}

// The admin's maskable icon (its web app manifest, src/pages/admin.webmanifest.ts): the mark at 60%
// on the brand's dark blue, so a phone's round or squircle mask never cuts into it (the safe zone
// is the middle 80%).
{
  const size = 512;
  const inner = Math.round(size * 0.6);
  const mark = await sharp(svg, { density: 600 }).resize(inner, inner).png().toBuffer();
  await sharp({ create: { width: size, height: size, channels: 4, background: site.themeColor } })
    .composite([{ input: mark, gravity: "center" }])
    .png()
    .toFile(new URL("../public/icon-maskable-512.png", import.meta.url).pathname);
}

// favicon.ico holding one 32x32 PNG (ICO allows PNG payloads since Windows Vista).
const png32 = await sharp(svg, { density: 300 }).resize(32, 32).png().toBuffer();
const header = Buffer.alloc(22);
header.writeUInt16LE(0, 0);
header.writeUInt16LE(1, 2);
header.writeUInt16LE(1, 4);
header.writeUInt8(32, 6);
header.writeUInt8(32, 7);
header.writeUInt8(0, 8);
header.writeUInt8(0, 9);
header.writeUInt16LE(1, 10);
header.writeUInt16LE(32, 12);
header.writeUInt32LE(png32.length, 14);
header.writeUInt32LE(22, 18);
writeFileSync(new URL("../public/favicon.ico", import.meta.url), Buffer.concat([header, png32]));
console.log("public/og-image.png, icons and favicon.ico written");
