/**
 * The customer's page (server-rendered by a function, outside Astro's build) uses the site's own
 * Inter: the file it loads at a fixed address is the very file the static pages load, and its CSP
 * allows fonts from this site only.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { fontPath, lostLinkPage } from "../../src/features/customer-page/html";
import { htmlPolicy } from "../../src/platform/http/response";

const root = path.resolve(import.meta.dirname, "../..");

describe("the customer's page font", () => {
  it("is the same bytes as the Inter file the static pages load (copy it again after upgrading the package)", () => {
    const packaged = createRequire(import.meta.url).resolve(
      "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2",
    );
    const copy = readFileSync(path.join(root, "public", fontPath));
    expect(copy.equals(readFileSync(packaged))).toBe(true);
  });

  it("is declared first in the page's font stack and allowed by its CSP, from this site only", () => {
    const page = lostLinkPage();
    expect(page).toContain(`src:url(${fontPath}) format("woff2-variations")`);
    expect(page).toMatch(/body\{[^}]*font-family:"Inter Variable",/);
    expect(htmlPolicy(page)).toContain("font-src 'self'");
    expect(htmlPolicy("<style>body{color:red}</style>")).not.toContain("font-src");
  });
});
