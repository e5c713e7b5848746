import { existsSync } from "node:fs";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

/**
 * Browser tests run against the real stack: the production build (`astro build`) and every function
 * handler, served on one port by scripts/lib/site-host.ts (`scripts/dev.ts --host`), with a fresh
 * embedded database. Netlify's own local tool (`netlify dev`, what `npm run dev` runs) is tested by the stack
 * test and the smoke test on `npm run dev` (docs/decisions/036-browser-test-host.md). Chromium comes
 * from the system (`testChromium` below); Playwright never downloads a browser.
 */
const port = Number(process.env.E2E_PORT ?? 8899);
export const baseURL = process.env.E2E_BASE_URL ?? `http://localhost:${port}`;
/**
 * The stack sends its e-mail here, to the suite's one SMTP server (tests/e2e/mail-catcher.ts), which
 * writes each message into `mailDir` for any test to read (tests/e2e/mailbox.ts).
 */
export const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 2526);
export const mailDir = path.resolve(`.data/e2e-mail-${smtpPort}`);
/**
 * The loopback push service's port (tests/e2e/admin-push.spec.ts): the stack takes a loopback push
 * endpoint only at LOCAL_PUSH_ORIGIN, so it must be known when the stack starts. E2E_PUSH_PORT, or
 * one picked here once (the workers inherit it).
 */
process.env.E2E_PUSH_PORT ??= String(20_000 + Math.floor(Math.random() * 20_000));
export const pushPort = Number(process.env.E2E_PUSH_PORT);
/** The stack's data folder; its random admin password is kept beside it (tests/e2e/admin-support.ts). */
export const e2eDataDir = ".data/e2e";

/**
 * Card payments on the test stack (docs/decisions/048-card-payments-stripe.md): the
 * Stripe-compatible test server (tests/e2e/stripe-host.ts) on this loopback port, which the site's
 * `stripe` client talks to (STRIPE_API_BASE) and whose checkout page posts signed events back.
 */
export const stripePort = Number(process.env.E2E_STRIPE_PORT ?? smtpPort + 10_000);
export const stripeWebhookSecret = "whsec_e2e_test_stack";

/**
 * The spam guard's minimum fill time on the test stack (FORM_MIN_FILL_MS; production: 3 s). The
 * islands wait out the rest of it before sending, so no test waits like a person; the production
 * value is proven in tests/unit/api-helpers.test.ts and tests/integration/api-submissions.test.ts.
 */
export const formMinFillMs = 1000;

/**
 * The full Chromium (CHROMIUM_PATH, default /usr/bin/chromium): the browser a person runs, for what
 * only it does (a service worker's notifications, tests/e2e/admin-push.spec.ts).
 */
export const fullChromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
/**
 * The browser every other test drives: Chromium's headless shell (Debian's
 * `chromium-headless-shell`, the same Blink and V8 without the desktop browser around them;
 * CHROMIUM_HEADLESS_SHELL_PATH) when it is installed, else the full Chromium. About a third less CPU
 * per test on the 2-core CI machine (docs/decisions/078-headless-shell-for-tests.md). Shared with
 * playwright.dev.config.ts.
 */
export const testChromium =
  process.env.CHROMIUM_HEADLESS_SHELL_PATH ??
  (existsSync("/usr/bin/chromium-headless-shell") ? "/usr/bin/chromium-headless-shell" : fullChromium);

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

/** The browser tests that run in the full Chromium (`fullChromium`). */
const pushSpec = /admin-push\.spec\.ts$/;

export default defineConfig({
  testDir: "tests/e2e",
  // Its own folder: the stack test's smoke run (playwright.dev.config.ts) may run at the same
  // time, and each run empties its output folder as it starts.
  outputDir: "test-results/e2e",
  fullyParallel: true,
  // Two browsers at a time: the machine has two cores, and `npm test` runs its other lane (the
  // Vitest suites) beside this one.
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
    // A trace is recorded on a failed test's retry, not on every test: recording one for every
    // test (to keep the failures') cost more CPU than the browser's own work
    // (docs/decisions/078-headless-shell-for-tests.md).
    trace: "on-first-retry",
    launchOptions: {
      executablePath: testChromium,
      args: chromiumArgs,
    },
  },
  projects: [
    {
      name: "chromium",
      use: { ...devices["Desktop Chrome"] },
      testIgnore: [/admin-password\.spec\.ts$/, pushSpec],
      teardown: "admin-password",
    },
    // A push message shown as a notification needs the full browser: the headless shell shows none.
    {
      name: "chromium-full",
      testMatch: pushSpec,
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: { executablePath: fullChromium, args: chromiumArgs },
      },
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
        webServer: [
          {
            // The suite's one SMTP server; it must listen before the stack's first e-mail.
            command: `npx tsx tests/e2e/mail-catcher.ts ${smtpPort} ${mailDir}`,
            port: smtpPort,
            timeout: 60_000,
            reuseExistingServer: !process.env.CI,
            stdout: "pipe",
            stderr: "pipe",
          },
          {
            command: `npx tsx tests/e2e/stripe-host.ts ${stripePort} ${baseURL}/api/payments/webhook/stripe ${stripeWebhookSecret}`,
            port: stripePort,
            timeout: 60_000,
            reuseExistingServer: !process.env.CI,
            stdout: "pipe",
            stderr: "pipe",
          },
          {
            command: `npx tsx scripts/dev.ts --host --port ${port} --data-dir ${e2eDataDir} --fresh`,
            url: `${baseURL}/api/health`,
            // The host builds the site first: about 15 s idle, a minute or more on a busy machine.
            timeout: 600_000,
            reuseExistingServer: !process.env.CI,
            env: {
              ...(process.env as Record<string, string>),
              SMTP_URL: `smtp://127.0.0.1:${smtpPort}?tls=off`,
              // Every test runs from 127.0.0.1; each names its own client in X-Simulated-Client
              // (tests/e2e/forms-support.ts), which the server reads only with this switch.
              SIMULATE_CLIENTS: "1",
              FORM_MIN_FILL_MS: String(formMinFillMs),
              // The suite sends hundreds of confirmations in a day; at the site's 100 the browser
              // check would start halfway through it (the check itself: tests/e2e/forms-challenge.spec.ts).
              MAIL_CONFIRMATIONS_PER_DAY: "5000",
              LOCAL_PUSH_ORIGIN: `http://127.0.0.1:${pushPort}`,
              STRIPE_SECRET_KEY: "sk_test_e2e_stack",
              STRIPE_WEBHOOK_SECRET: stripeWebhookSecret,
              STRIPE_API_BASE: `http://127.0.0.1:${stripePort}`,
            },
            // One JSON line per request is noise beside the test list; errors still show (stderr).
            stdout: "ignore",
            stderr: "pipe",
          },
        ],
      }),
});
