/**
 * Helpers for the admin browser tests. Tests own their data: every name carries a unique suffix
 * and is seeded through the public API, the way a visitor would create it.
 */
import { readLocalAdminPassword } from "../../scripts/lib/admin-password";
import { baseURL, e2eDataDir } from "../../playwright.config";
import { offeredDates } from "../helpers/dates";
import { mailTo, pagePath } from "./mailbox";
import { windowInstants } from "../../src/features/appointments/window-instants";
import { dateInZone } from "../../src/platform/time";
import {
  expect,
  test as base,
  type APIRequestContext,
  type APIResponse,
  type BrowserContext,
  type Locator,
  type Page,
} from "@playwright/test";

/**
 * The admin password of the stack under test: E2E_ADMIN_PASSWORD when set (a stack you started
 * yourself, E2E_BASE_URL), else the random one the runner made for the suite's data folder
 * (`.data/e2e`, playwright.config.ts), read the documented way (scripts/lib/admin-password.ts,
 * `npm run admin:password`). Read when a test signs in: the stack makes it as it starts, after the
 * test files are loaded.
 */
export function adminPassword(): string {
  const fromEnv = process.env["E2E_ADMIN_PASSWORD"];
  if (fromEnv) return fromEnv;
  const kept = readLocalAdminPassword(e2eDataDir);
  if (!kept) throw new Error(`no admin password kept for ${e2eDataDir}: did the stack start?`);
  return kept;
}

/**
 * Whether today's "any time" window (Europe/London) still has a few minutes to run: a window that
 * has ended can no longer be confirmed (409 `window_passed`), only recorded as done already. A test
 * of today's visit reads the clock once and takes the path the owner would at this hour.
 */
export function todaysWindowOpen(at = new Date()): boolean {
  return windowInstants(dateInZone(at), "any").end.getTime() - at.getTime() > 2 * 60_000;
}

/**
 * A client address of its own: sign-ins and public forms are rate-limited per client, and every
 * test runs from 127.0.0.1. Sent as X-Simulated-Client, which the API reads only when the stack runs
 * with SIMULATE_CLIENTS=1 (playwright.config.ts); on Netlify only the connection's address counts
 * (src/platform/http/request.ts).
 */
export function clientIp(): string {
  const n = () => 1 + Math.floor(Math.random() * 254);
  return `10.${n()}.${n()}.${n()}`;
}

let counter = 0;
/** A unique, human-looking name (letters only, so every schema accepts it). */
export function uniqueName(first: string): string {
  const letters = (Date.now() * 1000 + Math.floor(Math.random() * 1000) + counter++)
    .toString(26)
    .replace(/[0-9]/g, (d) => "abcdefghij"[Number(d)] ?? "a");
  return `${first} Adm${letters}`;
}

/**
 * An e-mail address and a UK mobile number no other test uses, for a customer of the test's own:
 * customers are matched by either (docs/decisions/038-customers.md), so a shared default would
 * gather every test's requests, quotes and invoices on one customer.
 */
export function uniqueContact(name: string): { email: string; phone: string } {
  return { email: `${name.replace(/\s+/g, ".").toLowerCase()}@example.com`, phone: uniquePhone() };
}

/** A UK mobile number (07700 9xxxxx) that no other test uses. */
export const uniquePhone = () => `07700 9${String(Math.floor(Math.random() * 100_000)).padStart(5, "0")}`;

/** Fields the public forms' spam guard expects from a person (docs/decisions/004-spam-guard.md). */
const humanFields = () => ({ website: "", formStartedAt: Date.now() - 60_000 });

export async function seedReview(request: APIRequestContext, name: string): Promise<number> {
  const res = await request.post("/api/testimonials", {
    data: {
      name,
      location: "Kinghorn",
      rating: 5,
      text: `Sorted our sticking back door in no time. Review by ${name}.`,
      ...humanFields(),
    },
    headers: { "X-Simulated-Client": clientIp() },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

/**
 * Posts a booking (`data` without its dates) for the first offered day `accept` allows that still
 * has room: the suite shares one diary and other tests confirm visits, so a day already holding its
 * daily cap of confirmed visits is refused as fully booked and the next offered day is tried. The
 * 201 answer and the day it asked for.
 */
export async function bookWithRoom(
  request: APIRequestContext,
  data: Record<string, unknown>,
  window: "morning" | "afternoon" | "any" = "any",
  accept: (date: string) => boolean = () => true,
): Promise<{ response: APIResponse; date: string }> {
  const days = offeredDates()
    .map((d) => d.date)
    .filter(accept)
    .slice(0, 10);
  for (const date of days) {
    const response = await request.post("/api/bookings", {
      data: { ...data, preferredOptions: [{ date, window }] },
      headers: { "X-Simulated-Client": clientIp() },
    });
    const body = await response.text();
    if (response.status() === 422 && body.includes("fully booked")) continue;
    expect(response.status(), body).toBe(201);
    return { response, date };
  }
  throw new Error("No day in the next ten offered days has room for a booking");
}

/** `bookWithRoom` when the test asserts nothing about the day: the 201 answer. */
export async function postBookingWithRoom(
  request: APIRequestContext,
  data: Record<string, unknown>,
  window: "morning" | "afternoon" | "any" = "any",
  accept: (date: string) => boolean = () => true,
): Promise<APIResponse> {
  return (await bookWithRoom(request, data, window, accept)).response;
}

/**
 * A booking for the first offered day `accept` allows that has room (`bookWithRoom`), then a
 * one-line quote for it (£120.00) written and sent by the owner through the admin API; the
 * request's id, the booked day and the path of the customer's page from the quote's e-mail.
 */
export async function sentQuote(
  request: APIRequestContext,
  owner: { header: string },
  o: { name: string; email: string; accept: (date: string) => boolean },
): Promise<{ id: number; day: string; path: string }> {
  const { response, date: day } = await bookWithRoom(
    request,
    {
      name: o.name,
      email: o.email,
      phone: "07700 900655",
      address: "7 Links Street, Kirkcaldy KY1 1QH",
      service: "plumbing-heating",
      message: `The bath tap drips (${o.name}).`,
      ...humanFields(),
    },
    "morning",
    o.accept,
  );
  const id = ((await response.json()) as { id: number }).id;
  const headers = { Cookie: owner.header, Origin: new URL(baseURL).origin, "X-Simulated-Client": clientIp() };
  const created = await request.post(`/api/admin/submissions/${id}/quotes`, {
    data: { lines: [{ description: "Replace the bath tap", quantity: 1, unitPence: 12_000 }] },
    headers,
  });
  expect(created.status(), await created.text()).toBe(201);
  const quoteId = ((await created.json()) as { quote: { id: number } }).quote.id;
  const sent = await request.post(`/api/admin/quotes/${quoteId}/send`, { headers });
  expect(sent.status(), await sent.text()).toBe(200);
  return { id, day, path: pagePath(await mailTo(o.email, /Your quote from/)) };
}

/**
 * A booking through the public API, as a visitor sends it, for the first day customers can book
 * that has room (`postBookingWithRoom`); its id. `o` sets the contact details a test looks for.
 */
export async function seedBooking(
  request: APIRequestContext,
  name: string,
  o: { email?: string; phone?: string; address?: string; message?: string } = {},
): Promise<number> {
  const res = await postBookingWithRoom(request, {
    name,
    email: o.email ?? "booking.test@example.com",
    phone: o.phone ?? "07700 900321",
    address: o.address ?? "3 Harbour Road, Kinghorn KY3 9XX",
    service: "plumbing-heating",
    message: o.message ?? `The boiler pressure keeps dropping (${name}).`,
    ...humanFields(),
  });
  return ((await res.json()) as { id: number }).id;
}

export async function seedContact(request: APIRequestContext, name: string): Promise<void> {
  const res = await request.post("/api/contact", {
    data: {
      name,
      email: "contact.test@example.com",
      phone: "0131 496 0999",
      message: `Do you hang wallpaper on ceilings? (${name})`,
      ...humanFields(),
    },
    headers: { "X-Simulated-Client": clientIp() },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/**
 * Signs in through the API as a new device and returns the session cookie's name and value. A
 * request context keeps the cookies its answers set and sends them on; a sign-in that carries a
 * session ends it (one live token per device), so without the empty Cookie header a second
 * sign-in in one test would end the first: the worker's shared session or a test's own.
 */
export async function apiSignIn(
  request: APIRequestContext,
  baseURL: string,
  password = adminPassword(),
): Promise<{ name: string; value: string; header: string }> {
  const res = await request.post("/api/admin/session", {
    data: { password },
    headers: { Origin: new URL(baseURL).origin, "X-Simulated-Client": clientIp(), Cookie: "" },
  });
  expect(res.status(), await res.text()).toBe(200);
  const pair = (res.headers()["set-cookie"] ?? "").split(";")[0] ?? "";
  const eq = pair.indexOf("=");
  expect(eq).toBeGreaterThan(0);
  return { name: pair.slice(0, eq), value: pair.slice(eq + 1), header: pair };
}

let workerSession: { name: string; value: string; header: string } | undefined;

/**
 * Puts an admin session into the browser context, as signing in would. One API sign-in per
 * worker: every test runs from 127.0.0.1, and the stack counts sign-ins per client.
 */
export async function signedIn(context: BrowserContext, request: APIRequestContext, baseURL: string) {
  workerSession ??= await apiSignIn(request, baseURL);
  await context.addCookies([
    {
      name: workerSession.name,
      value: workerSession.value,
      url: baseURL,
      httpOnly: true,
      sameSite: "Strict",
    },
  ]);
  return workerSession;
}

/** Gives the page its own client address for every request it makes. */
export async function ownClient(page: Page): Promise<void> {
  await page.setExtraHTTPHeaders({ "X-Simulated-Client": clientIp() });
}

/**
 * Playwright's `test` with the signed-in owner: `ownerPage` is the test's page with a client address
 * of its own (`ownClient`) and the worker's admin session in its context (`signedIn`); `owner` is
 * that session, for the API calls a test makes as the owner (`owner.header` is its Cookie).
 *
 *   test("…", async ({ ownerPage: page, request, owner }) => { await page.goto("/admin"); … });
 */
export const test = base.extend<{ owner: Awaited<ReturnType<typeof signedIn>>; ownerPage: Page }>({
  owner: async ({ context, request, baseURL }, use) => {
    await use(await signedIn(context, request, baseURL!));
  },
  ownerPage: async ({ page, owner }, use) => {
    void owner; // named so that the session is in the page's context before the test starts
    await ownClient(page);
    await use(page);
  },
});

/** The toast outlet (sonner renders toasts in a labelled region). */
export function toasts(page: Page) {
  return page.getByRole("region", { name: /Notifications/ });
}

/**
 * Opens one of a request's sections (src/features/requests/screens/RequestSections.tsx) if it is
 * closed: on a phone "Contact details", "Progress, history and notes" and "Review invitation"
 * start closed; on a wide screen every section starts open.
 */
export async function openSection(dialog: Locator, title: string): Promise<void> {
  const summary = dialog.locator("summary").filter({ hasText: title });
  await expect(summary).toBeVisible();
  const open = await summary.evaluate((s) => (s.parentElement as HTMLDetailsElement).open);
  if (!open) await summary.click();
  await expect(summary.locator("xpath=..")).toHaveAttribute("open", "");
}

/**
 * Goes to an admin screen through the navigation, as the owner would: its link in the navigation
 * (the desktop row, or the phone's bottom bar), or else in the phone's "More" sheet.
 */
export async function navigateTo(page: Page, label: string): Promise<void> {
  const nav = page.getByRole("navigation", { name: "Admin" });
  const direct = nav.getByRole("link", { name: label, exact: true });
  await expect(
    nav
      .getByRole("link")
      .or(nav.getByRole("button", { name: "More" }))
      .first(),
  ).toBeVisible();
  if (await direct.isVisible()) {
    await direct.click();
    return;
  }
  await nav.getByRole("button", { name: "More" }).click();
  const sheet = page.getByRole("dialog", { name: "More" });
  await sheet.getByRole("link", { name: label, exact: true }).click();
  await expect(sheet).toBeHidden();
}
