import { defineConfig, devices } from "@playwright/test";

/**
 * Browser tests run against the real stack: the production build served by `netlify serve` with
 * its functions and a fresh embedded database (scripts/dev.ts --serve). Chromium comes from the
 * system (CHROMIUM_PATH, default /usr/bin/chromium); Playwright never downloads a browser here.
 */
const port = Number(process.env.E2E_PORT ?? 8899);
export const baseURL = process.env.E2E_BASE_URL ?? `http://localhost:${port}`;
/** The stack sends its e-mail here; tests/e2e/mail-booking.spec.ts listens on it. */
export const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 2526);

/**
 * The spam guard's minimum fill time on the test stack (FORM_MIN_FILL_MS; production: 3 s). The
 * islands wait out the rest of it before sending, so no test waits like a person; the production
 * value is proven in tests/unit/api-helpers.test.ts and tests/integration/api-submissions.test.ts.
 */
export const formMinFillMs = 1000;

/** Chromium from the system, kept off the network; shared with playwright.dev.config.ts. */
export const chromiumArgs = [
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  // Chromium reaches for Google hosts on its own; keep it on this machine.
  "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1 , EXCLUDE localhost",
];

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  // Two browsers at a time. The local stack (netlify serve) starts a fresh worker for every
  // function call; each call's cold start is about 0.3 s since drizzle-orm loads as CommonJS
  // (docs/decisions/021-functions-cold-start.md). At 1 s each, an admin dialog's five calls at
  // once from two browsers on a 2-core machine went over the admin's 20 s limit.
  workers: 2,
  // One retry in CI, reported as "flaky" in the summary, never hidden. The flakes we used to see
  // came from the stock pglite-socket queue interleaving clients on PGlite's one session (08P01,
  // 26000, a stalled queue); scripts/lib/pglite-server.ts fixes that (docs/decisions/010). A test
  // that fails twice still fails.
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  // `npm test` (scripts/test.mjs) also asks for a JSON report, for its slowest-tests list and totals.
  reporter: [
    ["list"],
    ...(process.env.PLAYWRIGHT_JSON_OUTPUT_FILE
      ? [["json", { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE }] as const]
      : []),
  ],
  use: {
    baseURL,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: chromiumArgs,
    },
  },
  projects: [
    {
      name: "chromium",
      use: { ...devices["Desktop Chrome"] },
      testIgnore: /(admin-password|reviews-verified|quotes-admin|quotes-customer|diary-lifecycle)\.spec\.ts$/,
      teardown: "admin-password",
    },
    // The verified-review journey and tests/e2e/mail-booking.spec.ts both catch the stack's e-mail
    // on the one SMTP port the stack sends to, so this one runs after the chromium project.
    {
      name: "reviews",
      use: { ...devices["Desktop Chrome"] },
      testMatch: /reviews-verified\.spec\.ts$/,
      dependencies: ["chromium"],
      teardown: "admin-password",
    },
    // The owner's quotes and the customer's quote journeys catch the stack's e-mail on that same
    // SMTP port too: one after the other, after the reviews, so no two files bind it at once.
    {
      name: "quotes-admin",
      use: { ...devices["Desktop Chrome"] },
      testMatch: /quotes-admin\.spec\.ts$/,
      dependencies: ["reviews"],
      teardown: "admin-password",
    },
    {
      name: "quotes-customer",
      use: { ...devices["Desktop Chrome"] },
      testMatch: /quotes-customer\.spec\.ts$/,
      dependencies: ["quotes-admin"],
      teardown: "admin-password",
    },
    // The owner's diary catches the customer's e-mail on that same SMTP port: after the quotes.
    {
      name: "diary",
      use: { ...devices["Desktop Chrome"] },
      testMatch: /diary-lifecycle\.spec\.ts$/,
      dependencies: ["quotes-customer"],
      teardown: "admin-password",
    },
    // The smoke test (tests/smoke) on the production build; playwright.dev.config.ts runs it on
    // `npm run dev`.
    {
      name: "smoke",
      testDir: "tests/smoke",
      use: { ...devices["Desktop Chrome"] },
      teardown: "admin-password",
    },
    // Changing the admin password signs every other admin session out, including the ones other
    // suites use to check their rows, so that suite runs on its own after all the others (a
    // project teardown runs whether or not they passed).
    { name: "admin-password", use: { ...devices["Desktop Chrome"] }, testMatch: /admin-password\.spec\.ts$/ },
  ],
  ...(process.env.E2E_BASE_URL
    ? {}
    : {
        webServer: {
          command: `npx tsx scripts/dev.ts --serve --port ${port} --data-dir .data/e2e --fresh`,
          url: `${baseURL}/api/health`,
          // `netlify serve` builds the site first: about a minute idle, several on a busy machine.
          timeout: 600_000,
          reuseExistingServer: !process.env.CI,
          env: {
            ...(process.env as Record<string, string>),
            SMTP_URL: `smtp://127.0.0.1:${smtpPort}?tls=off`,
            // Every test runs from 127.0.0.1; each names its own client in X-Simulated-Client
            // (tests/e2e/forms-support.ts; the local proxy overwrites X-Forwarded-For), which the server reads only with this switch.
            SIMULATE_CLIENTS: "1",
            FORM_MIN_FILL_MS: String(formMinFillMs),
          },
          stdout: "pipe",
          stderr: "pipe",
        },
      }),
});
