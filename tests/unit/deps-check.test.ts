/**
 * `npm run deps:check` (docs/decisions/062-feature-public-faces.md): the real script, run on a
 * temporary copy of the code. With one planted import of each kind that the old import-string rule
 * missed, it fails and names each, with the import to write instead.
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../", import.meta.url));
const tsx = join(root, "node_modules/.bin/tsx");
const copy = mkdtempSync(join(tmpdir(), "kh-deps-"));

function run(command: string, at = copy, extra: string[] = []): { status: number | null; out: string } {
  const result = spawnSync(tsx, ["scripts/deps.ts", command, ...extra, "--root", at], {
    cwd: root,
    encoding: "utf8",
    timeout: 120_000,
  });
  return { status: result.status, out: `${result.stdout}${result.stderr}` };
}

function plant(path: string, text: string): void {
  mkdirSync(dirname(join(copy, path)), { recursive: true });
  writeFileSync(join(copy, path), text);
}

/** The lines the check printed about one importing file. */
function about(out: string, file: string): string {
  const start = out.indexOf(`${file}: `);
  if (start < 0) return "";
  const next = out.slice(start + file.length).search(/\n\S/);
  return next < 0 ? out.slice(start) : out.slice(start, start + file.length + next);
}

/** The code the check reads, copied to `dir` (node_modules linked). */
function copyRepository(dir: string): void {
  for (const path of ["src", "netlify/functions", "scripts", "integrations"])
    cpSync(join(root, path), join(dir, path), { recursive: true });
  for (const file of ["astro.config.mjs", "tsconfig.json", "package.json", "deps-baseline.json"])
    cpSync(join(root, file), join(dir, file));
  symlinkSync(join(root, "node_modules"), join(dir, "node_modules"), "dir");
}

beforeAll(() => copyRepository(copy));
afterAll(() => rmSync(copy, { recursive: true, force: true }));

// Each run starts the real script through tsx and resolves every import of the copy: seconds, more
// on a busy machine.
// The check on the code as it is runs in `npm run check`; here the counts are exact ("7 new
// violation(s)"), so a copy that failed for any other reason would fail the test too.
describe("deps:check", { timeout: 240_000 }, () => {
  it("fails on each planted violation, naming it and the import to use instead; the baseline only shrinks", () => {
    plant(
      "src/features/quotes/planted-deep.ts",
      'import { list } from "../requests/repository";\nexport const planted = list;\n',
    );
    plant(
      "src/components/sections/planted-at-build.ts",
      'export async function planted() {\n  return (await import("../../features/reviews/service-public")).listPublicTestimonials;\n}\n',
    );
    plant(
      "src/features/invoices/planted-suffix.ts",
      'export { listQuotes as planted } from "../quotes/service.ts";\n',
    );
    plant(
      "netlify/functions/planted.mts",
      'import * as requests from "../../src/features/requests/service-workflow";\nexport default requests;\n',
    );
    plant(
      "scripts/planted.ts",
      'import { enqueue } from "../src/features/mail/repository";\nexport const planted = enqueue;\n',
    );
    // rate-limits sits below customer-page, which already uses it: an import back is a cycle.
    plant(
      "src/features/rate-limits/planted-cycle.ts",
      'export * from "../customer-page/contract/endpoints";\n',
    );
    // A foreign key into a higher feature's table names its key (src/platform/db/keys.ts): a
    // tables file importing the higher feature's tables file is a back-edge like any other.
    plant(
      "src/features/photos/tables-planted.ts",
      'import { requests } from "../requests/tables";\nexport const planted = requests;\n',
    );

    // And a baseline entry for an import that no longer exists.
    const baseline = join(copy, "deps-baseline.json");
    const known = JSON.parse(readFileSync(baseline, "utf8")) as unknown[];
    const ghost = {
      type: "dependency",
      from: "src/features/quotes/gone.ts",
      to: "src/features/requests/repository.ts",
      rule: { severity: "error", name: "public-face:requests" },
    };
    writeFileSync(baseline, JSON.stringify([...known, ghost]));

    const { status, out } = run("check");
    expect(status).toBe(1);
    expect(out).toMatch(/deps:check: 7 new violation\(s\), 1 stale baseline entr/);
    expect(out).toContain(
      "public-face:requests src/features/quotes/gone.ts src/features/requests/repository.ts",
    );

    const deep = about(out, "src/features/quotes/planted-deep.ts");
    expect(deep).toContain('"../requests/repository" (src/features/requests/repository.ts)');
    expect(deep).toContain("rule public-face:requests");
    expect(deep).toContain('use instead: import … from "../requests"');

    const dynamic = about(out, "src/components/sections/planted-at-build.ts");
    expect(dynamic).toContain('import("../../features/reviews/service-public")');
    expect(dynamic).toContain("rule public-face:reviews");
    expect(dynamic).toContain('use instead: import … from "../../features/reviews"');

    const suffix = about(out, "src/features/invoices/planted-suffix.ts");
    expect(suffix).toContain('"../quotes/service.ts" (src/features/quotes/service.ts)');
    expect(suffix).toContain('use instead: import … from "../quotes"');

    const fn = about(out, "netlify/functions/planted.mts");
    expect(fn).toContain("rule public-face:requests");
    expect(fn).toContain('use instead: import … from "../../src/features/requests"');

    const script = about(out, "scripts/planted.ts");
    expect(script).toContain("rule public-face:mail");
    expect(script).toContain('use instead: import … from "../src/features/mail"');

    const cycle = about(out, "src/features/rate-limits/planted-cycle.ts");
    expect(cycle).toContain("rule feature-order:rate-limits");
    expect(cycle).toMatch(/closes a cycle between features: rate-limits -> customer-page -> .*rate-limits/);

    const foreignKey = about(out, "src/features/photos/tables-planted.ts");
    expect(foreignKey).toContain('"../requests/tables" (src/features/requests/tables.ts)');
    expect(foreignKey).toContain("rule feature-order:photos");
    expect(foreignKey).toMatch(/closes a cycle between features: photos -> requests -> .*photos/);

    // deps:baseline drops the stale entry and adds none of the new ones.
    const rewritten = run("baseline");
    expect(rewritten.out).toMatch(/7 new one\(s\) NOT added/);
    expect(JSON.parse(readFileSync(baseline, "utf8"))).toEqual(known);
  });

  it("never lets a back-edge into the baseline, even on purpose", () => {
    // A copy of its own: the planted imports of the test above stay out of it.
    const own = mkdtempSync(join(tmpdir(), "kh-deps-back-"));
    try {
      copyRepository(own);
      const baseline = join(own, "deps-baseline.json");
      const known = readFileSync(baseline, "utf8");
      // mail sits below housekeeping: a lower feature importing a higher one is a back-edge.
      mkdirSync(join(own, "src/features/mail"), { recursive: true });
      writeFileSync(
        join(own, "src/features/mail/planted-back-edge.ts"),
        'export { runHousekeeping } from "../housekeeping";\n',
      );
      const forced = run("baseline", own, ["--accept-new"]);
      expect(forced.out).toMatch(/1 new back-edge\(s\) NOT added, never accepted/);
      expect(forced.status).toBe(1);
      expect(readFileSync(baseline, "utf8")).toBe(known);

      const { status, out } = run("check", own);
      expect(status).toBe(1);
      expect(out).toMatch(/deps:check: 1 new violation\(s\), 0 stale/);
      const planted = about(out, "src/features/mail/planted-back-edge.ts");
      expect(planted).toContain('"../housekeeping" (src/features/housekeeping/index.ts)');
      expect(planted).toContain("rule feature-order:mail");
      expect(planted).toMatch(/closes a cycle between features: mail -> housekeeping -> .*mail/);
    } finally {
      rmSync(own, { recursive: true, force: true });
    }
  });
});
