/**
 * The owner adds a before/after pair to the gallery on a 375 px phone, publishes, and the rebuilt
 * /our-work shows it (docs/decisions/058-gallery.md). The e2e host serves one production build, so
 * "the rebuild" here is what Netlify's build hook starts: `astro build` on the same database, into a
 * folder of the test's own, whose /our-work and image files the browser is then served. The page
 * carries the pair's caption, town and service as text, and both pictures as AVIF/WebP sizes.
 *
 * SHOTS=dir saves screenshots (the Gallery tab; /our-work at 375 and 1280 px).
 */
import { spawn } from "node:child_process";
import { existsSync, readFileSync, rmSync, statSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import path from "node:path";
import { expect as baseExpect, test, type Page } from "@playwright/test";
import { readLock } from "../../scripts/lib/local-db";
import { e2eDataDir } from "../../playwright.config";
import { jpegWithGps } from "../helpers/images";
import { axe, shot } from "./page-checks";
import { ownClient, signedIn, uniqueName } from "./admin-support";

const expect = baseExpect.configure({ timeout: 60_000 });
// The rebuild of the whole site takes a minute or two on a busy machine.
test.describe.configure({ timeout: 420_000 });
test.use({ viewport: { width: 375, height: 800 } });

/** `astro build` on the stack's database into a new folder (what a publish's build hook starts). */
async function rebuild(): Promise<string> {
  const databaseUrl = readLock(e2eDataDir)?.databaseUrl;
  if (!databaseUrl) throw new Error("the e2e stack's database address is not in its lock file");
  const outDir = await mkdtemp(path.resolve("test-results", "gallery-build-"));
  const build = spawn(
    process.execPath,
    [path.resolve("node_modules/astro/bin/astro.mjs"), "build", "--outDir", outDir],
    {
      env: { ...process.env, DATABASE_URL: databaseUrl, ASTRO_TELEMETRY_DISABLED: "1" },
      stdio: ["ignore", "ignore", "pipe"],
    },
  );
  let errors = "";
  build.stderr.on("data", (chunk: Buffer) => (errors += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => build.on("exit", resolve));
  if (code !== 0) throw new Error(`astro build failed (${code}): ${errors.slice(-2000)}`);
  return outDir;
}

const types: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css",
  ".js": "text/javascript",
  ".avif": "image/avif",
  ".webp": "image/webp",
};

/** The browser gets /our-work, the gallery's files and the build's assets from the rebuilt folder. */
async function serveRebuilt(page: Page, dir: string) {
  await page.route(/\/(our-work|media\/gallery\/.+|_astro\/.+)$/, async (route) => {
    const { pathname } = new URL(route.request().url());
    const file = [path.join(dir, pathname), path.join(dir, `${pathname}.html`)].find(
      (f) => existsSync(f) && statSync(f).isFile(),
    );
    if (!file) return route.continue();
    await route.fulfill({
      status: 200,
      body: readFileSync(file),
      contentType: types[path.extname(file)] ?? "application/octet-stream",
    });
  });
}

test("the owner adds a before/after pair on a phone, publishes, and the rebuilt /our-work shows it", async ({
  page,
  context,
  request,
  baseURL,
}) => {
  await ownClient(page);
  await signedIn(context, request, baseURL!);
  const caption = `Hall ceiling stain painted out ${uniqueName("G").split(" ")[1]}`;
  const town = `Dysart ${caption.slice(-4)}`;

  await page.goto("/admin/website");
  await page.getByRole("tab", { name: /^Gallery/ }).click();
  const add = page.getByRole("region", { name: "Add to the gallery" });
  await add.getByLabel("Before photo").setInputFiles({
    name: "before.jpg",
    mimeType: "image/jpeg",
    buffer: await jpegWithGps(1600, 1200),
  });
  await add.getByLabel("After photo").setInputFiles({
    name: "after.jpg",
    mimeType: "image/jpeg",
    buffer: await jpegWithGps(1200, 1600),
  });
  await expect(add.getByText("before.jpg")).toBeVisible();
  await add.getByLabel("Caption").fill(caption);
  await add.getByLabel("Town").fill(town);
  await add.getByLabel("Service").selectOption({ label: "Paint & Wallpaper" });
  await add.getByRole("button", { name: "Add to gallery" }).click();
  const item = page.getByRole("listitem").filter({ hasText: caption });
  await expect(item).toContainText(town);
  await expect(item.getByRole("img", { name: "Before" })).toHaveJSProperty("complete", true);
  await shot(page, "website-gallery");
  await axe(page, "website gallery");

  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByTestId("publish-state")).toHaveText(/^Live since /);

  const dir = await rebuild();
  await serveRebuilt(page, dir);
  try {
    await checkOurWork(page, caption, town);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/** /our-work from the rebuilt folder at 375 and 1280 px: the pair, its text and its pictures. */
async function checkOurWork(page: Page, caption: string, town: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width < 500 ? 800 : 900 });
    await page.goto("/our-work");
    const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: caption }) });
    await expect(card).toBeVisible();
    await expect(card.getByText(town, { exact: true })).toBeVisible();
    await expect(card.getByRole("link", { name: "Paint & Wallpaper" })).toHaveAttribute(
      "href",
      "/services/paint-wallpaper",
    );
    for (const label of ["Before", "After"]) {
      const img = card.getByRole("img", { name: `${label} the work: ${caption}` });
      await img.scrollIntoViewIfNeeded();
      await expect(img).toHaveAttribute("srcset", /-360\.webp 360w, .*-1080\.webp 1080w$/);
      await expect(img).toHaveAttribute("width", "720");
      await expect(img).toHaveAttribute("height", "540");
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
      // The browser picked the AVIF source.
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.currentSrc)).toMatch(/\.avif$/);
    }
    await shot(page, "our-work");
    await axe(page, `our work at ${width}`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
  }
}
