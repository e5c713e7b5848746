/**
 * The size and unused-export checks of `npm run check` (scripts/size-check.ts,
 * scripts/exports-check.ts; docs/decisions/068-small-pieces-checked.md): the real scripts, run on a
 * temporary copy of the code. With planted violations each check fails and names them, and leaves
 * alone what its rule does not cover.
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../", import.meta.url));
const tsx = join(root, "node_modules/.bin/tsx");
const copy = mkdtempSync(join(tmpdir(), "kh-code-checks-"));

function run(script: string, where = copy): { status: number | null; out: string } {
  const result = spawnSync(tsx, [script, "--root", where], { cwd: root, encoding: "utf8", timeout: 120_000 });
  return { status: result.status, out: `${result.stdout}${result.stderr}` };
}

function plant(path: string, text: string): void {
  mkdirSync(dirname(join(copy, path)), { recursive: true });
  writeFileSync(join(copy, path), text);
}

/** `count` lines of statements. */
const statements = (count: number) => Array.from({ length: count }, (_, i) => `  total += ${i};`).join("\n");

beforeAll(() => {
  for (const path of ["src", "netlify", "tests", "scripts", "integrations"])
    cpSync(join(root, path), join(copy, path), { recursive: true });
  symlinkSync(join(root, "node_modules"), join(copy, "node_modules"), "dir");
});
afterAll(() => rmSync(copy, { recursive: true, force: true }));

// Each run starts the real script through tsx and parses every source file: seconds, more on a
// busy machine.
// The checks on the code as it is run in `npm run check`; here the counts are exact, so a copy that
// failed for any other reason would fail the tests too.
describe("size and export checks", { timeout: 240_000 }, () => {
  it("size-check fails on a long component and a long server function, naming each with its size", () => {
    const jsx = Array.from({ length: 248 }, (_, i) => `      <p>line ${i}</p>`).join("\n");
    plant(
      "src/features/requests/screens/PlantedBig.tsx",
      `export function PlantedBig() {\n  return (\n    <div>\n${jsx}\n    </div>\n  );\n}\n` +
        // Not a component (no JSX) and in a screens folder: neither limit applies.
        `export function plantedHelper(total = 0) {\n${statements(300)}\n  return total;\n}\n`,
    );
    plant(
      "src/platform/planted-long.ts",
      `export function plantedLong(total = 0) {\n${statements(78)}\n  return total;\n}\n`,
    );
    plant(
      "netlify/functions/planted.mts",
      `export default async () => {\n  let total = 0;\n${statements(79)}\n  return new Response(String(total));\n};\n`,
    );
    plant(
      "src/features/requests/screens/planted-screen-helper.ts",
      `export function plantedScreenHelper(total = 0) {\n${statements(120)}\n  return total;\n}\n`,
    );
    plant(
      "src/platform/planted-short.ts",
      `export function plantedShort(total = 0) {\n${statements(78)}\n}\n`,
    );
    const { status, out } = run("scripts/size-check.ts");
    expect(status).toBe(1);
    expect(out).toContain(
      "src/features/requests/screens/PlantedBig.tsx:1: PlantedBig is 254 lines (limit 250)",
    );
    expect(out).toContain("src/platform/planted-long.ts:1: plantedLong is 81 lines (limit 80)");
    expect(out).toMatch(/netlify\/functions\/planted\.mts:1: default export is 83 lines \(limit 80\)/);
    expect(out).not.toContain("plantedHelper");
    expect(out).not.toContain("plantedScreenHelper");
    expect(out).not.toContain("plantedShort");
    expect(out).toMatch(/components: 1 over 250 lines/);
    expect(out).toMatch(/server functions: 2 over 80 lines/);
  });

  it("exports-check fails on an export nobody imports, and follows imports and re-exports", () => {
    plant(
      "src/platform/planted-exports.ts",
      [
        "export const plantedUnused = 1;",
        "export type PlantedUnusedType = { a: number };",
        "export const plantedImported = 2;",
        "export const plantedReexported = 3;",
        "export const plantedByTest = 4;",
        "export const plantedReadHere = 5;",
        "export const total = plantedReadHere + 1;",
      ].join("\n") + "\n",
    );
    plant("src/platform/planted-face.ts", 'export { plantedReexported, total } from "./planted-exports";\n');
    plant(
      "src/platform/planted-reader.ts",
      'import { plantedImported } from "./planted-exports";\nimport { plantedReexported } from "./planted-face";\n' +
        "export default function plantedReader() {\n  return plantedImported + plantedReexported;\n}\n",
    );
    plant(
      "scripts/planted-user.ts",
      'import reader from "../src/platform/planted-reader";\nconsole.log(reader());\n',
    );
    plant(
      "tests/unit/planted.test.ts",
      'import { plantedByTest } from "../../src/platform/planted-exports";\nconsole.log(plantedByTest);\n',
    );
    const { status, out } = run("scripts/exports-check.ts");
    expect(status).toBe(1);
    expect(out).toContain(
      "src/platform/planted-exports.ts:1: plantedUnused is exported but no other file imports it",
    );
    expect(out).toContain("src/platform/planted-exports.ts:2: PlantedUnusedType is exported");
    // Re-exported by the face, but imported from it by nobody.
    expect(out).toContain(
      "src/platform/planted-exports.ts:7: total is exported but no other file imports it",
    );
    for (const used of [
      "plantedImported",
      "plantedReexported",
      "plantedByTest",
      "plantedReadHere",
      "plantedReader",
    ])
      expect(out).not.toContain(`${used} is exported`);
    // The size test's planted files share the copy; count only this test's.
    const ours = out
      .split("\n")
      .filter((line) => /^src\/platform\/planted-(exports|face|reader)\.ts:/.test(line));
    expect(ours).toHaveLength(3);
  });
});
