import { expect, test } from "@playwright/test";
import { axeScanner } from "./page-checks";
import { publicRoutes } from "./public-routes";

const tags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];

for (const width of [375, 1280]) {
  test.describe(`accessibility at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 768 ? 812 : 800 }, reducedMotion: "reduce" });

    for (const route of [...publicRoutes, { path: "/no-such-page", title: "Page not found" }]) {
      test(`${route.path} has no WCAG 2.2 A/AA violations`, async ({ page }) => {
        await page.goto(route.path, { waitUntil: "networkidle" });
        const results = await axeScanner(page).withTags(tags).analyze();
        const summary = results.violations.map(
          (v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(" ")).join("\n  ")}`,
        );
        expect(summary).toEqual([]);
      });
    }
  });
}
