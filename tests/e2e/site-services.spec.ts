/**
 * The services on the production build and in the owner's editor
 * (docs/decisions/056-services-from-published-content.md):
 * - a service page's words, price and structured data are in the built HTML: the page asks the API
 *   for none of them, and reads the same with JavaScript off;
 * - at 375 px the owner edits a service's price and its steps ("How it works", one per line), a
 *   step without its colon is refused beside the field with what was typed kept, and publishes.
 * axe finds nothing and nothing scrolls sideways.
 *
 * SHOTS=dir saves screenshots of the pages there (for looking at them by eye).
 */
import { expect as baseExpect } from "@playwright/test";
import { axe, shot } from "./page-checks";
import { clientIp, uniqueName, test } from "./admin-support";
import { publishOnScreen } from "./site-publish";

const expect = baseExpect.configure({ timeout: 60_000 });
test.describe.configure({ timeout: 240_000 });

for (const width of [375, 1280]) {
  test(`a service page holds its content in the built HTML, at ${width} px`, async ({ browser }) => {
    // Reduced motion: nothing waits below the fold half faded in while axe reads the colours.
    const context = await browser.newContext({ viewport: { width, height: 900 }, reducedMotion: "reduce" });
    const page = await context.newPage();
    const asked: string[] = [];
    page.on("request", (r) => {
      if (new URL(r.url()).pathname.startsWith("/api/")) asked.push(r.url());
    });
    const response = await page.goto("/services/plumbing-heating");
    expect(response?.status()).toBe(200);
    const html = (await response?.text()) ?? "";
    expect(html).toContain("Plumbing &amp; Heating");
    expect(html).toContain("from £80 per hour");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Plumbing & Heating");
    await expect(page.getByRole("heading", { name: "How it works" })).toBeVisible();
    const data = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
      (t) => JSON.parse(t) as Record<string, unknown>,
    );
    expect(data.find((d) => d["@type"] === "Service")?.["offers"]).toMatchObject({
      price: "80.00",
      priceSpecification: { unitText: "hour" },
    });
    const business = data.find((d) => d["@type"] === "HomeAndConstructionBusiness");
    expect((business?.["makesOffer"] as unknown[]).length).toBeGreaterThanOrEqual(4);
    await page.waitForLoadState("networkidle");
    expect(asked, "the page fetches none of its content").toEqual([]);
    await shot(page, "service-page");
    await axe(page, `service page at ${width}`);
    await context.close();
  });
}

test("without JavaScript the booking form lists the published services", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/book-appointment?service=floor-carpet");
  const options = await page.locator('select[name="service"] option').allTextContents();
  // The first services in the owner's order; other tests may publish services of their own after them.
  expect(options.slice(0, 5)).toEqual([
    "Select a service",
    "Paint & Wallpaper",
    "Plumbing & Heating",
    "Kitchen & Bathroom Fixing",
    "Floor & Carpet Installing",
  ]);
  await context.close();
});

test.describe("at 375 px", () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("the owner edits a service's price and steps and publishes; a step without its colon is refused", async ({
    ownerPage: page,
    request,
    baseURL,
    owner: session,
  }) => {
    const name = `Fences ${uniqueName("F").split(" ")[1]}`;
    const res = await request.post("/api/admin/site/services", {
      data: {
        name,
        summary: "Loose panels and leaning posts put right.",
        description: "We reset posts and replace rotten panels.",
        startingPricePence: 12_000,
        priceBasis: "per-project",
        icon: "fence",
      },
      headers: { Origin: new URL(baseURL!).origin, Cookie: session.header, "X-Simulated-Client": clientIp() },
    });
    expect(res.status(), await res.text()).toBe(201);

    await page.goto("/admin/website");
    const row = page.getByRole("listitem").filter({ hasText: name });
    await expect(row).toContainText("from £120 per project");
    await row.getByRole("button", { name: `Edit ${name}` }).click();
    const form = page.getByRole("listitem").filter({ has: page.getByRole("button", { name: "Save draft" }) });
    await form.getByLabel("Starting price (£)").fill("135.50");
    const steps = form.getByLabel("How it works");
    await steps.fill("Survey: we walk the whole run with you\nDig out the old posts");
    await form.getByRole("button", { name: "Save draft" }).click();
    await expect(form.getByText("Step 2: write a short title, a colon, then what happens.")).toBeVisible();
    await expect(steps).toHaveValue("Survey: we walk the whole run with you\nDig out the old posts");
    await steps.fill("Survey: we walk the whole run with you\nRepair: posts reset in concrete");
    await form.getByLabel("What we offer").fill("Posts reset in concrete\nGates rehung");
    await shot(page, "website-service-edit");
    await form.getByRole("button", { name: "Save draft" }).click();
    await expect(row).toContainText("from £135.50 per project");
    await publishOnScreen(page, request, session.header);
    await expect(page.getByTestId("publish-state")).toHaveText(/^Live since /);

    // What was published is what the server now holds for the pages and the booking form.
    const site = await request.get("/api/admin/site", {
      headers: { Origin: new URL(baseURL!).origin, Cookie: session.header, "X-Simulated-Client": clientIp() },
    });
    const saved = (
      (await site.json()) as {
        services: { name: string; startingPricePence: number; process: unknown[]; features: string[] }[];
      }
    ).services.find((s) => s.name === name);
    expect(saved).toMatchObject({
      startingPricePence: 13_550,
      process: [
        { title: "Survey", description: "we walk the whole run with you" },
        { title: "Repair", description: "posts reset in concrete" },
      ],
      features: ["Posts reset in concrete", "Gates rehung"],
    });
    await axe(page, "website service editor at 375");
  });
});
