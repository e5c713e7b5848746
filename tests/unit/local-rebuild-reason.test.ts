import { describe, expect, it } from "vitest";
import { failureReason } from "../../scripts/lib/local-rebuild";

describe("a failed local rebuild's reason", () => {
  const message =
    "[site] the website's published content could not be read from the database (connect ECONNREFUSED 127.0.0.1:1); the build stops so the live site stays as it was";

  it("keeps the site's own words and drops where Astro says it failed (a page's getStaticPaths)", () => {
    const output = `12:00:01 [build] Building static entrypoints...\n${message}\n  Location:\n    /srv/app/node_modules/astro/dist/core/render/route-cache.js:32:17\n  Stack trace:\n    at read (file:///srv/app/x.js:1:1)\n`;
    const reason = failureReason(output, 1);
    expect(reason).toBe(
      "The new version of the website could not be built: the website's published content could not be read from the database; the build stops so the live site stays as it was.",
    );
    expect(reason).not.toMatch(/Location|node_modules|ECONNREFUSED/);
  });

  it("says the exit code when the build printed nothing useful", () => {
    expect(failureReason("", 3)).toBe(
      "The new version of the website could not be built: it stopped with code 3.",
    );
  });
});
