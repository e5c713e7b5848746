/**
 * The photo thumbnails on the booking and contact forms, on a phone, under the production build's
 * Content-Security-Policy: the island shows each picked photo from a `blob:` URL before it is
 * uploaded, so those pages' policy must allow `blob:` images (and no other page's does).
 */
import { expect as baseExpect, test, type Page } from "@playwright/test";
import { photoLike } from "../helpers/images";
import { goToForm, ownClientHeaders, serverTimeout } from "./forms-support";

const expect = baseExpect.configure({ timeout: serverTimeout });
test.use({ viewport: { width: 375, height: 812 } });

/** The thumbnail's decoded size and the colour of its middle pixel, read through a canvas. */
async function thumbnailPixels(page: Page, selector: string) {
  return page.locator(selector).evaluate(async (img: HTMLImageElement) => {
    await img.decode().catch(() => {});
    const canvas = document.createElement("canvas");
    canvas.width = Math.max(1, img.naturalWidth);
    canvas.height = Math.max(1, img.naturalHeight);
    const context = canvas.getContext("2d");
    if (img.naturalWidth > 0) context?.drawImage(img, 0, 0);
    const [r, g, b, a] = context?.getImageData(canvas.width >> 1, canvas.height >> 1, 1, 1).data ?? [];
    return { src: img.src, width: img.naturalWidth, height: img.naturalHeight, r, g, b, a };
  });
}

for (const { path, action } of [
  { path: "/book-appointment", action: "/api/bookings" },
  { path: "/contact-us", action: "/api/contact" },
]) {
  test(`${path}: a picked photo's thumbnail shows its pixels at 375 px`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setExtraHTTPHeaders(ownClientHeaders());
    const violations: string[] = [];
    page.on("console", (msg) => {
      if (/Content Security Policy/i.test(msg.text())) violations.push(msg.text());
    });
    const response = await page.goto(path);
    expect(response?.headers()["content-security-policy"]).toContain("img-src 'self' data: blob:;");
    await goToForm(page, path, action);
    const form = page.locator(`form[action="${action}"]`);
    const photo = await (await photoLike(600, 400)).jpeg({ quality: 90 }).toBuffer();
    await form
      .getByLabel("Add photos")
      .setInputFiles([{ name: "wall.jpg", mimeType: "image/jpeg", buffer: photo }]);
    const thumbnail = form.getByRole("img", { name: "Attached: wall.jpg" });
    await expect(thumbnail).toBeVisible();
    await expect
      .poll(
        async () =>
          (await thumbnailPixels(page, `form[action="${action}"] img[alt="Attached: wall.jpg"]`)).width,
      )
      .toBeGreaterThan(0);
    const pixels = await thumbnailPixels(page, `form[action="${action}"] img[alt="Attached: wall.jpg"]`);
    expect(pixels.src).toMatch(/^blob:/);
    expect(pixels.height).toBeGreaterThan(0);
    expect(pixels.a).toBe(255);
    expect((pixels.r ?? 0) + (pixels.g ?? 0) + (pixels.b ?? 0)).toBeGreaterThan(0);
    expect(violations).toEqual([]);
  });
}

test("pages without a photo field keep blob: images out of their policy", async ({ request }) => {
  for (const path of ["/", "/testimonials", "/faqs"]) {
    const csp = (await request.get(path)).headers()["content-security-policy"] ?? "";
    expect(csp, path).toContain("img-src 'self' data:;");
  }
});
