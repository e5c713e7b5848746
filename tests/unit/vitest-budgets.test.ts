import path from "node:path";
import { describe, expect, it } from "vitest";
import { nearTimeout, ownBudgets, projectBudget, vitestBudget } from "../../scripts/lib/vitest-budgets.mjs";

const root = path.resolve(import.meta.dirname, "../..");

describe("a Vitest test's own time budget", () => {
  it("reads the timeout a test or its describe sets, in each form Vitest takes", () => {
    const source = `
      import { describe, expect, it, test } from "vitest";
      const slow = 3 * 60_000;
      describe("outer", { timeout: 240_000 }, () => {
        it("inherits the describe's", () => {});
        it("sets its own in options", { timeout: 90_000 }, async () => {});
        describe("inner", () => {
          test("inherits through a describe that sets none", () => {});
          it.concurrent("as a third argument", async () => {}, 120_000);
        });
      });
      describe("plain", () => {
        it("sets none", () => {});
        it("from a constant", async () => {}, slow);
        it(\`a template with no placeholder\`, async () => {}, (10 + 5) * 1000);
      });
      it("at the top", () => {}, 2000);
      describe.skipIf(!process.env.PG)("when a server is there", () => {
        it.runIf(true)("conditional forms", async () => {}, 45_000);
      });
    `;
    expect(Object.fromEntries(ownBudgets(source))).toEqual({
      "outer › inherits the describe's": 240_000,
      "outer › sets its own in options": 90_000,
      "outer › inner › inherits through a describe that sets none": 240_000,
      "outer › inner › as a third argument": 120_000,
      "plain › from a constant": 180_000,
      "plain › a template with no placeholder": 15_000,
      "at the top": 2000,
      "when a server is there › conditional forms": 45_000,
    });
  });

  it("leaves what it cannot read to the project's budget", () => {
    const source = `
      const n = Number(process.env.T);
      it.each([1, 2])("case %i", async () => {}, 60_000);
      it("from the environment", async () => {}, n);
      it(\`with \${n} in its title\`, async () => {}, 60_000);
    `;
    expect(ownBudgets(source).size).toBe(0);
    expect(projectBudget("tests/unit/x.test.ts")).toBe(5_000);
    expect(projectBudget("tests/integration/x.test.ts")).toBe(30_000);
    expect(projectBudget("tests/content/x.test.ts")).toBe(60_000);
  });

  it("measures the repository's own slow tests against their own timeouts", () => {
    expect(
      vitestBudget(root, "tests/unit/deps-check.test.ts", [
        "deps:check",
        "never lets a back-edge into the baseline, even on purpose",
      ]),
    ).toBe(240_000);
    expect(
      vitestBudget(root, "tests/integration/site-preview.test.ts", [
        "the local host's rebuild on publish",
        "a build that fails leaves the served folder as it was and says why in plain words",
      ]),
    ).toBe(300_000);
    expect(
      vitestBudget(root, "tests/integration/db-restart.test.ts", [
        "PostgreSQL restarts",
        "keeps the process alive and every answer true through 10 restarts under 8 clients",
      ]),
    ).toBe(120_000);
    // A test with no timeout of its own, and a file that is not there: the project's.
    expect(vitestBudget(root, "tests/unit/push-rules.test.ts", ["anything"])).toBe(5_000);
    expect(vitestBudget(root, "tests/integration/no-such-file.test.ts", ["x"])).toBe(30_000);
  });

  it("lists only the tests past half of their own budget, the nearest first", () => {
    const tests = [
      { name: "deps-check", longestRunMs: 40_000, budgetMs: 240_000 },
      { name: "site-preview", longestRunMs: 70_000, budgetMs: 300_000 },
      { name: "slow unit", longestRunMs: 4_000, budgetMs: 5_000 },
      { name: "half exactly", longestRunMs: 15_000, budgetMs: 30_000 },
      { name: "near", longestRunMs: 20_000, budgetMs: 30_000 },
      { name: "no budget known", longestRunMs: 90_000, budgetMs: 0 },
    ];
    expect(nearTimeout(tests).map((t) => t.name)).toEqual(["slow unit", "near"]);
  });
});
