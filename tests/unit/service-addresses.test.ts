/**
 * A hidden service's gone page becomes one forced 410 rule (integrations/service-addresses.ts): the
 * rules are made from the built files' names, and nothing else in the folder makes one.
 */
import { describe, expect, it } from "vitest";
import { goneRules } from "../../integrations/service-addresses";

describe("the 410 rules for hidden services", () => {
  it("one forced rewrite with status 410 per gone page, in slug order", () => {
    expect(goneRules(["window-cleaning.html", "gutters.html", "fences/index.html"])).toEqual([
      { from: "/services/fences", to: "/gone/services/fences", status: 410, force: true },
      { from: "/services/gutters", to: "/gone/services/gutters", status: 410, force: true },
      { from: "/services/window-cleaning", to: "/gone/services/window-cleaning", status: 410, force: true },
    ]);
  });

  it("ignores anything that is not a service's page", () => {
    expect(goneRules([".DS_Store", "Gutters.html", "a b.html", "../x.html", "x.txt"])).toEqual([]);
  });
});
