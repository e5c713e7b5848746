/**
 * Real `Request` objects for calling function handlers directly (their default export).
 * Each request comes from its own random client IP unless `ip` is given, so per-client rate
 * limits never couple unrelated tests. The address goes in X-Forwarded-For, which the server
 * reads only with SIMULATE_CLIENTS=1 (set for the test runs in vitest.config.ts; never on Netlify).
 */
import { randomInt } from "node:crypto";
import { offeredDates } from "./dates";

export const randomIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

export interface RequestOptions {
  method?: string;
  ip?: string;
  headers?: Record<string, string>;
}

export function jsonRequest(path: string, body: unknown, options: RequestOptions = {}): Request {
  return new Request(`http://localhost${path}`, {
    method: options.method ?? "POST",
    headers: {
      "content-type": "application/json",
      "x-forwarded-for": options.ip ?? randomIp(),
      ...options.headers,
    },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

/** A classic browser form post (no JavaScript): urlencoded, asking for HTML. */
export function formRequest(
  path: string,
  fields: Record<string, string>,
  options: RequestOptions = {},
): Request {
  return new Request(`http://localhost${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
      "x-forwarded-for": options.ip ?? randomIp(),
      ...options.headers,
    },
    body: new URLSearchParams(fields).toString(),
  });
}

export function getRequest(path: string, options: RequestOptions = {}): Request {
  return new Request(`http://localhost${path}`, {
    method: options.method ?? "GET",
    headers: { "x-forwarded-for": options.ip ?? randomIp(), ...options.headers },
  });
}

/** A unique name of letters only: a contact or booking name may hold no digits. */
export const uniqueName = (label: string) =>
  `${label} ${Math.random()
    .toString(36)
    .slice(2, 8)
    .replace(/[0-9]/g, (d) => "abcdefghij"[Number(d)] ?? "a")}`;

/**
 * The spam-guard fields a person's browser sends: an empty honeypot and the time the form was shown
 * (a minute ago). A post without `formStartedAt` is refused like one sent too fast.
 */
export const humanFields = () => ({ website: "", formStartedAt: String(Date.now() - 60_000) });

export const validContact = (overrides: Record<string, unknown> = {}) => ({
  ...humanFields(),
  name: uniqueName("Morag"),
  // Its own mailbox per request: the site confirms to one mailbox at most three times a day.
  email: `morag.${Math.random().toString(36).slice(2, 10)}@example.com`,
  phone: "07700 900123",
  message: "Could you look at a sticking back door?",
  ...overrides,
});

/** The bookable dates under the site config's rules today (what the form offers with no owner settings). */
/** The dates the site offers today with no owner's settings: the rules, less the bank holidays. */
export const bookableToday = () => offeredDates();

export const validBooking = (overrides: Record<string, unknown> = {}) => ({
  ...validContact(),
  message: "Two rooms to paint, walls and ceilings.",
  address: "12 High Street, Kirkcaldy KY1 1AA",
  service: "paint-wallpaper",
  preferredOptions: [{ date: bookableToday()[0]!.date, window: "any" }],
  ...overrides,
});

/** `validBooking` as a browser form sends it: every value a string, the first option as option1Date/option1Window. */
export const bookingFormFields = (overrides: Record<string, unknown> = {}): Record<string, string> => {
  const { preferredOptions, ...rest } = validBooking(overrides) as Record<string, unknown> & {
    preferredOptions: { date: string; window: string }[];
  };
  const fields = Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, String(v)]));
  preferredOptions.forEach((o, i) => {
    fields[`option${i + 1}Date`] = o.date;
    fields[`option${i + 1}Window`] = o.window;
  });
  return fields;
};

export const validReview = (overrides: Record<string, unknown> = {}) => ({
  ...humanFields(),
  name: uniqueName("Hamish"),
  location: "Glenrothes",
  rating: 5,
  text: "Fixed our boiler pressure quickly and explained everything.",
  ...overrides,
});
