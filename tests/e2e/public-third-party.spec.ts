import { expect, test } from "@playwright/test";
import { isSameOrigin, publicRoutes } from "./public-routes";

test("no public page makes a request to another origin", async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const foreign: string[] = [];
  page.on("request", (req) => {
    if (!isSameOrigin(req.url(), baseURL!)) foreign.push(`${page.url()} -> ${req.url()}`);
  });
  for (const route of publicRoutes) {
    await page.goto(route.path, { waitUntil: "networkidle" });
    // Bring every lazy image and island into view.
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += 600) {
        window.scrollTo({ top: y, behavior: "instant" });
        await new Promise((r) => setTimeout(r, 30));
      }
    });
    await page.waitForLoadState("networkidle");
  }
  expect(foreign).toEqual([]);
});

test("the contact map loads from OpenStreetMap only when the visitor asks", async ({ page, baseURL }) => {
  const foreign: string[] = [];
  page.on("request", (req) => {
    if (!isSameOrigin(req.url(), baseURL!)) foreign.push(req.url());
  });
  await page.goto("/contact-us", { waitUntil: "networkidle" });
  await page.locator("[data-map]").scrollIntoViewIfNeeded();
  await page.waitForLoadState("networkidle");
  expect(foreign).toEqual([]);
  await page.getByRole("button", { name: "Show interactive map" }).click();
  await expect(page.locator("[data-map] iframe")).toHaveAttribute(
    "src",
    /^https:\/\/www\.openstreetmap\.org\//,
  );
});
