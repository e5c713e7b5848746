/**
 * Checks the admin's browser tests make of a screen: no WCAG 2.2 A/AA violation (axe, with the
 * target-size rule on) and nothing
 * scrolling sideways, once the toasts have gone; and, with SHOTS=dir, screenshots named by their
 * label and the viewport's width.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

/**
 * axe-core's minified build (the version @axe-core/playwright itself depends on), loaded only into a
 * page that has none yet. AxeBuilder evaluates the source it is given twice in every scan, and a
 * page keeps axe until it navigates: a tenth of a second of the browser's CPU each time (1.5 MB of
 * script parsed and run again), about a third of a repeated scan.
 */
const axeCore = createRequire(createRequire(import.meta.url).resolve("@axe-core/playwright"));
const axeSource = `if (!window.axe) {\n${readFileSync(axeCore.resolve("axe-core/axe.min.js"), "utf8")}\n}`;

/**
 * axe for one page, every browser test's scanner: it runs in the page itself (`axe.run`), not in
 * parts finished in a second, blank page. The site has no cross-origin frame for the parts to
 * gather, and the blank page, with axe loaded into it again, cost about a quarter of each scan's CPU.
 */
export function axeScanner(page: Page): AxeBuilder {
  return new AxeBuilder({ page, axeSource }).setLegacyMode();
}

export async function axe(page: Page, label: string) {
  // A toast waits while the pointer rests on it (the last tap may have left it there): the pointer
  // goes to the bottom corner, away from the toasts at the top.
  await page.mouse.move(0, (page.viewportSize()?.height ?? 1) - 1);
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
  // A section still fading in as it scrolled into view would be scanned half-drawn (its colours
  // mid-transition fail the contrast rule): wait for transitions and finite animations to end.
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every((a) => a.playState !== "running" || a.effect?.getComputedTiming().endTime === Infinity),
    undefined,
    { timeout: 10_000 },
  );
  const results = await axeScanner(page)
    // WCAG 2.2's 2.5.8 (targets at least 24 × 24 px, or spaced as if), which axe leaves off unless asked.
    .options({ rules: { "target-size": { enabled: true } } })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"])
    .analyze();
  expect(
    results.violations.map(
      (v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(" ")} (${n.failureSummary ?? ""})`).join(", ")}`,
    ),
    label,
  ).toEqual([]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${label} scrolls sideways`).toBeLessThanOrEqual(0);
}

/**
 * With SHOTS=dir, a screenshot named by its label and the viewport's width (the whole page unless
 * `fullPage` is false); without it, nothing. No test reads a picture: they are for looking at by eye,
 * and a full-page PNG costs the browser about as much CPU as an axe scan.
 */
export async function shot(page: Page, label: string, { fullPage = true } = {}) {
  if (!process.env["SHOTS"]) return;
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: `${process.env["SHOTS"]}/${label}-${width}.png`, fullPage });
}

/**
 * `axe` at 375 and 1280 px (and with SHOTS=dir a screenshot at each: the whole page, or the view
 * with `part` scrolled to its top, for a part inside a dialog, which scrolls itself), then the
 * viewport as it was.
 */
export async function axeAtBothWidths(page: Page, label: string, part?: Locator) {
  const before = page.viewportSize();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width < 500 ? 800 : 900 });
    await axe(page, `${label} at ${width}px`);
    if (part) await part.evaluate((el) => el.scrollIntoView({ block: "start" }));
    await shot(page, label, { fullPage: !part });
  }
  if (before) await page.setViewportSize(before);
}

/** With SHOTS=dir, `shot` at 375 and 1280 px, and then the viewport as it was. */
export async function shotsAtBothWidths(page: Page, label: string) {
  if (!process.env["SHOTS"]) return;
  const before = page.viewportSize();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width < 500 ? 800 : 900 });
    await shot(page, label);
  }
  if (before) await page.setViewportSize(before);
}
