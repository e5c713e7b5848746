/**
 * The owner adds a before/after pair to the gallery on a 375 px phone, publishes, and the rebuilt
 * /our-work shows it (docs/decisions/058-gallery.md). The publish is the real one: the test host
 * rebuilds the whole site from the stack's database into a new folder and serves that folder once
 * the build succeeded (docs/decisions/057-draft-preview-and-local-rebuilds.md), so the browser
 * reads /our-work and its image files from the host as a visitor would. The page carries the pair's
 * caption, town and service as text, and both pictures as AVIF/WebP sizes.
 *
 * SHOTS=dir saves screenshots (the Gallery tab; /our-work at 375 and 1280 px).
 */
import { expect as baseExpect, type Page } from "@playwright/test";
import { jpegWithGps } from "../helpers/images";
import { axe, shot } from "./page-checks";
import { uniqueName, test } from "./admin-support";
import { publishOnScreen } from "./site-publish";

const expect = baseExpect.configure({ timeout: 60_000 });
// The publish rebuilds the whole site: a minute or two on a busy machine (site-publish.ts).
test.describe.configure({ timeout: 420_000 });
test.use({ viewport: { width: 375, height: 800 } });

test("the owner adds a before/after pair on a phone, publishes, and the rebuilt /our-work shows it", async ({
  ownerPage: page,
  request,
  owner: session,
}) => {
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

  await publishOnScreen(page, request, session.header);
  await expect(page.getByTestId("publish-state")).toHaveText(/^Live since /);

  await checkOurWork(page, caption, town);
});

/** /our-work as the host serves it after the rebuild, at 375 and 1280 px: the pair, its text and its pictures. */
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
    if (width < 640) {
      // On a phone the page's heading is painted before any photo is fetched (GalleryPicture.astro).
      const timing = await page.evaluate(() => ({
        paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
        photos: performance
          .getEntriesByType("resource")
          .filter((e) => new URL(e.name).pathname.startsWith("/media/gallery/"))
          .map((e) => e.startTime),
      }));
      expect(timing.paint, "the first paint's time").toBeGreaterThan(0);
      expect(timing.photos.length, "photos fetched").toBeGreaterThanOrEqual(2);
      expect(Math.min(...timing.photos), "the first photo's fetch").toBeGreaterThan(timing.paint!);
    }
    await shot(page, "our-work");
    await axe(page, `our work at ${width}`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
  }
}
