/**
 * Shared helpers for the forms and testimonials browser tests. Tests own their data:
 * every name carries a unique suffix, and checks look only for their own rows.
 */
import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { axeScanner } from "./page-checks";
import { offeredDates } from "../helpers/dates";

import { adminPassword } from "./admin-support";

/**
 * A client address of its own for each test: the API rate-limits public forms per client (ten posts
 * per ten minutes), and every test runs from 127.0.0.1. Sent as X-Simulated-Client, which the API
 * reads only when the stack runs with SIMULATE_CLIENTS=1 (playwright.config.ts; never on Netlify,
 * where the client is the connection's address: src/platform/http/request.ts).
 */
/**
 * The firm's phone as the pages and messages state it: the config's first number, or the one a test
 * of the Business details screen saved and published since (the suite shares one site, and that test
 * leaves its number in place), e.g. "0131 496 0472" or "01592 123456".
 */
export const sitePhone = /0\d{3,4} \d{3} ?\d{3,4}/;
/** A link whose whole name is the firm's phone. */
export const sitePhoneLink = new RegExp(`^${sitePhone.source}$`);

export function testClientIp(): string {
  const n = () => 1 + Math.floor(Math.random() * 254);
  return `10.${n()}.${n()}.${n()}`;
}

export const ownClientHeaders = () => ({ "X-Simulated-Client": testClientIp() });

/** How long to wait for an answer that went through the API: each call starts a function worker. */
export const serverTimeout = 25_000;

let counter = 0;
/** A unique, human-looking name: letters only, so every schema accepts it. */
export function uniqueName(first: string): string {
  const letters = (Date.now() * 1000 + Math.floor(Math.random() * 1000) + counter++)
    .toString(26)
    .replace(/[0-9]/g, (d) => "abcdefghij"[Number(d)] ?? "a");
  return `${first} Test${letters}`;
}

/**
 * Opens a form page and waits until its island has hydrated. The spam guard's minimum fill time
 * (src/lib/form-fields/spam-guard.ts) needs no waiting here: the test stack lowers it to
 * `formMinFillMs` (playwright.config.ts), and the island itself waits out whatever is left of it
 * before sending, as it does for a person using autofill.
 */
export async function goToForm(page: Page, path: string, action: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page, action);
}

/** Waits until the island holding the form that posts to `action` has hydrated. */
export async function waitForHydration(page: Page, action: string): Promise<void> {
  await page.waitForFunction((a) => {
    const island = document.querySelector(`form[action="${a}"]`)?.closest("astro-island");
    return island !== null && island !== undefined && !island.hasAttribute("ssr");
  }, action);
}

let cachedCookie: string | undefined;

/**
 * Signs in to the admin API once per worker (sign-ins are rate-limited per client) and returns a
 * Cookie header for further calls.
 */
export async function adminCookie(request: APIRequestContext, baseURL: string): Promise<string> {
  if (cachedCookie) return cachedCookie;
  const response = await request.post("/api/admin/session", {
    data: { password: adminPassword() },
    headers: { Origin: new URL(baseURL).origin, ...ownClientHeaders() },
  });
  expect(response.status(), await response.text()).toBe(200);
  const setCookie = response.headers()["set-cookie"] ?? "";
  const pair = setCookie.split(";")[0];
  expect(pair).toContain("=");
  cachedCookie = pair ?? "";
  return cachedCookie;
}

export interface StoredRequest {
  id: number;
  name: string;
  email: string;
  phone: string;
  message: string;
  formType: string;
  address: string | null;
  service: string | null;
}

export async function requestsNamed(
  request: APIRequestContext,
  baseURL: string,
  name: string,
): Promise<StoredRequest[]> {
  const cookie = await adminCookie(request, baseURL);
  const response = await request.get("/api/admin/submissions?type=all", { headers: { Cookie: cookie } });
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { submissions: StoredRequest[] };
  return body.submissions.filter((s) => s.name === name);
}

export interface StoredTestimonial {
  id: number;
  name: string;
  location: string;
  rating: number;
  text: string;
  approved: boolean;
}

export async function testimonialsNamed(
  request: APIRequestContext,
  baseURL: string,
  name: string,
): Promise<{ rows: StoredTestimonial[]; cookie: string }> {
  const cookie = await adminCookie(request, baseURL);
  const response = await request.get("/api/admin/testimonials", { headers: { Cookie: cookie } });
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { testimonials: StoredTestimonial[] };
  return { rows: body.testimonials.filter((t) => t.name === name), cookie };
}

export async function approveTestimonial(
  request: APIRequestContext,
  baseURL: string,
  cookie: string,
  id: number,
): Promise<void> {
  const response = await request.patch(`/api/admin/testimonials/${id}`, {
    data: { approved: true },
    headers: { Cookie: cookie, Origin: new URL(baseURL).origin },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * WCAG 2.2 A/AA checks on one of the public sections (its form or list, and the notices its island
 * renders) as it is now. The page frame has its own axe tests in the public-pages suite.
 */
export async function expectNoAxeViolations(page: Page, label: string, scope: string): Promise<void> {
  const results = await axeScanner(page)
    .include(scope)
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"])
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
  );
  expect(summary, `axe violations in state "${label}"`).toEqual([]);
}

/**
 * The forms' lasting notices: the success (role status) and the failure (role alert) under each
 * public form. The public pages have no toasts (docs/decisions/025-light-forms.md).
 */
export function notices(page: Page) {
  return page.locator('[role="status"], [role="alert"]');
}

/**
 * Where the dates a test chooses for itself start: the 20th date offered. The tests that only need
 * some booking take the first of the first ten offered days that has room (`postBookingWithRoom`)
 * and confirm visits there; three confirmed visits fill a day, and a full day is offered no more.
 * A date chosen ahead of time among those first days could be full by the time the test books it
 * (one more visit confirmed in another test failed thirteen booking tests).
 */
export const ownDatesFrom = 20;

/**
 * A bookable date under the site config's rules today, past the days other tests fill: the
 * `skip`-th from `ownDatesFrom` (the stack's database has no owner settings unless a test adds them).
 */
export function bookableDate(skip = 0): string {
  const dates = offeredDates();
  return dates[Math.min(ownDatesFrom + skip, dates.length - 1)]!.date;
}

const optionLabel = (n: number) =>
  n === 1 ? "First choice" : n === 2 ? "Second choice (optional)" : "Third choice (optional)";

/**
 * Fills preferred option `n` of the booking form: a select of bookable dates once the island has the
 * availability answer, or the native date input (before hydration, or without JavaScript).
 */
export async function fillOption(
  form: Locator,
  n: number,
  option: { date: string; window: "morning" | "afternoon" | "any" },
): Promise<void> {
  const date = form.getByLabel(`${optionLabel(n)}: date`);
  // The island swaps the native date input for a select once the availability answer arrives and
  // carries a typed date over; if the swap lands in the middle of typing, type again.
  for (let attempt = 1; ; attempt++) {
    try {
      if ((await date.evaluate((el) => el.tagName)) === "SELECT")
        await date.selectOption(option.date, { timeout: 5_000 });
      else await date.fill(option.date, { timeout: 5_000 });
      await expect(date).toHaveValue(option.date, { timeout: 2_000 });
      break;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
  await form.getByLabel(`${optionLabel(n)}: arrival time`).selectOption(option.window);
}

/** What a person types into the booking form, besides the preferred dates. */
export interface BookingFields {
  name: string;
  email: string;
  phone: string;
  address: string;
  /** A service id, e.g. "plumbing-heating". */
  service: string;
  message: string;
}

/** Types the booking form's own fields (name to job description); the dates are `fillOption`'s. */
export async function fillBookingFields(form: Locator, b: BookingFields): Promise<void> {
  await form.getByLabel("Full Name").fill(b.name);
  await form.getByLabel("Email").fill(b.email);
  await form.getByLabel("Phone").fill(b.phone);
  await form.getByLabel("Address").fill(b.address);
  await form.getByLabel("Service Required").selectOption(b.service);
  await form.getByLabel("Job Description").fill(b.message);
}
