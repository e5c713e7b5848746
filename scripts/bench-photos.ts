/**
 * `npm run bench:photos`: how long a photo takes (docs/decisions/017-photos.md).
 *
 * 1. Server: `processPhoto` (decode with sharp, turn upright, shrink to 2048 px, re-encode JPEG,
 *    thumbnail, hash) on a 12 MP (4000×3000) phone-like JPEG with EXIF and GPS, 20 runs after one
 *    warm-up. Storage and the database are left out: this is the CPU the function spends.
 * 2. Browser: the islands' own `shrinkPhoto` (src/islands/photos/resize.ts: createImageBitmap,
 *    canvas, JPEG) in Chromium through Playwright on the same 12 MP file, 20 runs after a warm-up.
 *
 * Prints p50/p95 and sizes; results also go to bench-results/photos.json.
 * Options: --runs N (default 20). CHROMIUM_PATH picks the browser (default /usr/bin/chromium).
 */
import { chromium } from "@playwright/test";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { stripTypeScriptTypes } from "node:module";
import { parseArgs } from "node:util";
import { processPhoto } from "../src/features/photos";
import { twelveMegapixelJpeg } from "../tests/helpers/images";

const { values } = parseArgs({ options: { runs: { type: "string", default: "20" } } });
const runs = Number(values.runs);

function percentile(sorted: number[], p: number): number {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}
const summary = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    p50: Math.round(percentile(sorted, 50)),
    p95: Math.round(percentile(sorted, 95)),
    runs: times.length,
  };
};

const input = await twelveMegapixelJpeg();
console.log(
  `[bench] input: 4000×3000 JPEG, ${(input.length / 1024 / 1024).toFixed(2)} MB, with EXIF and GPS`,
);

// 1. Server.
await processPhoto(input);
const serverTimes: number[] = [];
let out = await processPhoto(input);
for (let i = 0; i < runs; i++) {
  const t0 = performance.now();
  out = await processPhoto(input);
  serverTimes.push(performance.now() - t0);
}
const server = {
  ...summary(serverTimes),
  outputBytes: out.full.length,
  thumbBytes: out.thumb.length,
  width: out.width,
  height: out.height,
};
console.log(
  `[bench] server processPhoto: p50 ${server.p50} ms, p95 ${server.p95} ms over ${runs}; stored ${out.width}×${out.height} JPEG ${(out.full.length / 1024).toFixed(0)} KB + thumbnail ${(out.thumb.length / 1024).toFixed(0)} KB`,
);

// 2. Browser: the island's own resize code, types stripped, in a blank page.
const source = stripTypeScriptTypes(
  readFileSync(new URL("../src/islands/photos/resize.ts", import.meta.url), "utf8"),
).replace(/^export /gm, "");
const browser = await chromium.launch({
  executablePath: process.env["CHROMIUM_PATH"] ?? "/usr/bin/chromium",
  args: ["--disable-gpu", "--no-first-run"],
});
let browserResult: {
  p50: number;
  p95: number;
  runs: number;
  outputBytes: number;
  width: number;
  height: number;
};
try {
  const page = await browser.newPage();
  await page.setContent("<!doctype html><title>bench</title>");
  // Plain JavaScript in the page (tsx's helpers do not exist there).
  await page.addScriptTag({
    content: `${source}
window.runBench = async (base64, runs) => {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const file = new Blob([bytes], { type: "image/jpeg" });
  await shrinkPhoto(file, 2048);
  const times = [];
  let last = await shrinkPhoto(file, 2048);
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    last = await shrinkPhoto(file, 2048);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const at = (p) => times[Math.min(times.length - 1, Math.max(0, Math.ceil((p / 100) * times.length) - 1))];
  return { p50: Math.round(at(50)), p95: Math.round(at(95)), runs, outputBytes: last.blob.size, width: last.width, height: last.height };
};`,
  });
  browserResult = await page.evaluate(
    ([base64, n]) =>
      (window as unknown as { runBench: (b: string, r: number) => Promise<typeof browserResult> }).runBench(
        base64 as string,
        n as number,
      ),
    [input.toString("base64"), runs] as const,
  );
} finally {
  await browser.close();
}
console.log(
  `[bench] browser shrinkPhoto (Chromium): p50 ${browserResult.p50} ms, p95 ${browserResult.p95} ms over ${runs}; upload ${browserResult.width}×${browserResult.height} JPEG ${(browserResult.outputBytes / 1024).toFixed(0)} KB`,
);

mkdirSync("bench-results", { recursive: true });
writeFileSync(
  "bench-results/photos.json",
  JSON.stringify(
    { date: new Date().toISOString(), inputBytes: input.length, server, browser: browserResult },
    null,
    2,
  ),
);
