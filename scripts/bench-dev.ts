/**
 * `npm run bench:dev`: how long the running local stack takes for what a person does most, each
 * timed one after the other (default 10 times):
 *  - a booking post (`POST /api/bookings` with JSON, as the island sends it) until its 201;
 *  - the admin's first screen, signed in: from navigating to /admin until the dashboard shows its
 *    counts (the page, its scripts, the session check and the summary call, which the admin makes
 *    at the same time), in Chromium, with the page load and each call on its own;
 *  - the same for the inbox: from navigating to /admin/submissions until its first row shows;
 *  - opening the first request from the inbox: until its dialog shows, and until its history does.
 * Prints p50, min and max. It writes booking rows, so point it at a throwaway stack:
 *   npm run dev -- --data-dir .data/bench --fresh     (in another terminal)
 *   npm run bench:dev                                  (BENCH_BASE_URL, BENCH_RUNS, BENCH_DATA_DIR)
 * It signs in with the password the stack made for that data folder (BENCH_DATA_DIR, default
 * .data/bench; `npm run admin:password`), or BENCH_ADMIN_PASSWORD when set.
 */
import { chromium, type Request } from "@playwright/test";
import { bookableDates } from "../src/features/appointments";
import { readLocalAdminPassword } from "./lib/admin-password";

const base = process.env["BENCH_BASE_URL"] ?? "http://localhost:8888";
const runs = Number(process.env["BENCH_RUNS"] ?? 10);
const dataDir = process.env["BENCH_DATA_DIR"] ?? ".data/bench";
const password = process.env["BENCH_ADMIN_PASSWORD"] ?? readLocalAdminPassword(dataDir);
if (!password) {
  console.error(`bench-dev: no admin password for ${dataDir}; start the stack on it first (see the header)`);
  process.exit(1);
}

const randomIp = () => `10.${[0, 0, 0].map(() => 1 + Math.floor(Math.random() * 254)).join(".")}`;

function summary(label: string, ms: number[]): string {
  const sorted = [...ms].sort((a, b) => a - b);
  const mid = sorted.length / 2;
  const p50 = sorted.length % 2 ? sorted[Math.floor(mid)]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return `${label}: p50 ${Math.round(p50)} ms, min ${Math.round(sorted[0]!)} ms, max ${Math.round(sorted.at(-1)!)} ms (n=${ms.length}; first ${Math.round(ms[0]!)} ms)`;
}

async function bookingPost(i: number): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${base}/api/bookings`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Simulated-Client": randomIp() },
    body: JSON.stringify({
      name: `Bench Booking ${"abcdefghij"[i % 10]}`,
      email: "bench@example.com",
      phone: "07700 900123",
      address: "1 Bench Road, Kirkcaldy KY1 1AA",
      service: "plumbing-heating",
      preferredOptions: [{ date: bookableDates({ now: new Date() })[0]!.date, window: "any" }],
      message: "A benchmark booking from scripts/bench-dev.ts.",
      website: "",
      formStartedAt: Date.now() - 60_000,
    }),
  });
  const ms = performance.now() - started;
  if (response.status !== 201)
    throw new Error(`booking answered ${response.status}: ${await response.text()}`);
  return ms;
}

const health = await fetch(`${base}/api/health`).catch(() => null);
if (health?.status !== 200) {
  console.error(`bench-dev: ${base}/api/health does not answer 200; start the stack first (see the header)`);
  process.exit(1);
}

const bookings: number[] = [];
for (let i = 0; i < runs; i++) bookings.push(await bookingPost(i));

const browser = await chromium.launch({
  executablePath: process.env["CHROMIUM_PATH"] ?? "/usr/bin/chromium",
  args: ["--disable-gpu", "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1 , EXCLUDE localhost"],
});
const context = await browser.newContext({
  baseURL: base,
  extraHTTPHeaders: { "X-Simulated-Client": randomIp() },
});
const signIn = await context.request.post("/api/admin/session", {
  data: { password },
  headers: { Origin: new URL(base).origin },
});
if (signIn.status() !== 200) throw new Error(`sign-in answered ${signIn.status()}: ${await signIn.text()}`);
const firstScreen: number[] = [];
const pageLoad: number[] = [];
const inboxScreen: number[] = [];
const requestShown: number[] = [];
const requestLoaded: number[] = [];
const apiCalls: Record<string, number[]> = {
  "/api/admin/session": [],
  "/api/admin/summary": [],
  "/api/admin/submissions": [],
};
const recordCall = (request: Request) =>
  apiCalls[new URL(request.url()).pathname]?.push(request.timing().responseEnd);
for (let i = 0; i < runs; i++) {
  const page = await context.newPage();
  page.on("requestfinished", recordCall);
  const started = performance.now();
  await page.goto("/admin", { waitUntil: "load" });
  pageLoad.push(performance.now() - started);
  await page.getByText(/\d+ in total, \d+ unread/).waitFor({ timeout: 60_000 });
  firstScreen.push(performance.now() - started);
  await page.close();
  const inbox = await context.newPage();
  inbox.on("requestfinished", recordCall);
  const inboxStarted = performance.now();
  await inbox.goto("/admin/submissions", { waitUntil: "commit" });
  await inbox
    .locator("tbody tr")
    .first()
    .or(inbox.getByText("No form submissions found"))
    .waitFor({ timeout: 60_000 });
  inboxScreen.push(performance.now() - inboxStarted);
  // Opening a request from the inbox: its dialog (drawn at once from the row the inbox has), then
  // its history, which needs the request's own calls.
  const view = inbox.getByRole("button", { name: /^View details for / }).first();
  if (await view.isVisible()) {
    const openStarted = performance.now();
    await view.click();
    const dialog = inbox.getByRole("dialog", { name: "Appointment Request" });
    await dialog.waitFor({ timeout: 60_000 });
    requestShown.push(performance.now() - openStarted);
    await dialog.getByTestId("request-history").getByRole("listitem").first().waitFor({ timeout: 60_000 });
    requestLoaded.push(performance.now() - openStarted);
  }
  await inbox.close();
}
await browser.close();

console.log(`bench-dev against ${base}`);
console.log(summary("booking post", bookings));
console.log(summary("admin first screen", firstScreen));
console.log(`  ${summary("page and its scripts loaded", pageLoad)}`);
console.log(summary("admin inbox first screen (first row shown)", inboxScreen));
if (requestShown.length > 0) {
  console.log(summary("a request opened from the inbox: dialog shown", requestShown));
  console.log(summary("a request opened from the inbox: its history shown", requestLoaded));
}
for (const [path, ms] of Object.entries(apiCalls)) console.log(`  ${summary(`GET ${path}`, ms)}`);
