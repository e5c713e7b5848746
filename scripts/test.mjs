#!/usr/bin/env node
/**
 * `npm test`: every test, in the order that fails fastest.
 *  1. `npm run check`: types (astro check), lint (eslint, including the layer rules that keep server code
 *     out of browser code) and formatting (prettier --check); a violation fails the run;
 *  2. unit and integration tests (Vitest) on in-process PGlite;
 *  3. the data-layer and API suite again on a throwaway real PostgreSQL server, when one is installed;
 *  4. the production build and its checks (valid HTML, every internal link resolves);
 *  5. browser tests (Playwright + Chromium) against the real stack: the production build (with the
 *     smoke test), then the smoke test again against `npm run dev` as the README starts it.
 * Set SKIP_POSTGRES=1 or SKIP_E2E=1 to leave a stage out locally; CI runs them all.
 */
import { spawnSync } from "node:child_process";

const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: "1", ASTRO_DISABLE_UPDATE_CHECK: "true" };

function run(label, cmd, args, extraEnv = {}) {
  const started = Date.now();
  console.log(`\n=== ${label} ===`);
  const result = spawnSync(cmd, args, { stdio: "inherit", env: { ...env, ...extraEnv } });
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n✗ ${label} failed after ${secs}s`);
    process.exit(result.status ?? 1);
  }
  console.log(`✓ ${label} (${secs}s)`);
}

run("check (types, lint, formatting)", "npm", ["run", "check"]);
run("unit + integration (PGlite)", "npx", ["vitest", "run"]);
if (!process.env.SKIP_POSTGRES) {
  run("integration (PostgreSQL server)", "npx", [
    "tsx",
    "scripts/with-postgres.ts",
    "npx",
    "vitest",
    "run",
    "--project",
    "integration",
  ]);
}
run("build", "npx", ["astro", "build"]);
run("build checks", "node", ["scripts/check-build.mjs"]);
if (!process.env.SKIP_E2E) {
  run("browser tests (Playwright)", "npx", ["playwright", "test"]);
  run("smoke test on `npm run dev` (Playwright)", "npx", [
    "playwright",
    "test",
    "-c",
    "playwright.dev.config.ts",
  ]);
}
