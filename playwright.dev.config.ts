import { defineConfig, devices } from "@playwright/test";
import { chromiumArgs, testChromium } from "./playwright.config";

/**
 * The smoke test (tests/smoke) against a local stack started exactly as the guide starts it, with a
 * fresh data folder and the admin password the runner prints (tests/smoke/dev-stack-setup.ts):
 *
 * - `SMOKE_DEV_MODE` unset or `dev`: `npm run dev`, the Astro dev server with the functions in its
 *   process, on the default port 8888;
 * - `SMOKE_DEV_MODE=netlify`: `npm run dev -- --netlify`, Netlify's own `netlify dev` (a fresh
 *   worker per function call), on port 8886 so it can run beside the stack test on 8888.
 *
 * `SMOKE_DEV_PORT` moves either to another port; `SMOKE_BASE_URL=http://localhost:8888` tests a
 * stack you started yourself (and starts nothing).
 */
export const devPort = 8888;
/** Which local path the smoke test starts. */
export const smokeMode: "dev" | "netlify" = process.env["SMOKE_DEV_MODE"] === "netlify" ? "netlify" : "dev";
/** The port the started stack listens on. */
export const smokePort = Number(process.env["SMOKE_DEV_PORT"] ?? (smokeMode === "netlify" ? 8886 : devPort));
const baseURL = process.env["SMOKE_BASE_URL"] ?? `http://localhost:${smokePort}`;

export default defineConfig({
  testDir: "tests/smoke",
  // Its own folder: the browser suite may run at the same time, and each run empties its output
  // folder as it starts (a shared one lost this run's trace files mid-test).
  outputDir: `test-results/smoke-${smokeMode}`,
  globalSetup: "./tests/smoke/dev-stack-setup.ts",
  // One at a time: the dev server compiles each page on its first request (and `netlify dev`
  // starts a worker for every function call).
  workers: 1,
  retries: process.env["CI"] ? 1 : 0,
  timeout: 180_000,
  reporter: [
    ["list"],
    ...(process.env["PLAYWRIGHT_JSON_OUTPUT_FILE"]
      ? [["json", { outputFile: process.env["PLAYWRIGHT_JSON_OUTPUT_FILE"] }] as const]
      : []),
  ],
  use: {
    baseURL,
    // A trace is recorded on a failed test's retry, not on every test: recording one for every
    // test (to keep the failures') cost more CPU than the browser's own work
    // (docs/decisions/078-headless-shell-for-tests.md).
    trace: "on-first-retry",
    launchOptions: {
      executablePath: testChromium,
      args: chromiumArgs,
    },
  },
  projects: [{ name: `smoke-${smokeMode}`, use: { ...devices["Desktop Chrome"] } }],
});
