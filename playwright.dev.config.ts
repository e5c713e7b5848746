import { defineConfig, devices } from "@playwright/test";
import { chromiumArgs } from "./playwright.config";

/**
 * The smoke test (tests/smoke) against `npm run dev` exactly as the README starts it: the Astro
 * dev server with the functions in its process on the default port 8888, a fresh data folder,
 * the admin password the runner prints (tests/smoke/dev-stack-setup.ts).
 * `SMOKE_BASE_URL=http://localhost:8888` tests a stack you started yourself.
 */
export const devPort = 8888;
const baseURL = process.env["SMOKE_BASE_URL"] ?? `http://localhost:${devPort}`;

export default defineConfig({
  testDir: "tests/smoke",
  // Its own folder: the browser suite may run at the same time, and each run empties its output
  // folder as it starts (a shared one lost this run's trace files mid-test).
  outputDir: "test-results/smoke-dev",
  globalSetup: "./tests/smoke/dev-stack-setup.ts",
  // One at a time: the dev server compiles each page on its first request.
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
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env["CHROMIUM_PATH"] ?? "/usr/bin/chromium",
      args: chromiumArgs,
    },
  },
  projects: [{ name: "smoke-dev", use: { ...devices["Desktop Chrome"] } }],
});
