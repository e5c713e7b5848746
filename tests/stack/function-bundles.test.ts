/**
 * The functions as Netlify ships them: bundled by zip-it-and-ship-it with the [functions] settings
 * of netlify.toml, into a directory with no node_modules above it (as on Netlify, where only the
 * traced files exist). Locally `netlify dev` and `netlify serve` run the bundles inside the
 * project, where a file the tracer missed is still found in the project's own node_modules; here
 * it is not. Each bundle must load, and so must the packages its code imports on first use
 * (drizzle-orm's CommonJS build, sharp, nodemailer: docs/decisions/021-functions-cold-start.md).
 */
import { resolveConfig } from "@netlify/config";
import { zipFunction } from "@netlify/zip-it-and-ship-it";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = process.cwd();
let out: string;

beforeAll(() => {
  out = mkdtempSync(join(tmpdir(), "kh-functions-"));
});
afterAll(() => rmSync(out, { recursive: true, force: true }));

/** netlify.toml's [functions] block, in the names zip-it-and-ship-it takes. */
async function functionsConfig() {
  const { config } = await resolveConfig({ offline: true, cwd: root });
  const all = (config.functions as Record<string, Record<string, unknown>>)["*"] ?? {};
  return {
    "*": {
      nodeBundler: all["node_bundler"] as "esbuild",
      externalNodeModules: all["external_node_modules"] as string[],
      includedFiles: all["included_files"] as string[],
    },
  };
}

async function bundle(name: string): Promise<string> {
  const result = await zipFunction(join(root, "netlify/functions", `${name}.mts`), out, {
    archiveFormat: "none",
    basePath: root,
    repositoryRoot: root,
    config: await functionsConfig(),
    featureFlags: { zisi_pure_esm: true, zisi_pure_esm_mjs: true },
  });
  expect(result?.runtimeAPIVersion).toBe(2);
  return result!.path;
}

/** Runs ES-module code with the bundle's directory as its only place to find packages. */
function runIn(dir: string, code: string) {
  const run = spawnSync(process.execPath, ["--input-type=module", "-e", code], {
    cwd: dir,
    encoding: "utf8",
    env: { PATH: process.env["PATH"] ?? "", NODE_PATH: "" },
    timeout: 60_000,
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe("function bundles as deployed", () => {
  it.each([
    ["bookings", "nodemailer", "typeof m.default.createTransport"],
    ["uploads", "sharp", "m.default.versions.vips"],
    ["admin-notes", "drizzle-orm/pg-core", "typeof m.pgTable"],
  ])(
    "%s loads on its own, and so does %s",
    async (name, lazy, probe) => {
      const dir = await bundle(name);
      const { status, output } = runIn(
        dir,
        [
          `const fn = await import("./netlify/functions/${name}.mjs");`,
          `if (typeof fn.default !== "function") throw new Error("no handler");`,
          // The package the code loads with require or import() on first use, resolved from here.
          `const { createRequire } = await import("node:module");`,
          `const { pathToFileURL } = await import("node:url");`,
          `const from = createRequire(process.cwd() + "/netlify/functions/${name}.mjs");`,
          `const m = await import(pathToFileURL(from.resolve(${JSON.stringify(lazy)})).href);`,
          `console.log("ok", ${probe});`,
        ].join("\n"),
      );
      expect(output).toMatch(/^ok \S+/m);
      expect(status).toBe(0);
      // The function file's bare import that plugs the owner's details into every answer
      // (src/features/business/http-facts.ts) survives bundling: src/features is marked free of
      // side effects for tree-shaking, except that file, which esbuild would otherwise drop.
      const code = readFileSync(join(dir, "netlify/functions", `${name}.mjs`), "utf8");
      // The registration call itself, not only the function's definition.
      expect(code).toMatch(/useBusinessFactSource\(\s*(?:async\s*)?\(\)\s*=>/);
    },
    120_000,
  );
});
