/**
 * On a 375 px phone (docs/decisions/065-gallery-editing-consent-withdrawal-and-full-preview.md):
 * the owner edits a gallery item's caption (a caption with markup is refused beside the field, what
 * was typed kept), moves an item up with one tap, and sees the drafts, pictures included, in the
 * preview of /our-work; then withdraws a customer's consent with a note, and the job's photo leaves
 * the drafts and the live version at once.
 *
 * SHOTS=dir saves screenshots (the Gallery tab while editing, after the move, the preview of
 * /our-work at 375 and 1280 px, the finished jobs after the withdrawal).
 */
import { expect as baseExpect, request as apiRequest, type Page } from "@playwright/test";
import { jpegWithGps } from "../helpers/images";
import { axe, shot } from "./page-checks";
import { clientIp, uniqueName, test } from "./admin-support";
import { rebuildTimeoutMs } from "./site-publish";

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 240_000 });
test.use({ viewport: { width: 375, height: 800 } });

/** A gallery item (one photo, uploaded or a job's photo id) added through the admin API. */
async function addItem(page: Page, origin: string, caption: string, photo: Buffer | string) {
  const res = await page.request.post("/api/admin/site/gallery", {
    multipart: {
      caption,
      town: "Kinghorn",
      service: "paint-wallpaper",
      photo: typeof photo === "string" ? photo : { name: "photo.jpg", mimeType: "image/jpeg", buffer: photo },
    },
    headers: { Origin: origin },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { item: { id: number } }).item;
}

/** A finished job with one photo the customer sent, and the owner's record of their consent. */
async function finishedJobWithConsent(page: Page, origin: string, name: string) {
  const upload = await page.request.post("/api/uploads", {
    data: await jpegWithGps(1200, 900),
    headers: { "Content-Type": "image/jpeg", "X-Simulated-Client": clientIp() },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const photoId = ((await upload.json()) as { id: string }).id;
  const sent = await page.request.post("/api/contact", {
    data: {
      name,
      email: "gallery.consent@example.com",
      phone: "0131 496 0999",
      message: `Please repaint the stained ceiling (${name}).`,
      photos: [photoId],
      website: "",
      formStartedAt: Date.now() - 60_000,
    },
    headers: { "X-Simulated-Client": clientIp() },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const id = ((await sent.json()) as { id: number }).id;
  const done = await page.request.patch(`/api/admin/submissions/${id}`, {
    data: { state: "done" },
    headers: { Origin: origin },
  });
  expect(done.status(), await done.text()).toBe(200);
  const consent = await page.request.post("/api/admin/site/gallery/consents", {
    data: { submissionId: id, note: "Agreed by e-mail on the day of the visit" },
    headers: { Origin: origin },
  });
  expect(consent.status(), await consent.text()).toBe(201);
  return { id, photoId };
}

/** Publishes the drafts; while another test's rebuild holds the one publish (409), waits and tries again. */
async function publish(page: Page, origin: string) {
  await expect
    .poll(
      async () => {
        const res = await page.request.post("/api/admin/site/publish", { headers: { Origin: origin } });
        return res.status() === 409 ? "another publish is running" : `${res.status()} ${await res.text()}`;
      },
      { timeout: rebuildTimeoutMs, intervals: [2000, 5000] },
    )
    .toMatch(/^202 /);
}

test("the owner edits and reorders the gallery, previews it, and withdraws a customer's consent", async ({
  ownerPage: page,
  baseURL,
}) => {
  const origin = new URL(baseURL!).origin;
  const tag = uniqueName("G").split(" ")[1]!;
  const first = `Porch repainted ${tag}`;
  const second = `Bannister sanded ${tag}`;
  await addItem(page, origin, first, await jpegWithGps(1600, 1200));
  await addItem(page, origin, second, await jpegWithGps(1200, 900));

  await page.goto("/admin/website");
  await page.getByRole("tab", { name: /^Gallery/ }).click();
  const list = page.getByRole("tabpanel");

  // Edit: markup refused beside the field, what was typed kept; then saved as a draft.
  await list.getByRole("button", { name: `Edit ${first}` }).click();
  const editor = list.locator("form").filter({ has: page.getByRole("button", { name: "Save draft" }) });
  const caption = editor.getByLabel("Caption");
  await caption.fill(`${first} <script>alert(1)</script>`);
  await editor.getByRole("button", { name: "Save draft" }).click();
  await expect(editor.getByText("The caption must be plain text, without HTML tags.")).toBeVisible();
  await expect(caption).toHaveValue(`${first} <script>alert(1)</script>`);
  await expect(caption).toHaveAttribute("aria-invalid", "true");
  await shot(page, "gallery-edit-refused");
  const edited = `Porch and door repainted ${tag}`;
  await caption.fill(edited);
  await editor.getByLabel("Town").fill("Burntisland");
  await editor.getByRole("button", { name: "Save draft" }).click();
  await expect(list.getByText(edited)).toBeVisible();
  await expect(
    list.getByRole("listitem").filter({ hasText: edited }).getByText("Burntisland · Paint & Wallpaper"),
  ).toBeVisible();

  // Reorder: one tap moves the second item above the first.
  const titles = () =>
    list.getByRole("listitem").filter({ hasText: tag }).locator("p.font-semibold").allInnerTexts();
  await expect.poll(async () => (await titles()).map((t) => t.trim())).toEqual([edited, second]);
  await list.getByRole("button", { name: `Move ${second} up` }).click();
  await expect.poll(async () => (await titles()).map((t) => t.trim())).toEqual([second, edited]);
  const thumb = list.locator("li", { hasText: second }).locator("img").first();
  await expect.poll(() => thumb.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
  await shot(page, "gallery-reordered");
  await axe(page, "website gallery after a move");

  // The preview shows the drafts with their pictures; the served site has neither caption.
  let pictureUrl = "";
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width < 500 ? 800 : 900 });
    await page.goto("/preview/our-work");
    await expect(page.locator("#preview-banner")).toBeVisible();
    const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: edited }) });
    await expect(card).toContainText("Burntisland");
    const img = card.getByRole("img").first();
    await img.scrollIntoViewIfNeeded();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => el.currentSrc))
      .toMatch(/\/preview\/media\/gallery\/[A-Za-z0-9_-]+-\d+\.avif$/);
    pictureUrl = await img.evaluate((el: HTMLImageElement) => el.currentSrc);
    const order = await page.getByRole("heading").filter({ hasText: tag }).allInnerTexts();
    expect(order.map((t) => t.trim())).toEqual([second, edited]);
    await shot(page, "preview-our-work");
  }
  await page.goto("/our-work");
  await expect(page.getByText(edited)).toHaveCount(0);
  // Without the owner's session neither the preview nor its pictures are served.
  const stranger = await apiRequest.newContext({ baseURL: baseURL! });
  for (const address of ["/preview/our-work", new URL(pictureUrl).pathname]) {
    const res = await stranger.get(address, { headers: { Accept: "application/json" }, maxRedirects: 0 });
    expect(res.status(), address).toBe(401);
  }
  await stranger.dispose();

  // Consent withdrawn by the owner with a note: the job's photo leaves the drafts and the live version.
  await page.setViewportSize({ width: 375, height: 800 });
  const customer = uniqueName("Morven");
  const job = await finishedJobWithConsent(page, origin, customer);
  const jobCaption = `Ceiling stain painted out ${tag}`;
  await addItem(page, origin, jobCaption, job.photoId);
  await publish(page, origin);
  await page.goto("/admin/website");
  await page.getByRole("tab", { name: /^Gallery/ }).click();
  await expect(list.getByText(jobCaption)).toBeVisible();
  const card = list
    .getByRole("listitem")
    .filter({ hasText: "Agreed by e-mail on the day of the visit" })
    .filter({ hasText: customer });
  await expect(card).toContainText("One gallery item shows its photos.");
  await card.getByRole("button", { name: "Withdraw consent" }).click();
  await card.getByRole("button", { name: "Withdraw consent and take the photos down" }).click();
  await expect(card.getByText("Please fill in the note.")).toBeVisible();
  await card.getByLabel(/Why is .*'s consent withdrawn\?/).fill("Phoned today: she would rather not");
  await card.getByRole("button", { name: "Withdraw consent and take the photos down" }).click();
  await expect(page.getByText("Consent withdrawn", { exact: true })).toBeVisible();
  await expect(page.getByText("Its photos are being taken off the website now.")).toBeVisible();
  await expect(card).toContainText("Consent withdrawn by you on");
  await expect(card).toContainText("Phoned today: she would rather not");
  await expect(list.getByText(jobCaption)).toHaveCount(0);
  await card.getByText("Consent history").click();
  await expect(card.getByRole("listitem")).toHaveCount(2);
  await shot(page, "gallery-consent-withdrawn");
  await axe(page, "website gallery after a withdrawal");

  const site = await page.request.get("/api/admin/site");
  const body = (await site.json()) as { gallery: { caption: string }[] };
  expect(body.gallery.map((g) => g.caption)).not.toContain(jobCaption);
  await page.goto("/preview/our-work");
  await expect(page.getByText(jobCaption)).toHaveCount(0);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(overflow).toBe(false);
});
