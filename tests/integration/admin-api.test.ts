/**
 * The admin API end to end in-process: real Request objects into the Netlify function handlers,
 * a real migrated Postgres (PGlite, or PostgreSQL under scripts/with-postgres.ts).
 * Every admin route: 401 without a session, 403 for a state change from another origin, works with
 * a valid session. Plus expiry, revocation, the login rate limit, the password change flow, and a
 * check on every response that neither the password nor its hash ever leaves the server.
 */
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import adminMail from "../../netlify/functions/admin-mail.mts";
import adminPassword from "../../netlify/functions/admin-password.mts";
import adminSession from "../../netlify/functions/admin-session.mts";
import adminSubmissions from "../../netlify/functions/admin-submissions.mts";
import adminSummary from "../../netlify/functions/admin-summary.mts";
import adminTestimonials from "../../netlify/functions/admin-testimonials.mts";
import { adminSessions } from "../../src/features/tables";
import { setLogSink } from "../../src/platform/log";
import * as requestsRepo from "../../src/features/requests/repository";
import * as testimonialsRepo from "../../src/features/reviews/repository";
import { getSetting } from "../../src/features/admin-auth/repository-settings";
import {
  hashToken,
  passwordHashKey,
  sessionPolicy,
  storeAdminPassword,
} from "../../src/features/admin-auth/service";
import { failureDelay, loginRules } from "../../src/features/admin-auth/service-login";
import { inOneWindow } from "../helpers/clock";
import { useTestDatabase } from "../helpers/db";

const t = useTestDatabase();

const site = "http://localhost:8888";
const initialPassword = "correct horse battery staple";
/** Every password this file ever sets, and every hash stored: none may appear in a response. */
const secrets = new Set<string>([initialPassword]);
let ipCounter = 0;

type Handler = (req: Request, context?: { params?: Record<string, string> }) => Promise<Response>;

interface CallOptions {
  body?: unknown;
  rawBody?: string;
  cookie?: string;
  origin?: string | null;
  ip?: string;
  base?: string;
  contentType?: string;
}

interface Result {
  status: number;
  headers: Headers;
  text: string;
  json: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- response shapes vary per route
}

/** Calls a handler like Netlify would and checks the answer leaks nothing secret. */
async function call(handler: Handler, method: string, path: string, o: CallOptions = {}): Promise<Result> {
  const base = o.base ?? site;
  const headers = new Headers({
    Accept: "application/json",
    "x-forwarded-for": o.ip ?? "203.0.113.1",
  });
  if (o.origin !== null && method !== "GET") headers.set("Origin", o.origin ?? base);
  if (o.cookie) headers.set("Cookie", o.cookie);
  let body: string | undefined;
  if (o.body !== undefined || o.rawBody !== undefined) {
    headers.set("Content-Type", o.contentType ?? "application/json");
    body = o.rawBody ?? JSON.stringify(o.body);
  }
  const match = /^\/api\/admin\/[a-z]+\/([^/?]+)/.exec(path);
  const context = match ? { params: { id: match[1]! } } : {};
  const res = await handler(
    new Request(base + path, { method, headers, ...(body ? { body } : {}) }),
    context,
  );
  const text = await res.text();
  const stored = await getSetting(passwordHashKey);
  if (stored) secrets.add(stored);
  const everything = `${text}\n${[...res.headers].map(([k, v]) => `${k}: ${v}`).join("\n")}`;
  for (const secret of secrets) expect(everything).not.toContain(secret);
  expect(everything).not.toContain("$argon2");
  expect(res.headers.get("cache-control")).toBe("no-store");
  return { status: res.status, headers: res.headers, text, json: text ? JSON.parse(text) : undefined };
}

/** A fresh client address per test, so rate-limit buckets never leak between tests. */
const freshIp = () => `198.51.100.${++ipCounter}`;

async function signIn(password = initialPassword, base = site): Promise<{ cookie: string; token: string }> {
  const res = await call(adminSession, "POST", "/api/admin/session", {
    body: { password },
    ip: freshIp(),
    base,
  });
  expect(res.status).toBe(200);
  const setCookie = res.headers.get("set-cookie")!;
  const pair = setCookie.split(";")[0]!;
  return { cookie: pair, token: pair.slice(pair.indexOf("=") + 1) };
}

async function seedTestimonial(tag: string) {
  const { testimonial } = await testimonialsRepo.insertPending({
    name: `Admin Test ${tag}`,
    location: "Kirkcaldy",
    rating: 4,
    text: `A tidy job on the bathroom tap (${tag}).`,
  });
  return testimonial;
}

async function seedRequest(tag: string, formType: "contact" | "booking" = "booking") {
  const { request } = await requestsRepo.insert({
    formType,
    name: `Inbox Test ${tag}`,
    email: `inbox-${tag}@example.com`,
    phone: "07700 900123",
    message: `Please look at the radiator (${tag}).`,
    ...(formType === "booking" ? { address: "1 High Street, Kirkcaldy", service: "plumbing-heating" } : {}),
  });
  return request;
}

let restoreLog: ((line: string) => void) | undefined;
beforeAll(async () => {
  await storeAdminPassword(initialPassword);
});
beforeEach(() => {
  restoreLog = setLogSink(() => {});
  failureDelay.baseMs = 0; // the slowdown itself has its own test
});
afterEach(() => {
  if (restoreLog) setLogSink(restoreLog);
  failureDelay.baseMs = 100;
});

/** Every admin route with a request that is valid apart from authentication. */
async function routes() {
  const tm = await seedTestimonial(`route-${Math.random().toString(36).slice(2, 8)}`);
  const sm = await seedRequest(`route-${Math.random().toString(36).slice(2, 8)}`);
  return [
    { name: "GET session", handler: adminSession, method: "GET", path: "/api/admin/session" },
    { name: "DELETE session", handler: adminSession, method: "DELETE", path: "/api/admin/session" },
    {
      name: "PUT password",
      handler: adminPassword,
      method: "PUT",
      path: "/api/admin/password",
      body: {
        currentPassword: initialPassword,
        newPassword: initialPassword,
        confirmPassword: initialPassword,
      },
    },
    { name: "GET summary", handler: adminSummary, method: "GET", path: "/api/admin/summary" },
    { name: "GET testimonials", handler: adminTestimonials, method: "GET", path: "/api/admin/testimonials" },
    {
      name: "PATCH testimonial",
      handler: adminTestimonials,
      method: "PATCH",
      path: `/api/admin/testimonials/${tm.id}`,
      body: { approved: true },
    },
    {
      name: "DELETE testimonial",
      handler: adminTestimonials,
      method: "DELETE",
      path: `/api/admin/testimonials/${tm.id}`,
    },
    {
      name: "GET submissions",
      handler: adminSubmissions,
      method: "GET",
      path: "/api/admin/submissions?type=all",
    },
    {
      name: "PATCH submission",
      handler: adminSubmissions,
      method: "PATCH",
      path: `/api/admin/submissions/${sm.id}`,
      body: { isRead: true },
    },
    {
      name: "DELETE submission",
      handler: adminSubmissions,
      method: "DELETE",
      path: `/api/admin/submissions/${sm.id}`,
    },
    { name: "GET failed mail", handler: adminMail, method: "GET", path: "/api/admin/mail" },
    { name: "POST mail retry", handler: adminMail, method: "POST", path: "/api/admin/mail/retry", body: {} },
  ] as const;
}

describe("every admin route", () => {
  it("answers 401 with the error envelope when there is no session cookie", async () => {
    for (const r of await routes()) {
      const res = await call(r.handler, r.method, r.path, "body" in r ? { body: r.body } : {});
      expect(res.status, r.name).toBe(401);
      expect(res.json.error.code, r.name).toBe("unauthorized");
    }
  });

  it("answers 401 to a cookie that names no session", async () => {
    const bogus = `kh_admin=${"A".repeat(43)}`;
    for (const r of await routes()) {
      const res = await call(r.handler, r.method, r.path, {
        cookie: bogus,
        ...("body" in r ? { body: r.body } : {}),
      });
      expect(res.status, r.name).toBe(401);
    }
  });

  it("answers 403 to a state change from another origin, even with a valid session, and changes nothing", async () => {
    const { cookie } = await signIn();
    for (const r of await routes()) {
      if (r.method === "GET") continue;
      const res = await call(r.handler, r.method, r.path, {
        cookie,
        origin: "https://evil.example",
        ...("body" in r ? { body: r.body } : {}),
      });
      expect(res.status, r.name).toBe(403);
      expect(res.json.error.code).toBe("forbidden");
      const missing = await call(r.handler, r.method, r.path, {
        cookie,
        origin: null,
        ...("body" in r ? { body: r.body } : {}),
      });
      expect(missing.status, `${r.name} without Origin`).toBe(403);
    }
    // The session survived every refused DELETE /session.
    expect((await call(adminSession, "GET", "/api/admin/session", { cookie })).status).toBe(200);
  });

  it("refuses a login posted from another origin", async () => {
    const res = await call(adminSession, "POST", "/api/admin/session", {
      body: { password: initialPassword },
      origin: "https://evil.example",
      ip: freshIp(),
    });
    expect(res.status).toBe(403);
    expect(res.headers.get("set-cookie")).toBeNull();
  });

  it("works with a valid session", async () => {
    let { cookie } = await signIn();
    for (const r of await routes()) {
      if (r.name === "DELETE session") continue; // logout has its own test
      const res = await call(r.handler, r.method, r.path, {
        cookie,
        ...("body" in r ? { body: r.body } : {}),
      });
      expect([200, 204], `${r.name}: ${res.text}`).toContain(res.status);
      // A password change hands this device a fresh session.
      const fresh = res.headers.get("set-cookie");
      if (fresh) cookie = fresh.split(";")[0]!;
    }
  });

  it("answers 405 with Allow for a method a route does not take", async () => {
    const { cookie } = await signIn();
    const a = await call(adminTestimonials, "POST", "/api/admin/testimonials", { cookie, body: {} });
    expect(a.status).toBe(405);
    expect(a.headers.get("allow")).toBe("GET");
    const b = await call(adminSubmissions, "PUT", "/api/admin/submissions/1", { cookie, body: {} });
    expect(b.status).toBe(405);
    expect(b.headers.get("allow")).toBe("GET, PATCH, DELETE");
    const c = await call(adminPassword, "POST", "/api/admin/password", { cookie, body: {} });
    expect(c.status).toBe(405);
  });
});

describe("sign-in", () => {
  it("sets an HttpOnly SameSite=Strict cookie, without Secure only on plain-http localhost", async () => {
    const local = await call(adminSession, "POST", "/api/admin/session", {
      body: { password: initialPassword },
      ip: freshIp(),
    });
    const localCookie = local.headers.get("set-cookie")!;
    expect(localCookie).toMatch(
      /^kh_admin=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Strict; Max-Age=43200$/,
    );

    const prod = "https://www.kingdomhandyman.example";
    const secure = await call(adminSession, "POST", "/api/admin/session", {
      body: { password: initialPassword },
      ip: freshIp(),
      base: prod,
    });
    const secureCookie = secure.headers.get("set-cookie")!;
    expect(secureCookie).toMatch(
      /^__Host-kh_admin=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Strict; Secure; Max-Age=/,
    );
    const pair = secureCookie.split(";")[0]!;
    expect((await call(adminSession, "GET", "/api/admin/session", { cookie: pair, base: prod })).status).toBe(
      200,
    );
    // A cookie under the wrong name for the origin does not count.
    expect((await call(adminSession, "GET", "/api/admin/session", { cookie: pair, base: site })).status).toBe(
      401,
    );
  });

  it("stores only the SHA-256 of the token and the password only as an argon2id hash", async () => {
    const { token } = await signIn();
    const rows = await t.db
      .select()
      .from(adminSessions)
      .where(eq(adminSessions.tokenHash, hashToken(token)));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toContain(token);
    expect(rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime()).toBe(sessionPolicy.absoluteMs);
    const stored = await getSetting(passwordHashKey);
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it("answers 'Invalid password' (401) to a wrong password and sets no cookie", async () => {
    const res = await call(adminSession, "POST", "/api/admin/session", {
      body: { password: "not the password" },
      ip: freshIp(),
    });
    expect(res.status).toBe(401);
    expect(res.json.error).toEqual({ code: "invalid_password", message: "Invalid password" });
    expect(res.headers.get("set-cookie")).toBeNull();
  });

  it("requires a password (422) and JSON (415), and refuses broken JSON (400)", async () => {
    const empty = await call(adminSession, "POST", "/api/admin/session", {
      body: { password: "" },
      ip: freshIp(),
    });
    expect(empty.status).toBe(422);
    expect(empty.json.error.fields.password).toBe("Please enter the admin password.");
    const form = await call(adminSession, "POST", "/api/admin/session", {
      rawBody: `password=${encodeURIComponent(initialPassword)}`,
      contentType: "application/x-www-form-urlencoded",
      ip: freshIp(),
    });
    expect(form.status).toBe(415);
    const broken = await call(adminSession, "POST", "/api/admin/session", { rawBody: "{", ip: freshIp() });
    expect(broken.status).toBe(400);
  });

  it("says who is signed in, with the session's limits", async () => {
    const { cookie } = await signIn();
    const res = await call(adminSession, "GET", "/api/admin/session", { cookie });
    expect(res.status).toBe(200);
    expect(res.json.authenticated).toBe(true);
    const created = Date.parse(res.json.createdAt);
    expect(Date.parse(res.json.expiresAt) - created).toBe(sessionPolicy.absoluteMs);
    expect(Date.parse(res.json.idleExpiresAt)).toBeGreaterThan(Date.now());
  });

  it("locks a client out after repeated failures (429 with Retry-After), even for the right password", async () => {
    await inOneWindow(loginRules.failures.windowMs, async () => {
      const ip = freshIp();
      for (let i = 0; i < loginRules.failures.limit; i++) {
        // A success in between neither resets nor adds to the failure count.
        if (i === 3) {
          const ok = await call(adminSession, "POST", "/api/admin/session", {
            body: { password: initialPassword },
            ip,
          });
          expect(ok.status).toBe(200);
        }
        const res = await call(adminSession, "POST", "/api/admin/session", {
          body: { password: `guess ${i}` },
          ip,
        });
        expect(res.status).toBe(401);
      }
      const blocked = await call(adminSession, "POST", "/api/admin/session", {
        body: { password: initialPassword },
        ip,
      });
      expect(blocked.status).toBe(429);
      expect(blocked.json.error.code).toBe("rate_limited");
      const retryAfter = Number(blocked.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(loginRules.failures.windowMs / 1000);
      expect(blocked.headers.get("set-cookie")).toBeNull();
      // Another client is not affected.
      expect(
        (
          await call(adminSession, "POST", "/api/admin/session", {
            body: { password: initialPassword },
            ip: freshIp(),
          })
        ).status,
      ).toBe(200);
    });
  });

  it("never locks out successful sign-ins, but caps all attempts per client", async () => {
    await inOneWindow(loginRules.attempts.windowMs, async () => {
      const ip = freshIp();
      for (let i = 0; i < loginRules.attempts.limit; i++) {
        const res = await call(adminSession, "POST", "/api/admin/session", {
          body: { password: initialPassword },
          ip,
        });
        expect(res.status, `sign-in ${i + 1}`).toBe(200);
      }
      const capped = await call(adminSession, "POST", "/api/admin/session", {
        body: { password: initialPassword },
        ip,
      });
      expect(capped.status).toBe(429);
      expect(Number(capped.headers.get("retry-after"))).toBeGreaterThan(0);
    });
  });

  it("answers each failed attempt more slowly than the one before", async () => {
    failureDelay.baseMs = 100;
    const ip = freshIp();
    const timings: number[] = [];
    for (let i = 0; i < 4; i++) {
      const started = performance.now();
      const res = await call(adminSession, "POST", "/api/admin/session", {
        body: { password: `guess ${i}` },
        ip,
      });
      timings.push(performance.now() - started);
      expect(res.status).toBe(401);
    }
    // 100, 200, 400, 800 ms of added delay on top of the hash check. Lower bounds only: the hash
    // check's own time varies with machine load, the added delay never shrinks.
    timings.forEach((ms, i) => expect(ms, `attempt ${i + 1}`).toBeGreaterThanOrEqual(100 * 2 ** i - 5));
  });
});

describe("session lifetime", () => {
  it("ends at logout: the cookie is cleared and the old token no longer works", async () => {
    const { cookie } = await signIn();
    const out = await call(adminSession, "DELETE", "/api/admin/session", { cookie });
    expect(out.status).toBe(204);
    expect(out.headers.get("set-cookie")).toMatch(/^kh_admin=; .*Max-Age=0$/);
    expect((await call(adminSummary, "GET", "/api/admin/summary", { cookie })).status).toBe(401);
    expect((await call(adminSession, "DELETE", "/api/admin/session", { cookie })).status).toBe(401);
  });

  it("ends at the absolute expiry however active it is", async () => {
    const { cookie, token } = await signIn();
    expect((await call(adminSummary, "GET", "/api/admin/summary", { cookie })).status).toBe(200);
    await t.db
      .update(adminSessions)
      .set({ expiresAt: new Date(Date.now() - 1000), lastSeenAt: new Date() })
      .where(eq(adminSessions.tokenHash, hashToken(token)));
    expect((await call(adminSummary, "GET", "/api/admin/summary", { cookie })).status).toBe(401);
  });

  it("ends after the idle timeout, and activity keeps it alive", async () => {
    const { cookie, token } = await signIn();
    const where = eq(adminSessions.tokenHash, hashToken(token));
    // Almost idle for too long: a request now counts as activity and moves last_seen_at.
    await t.db
      .update(adminSessions)
      .set({ lastSeenAt: new Date(Date.now() - sessionPolicy.idleMs + 5000) })
      .where(where);
    expect((await call(adminSummary, "GET", "/api/admin/summary", { cookie })).status).toBe(200);
    const [touched] = await t.db.select().from(adminSessions).where(where);
    expect(Date.now() - touched!.lastSeenAt.getTime()).toBeLessThan(5000);
    // Idle for longer than the limit: gone.
    await t.db
      .update(adminSessions)
      .set({ lastSeenAt: new Date(Date.now() - sessionPolicy.idleMs - 1000) })
      .where(where);
    expect((await call(adminSummary, "GET", "/api/admin/summary", { cookie })).status).toBe(401);
  });

  it("refuses a revoked session", async () => {
    const { cookie, token } = await signIn();
    await t.db
      .update(adminSessions)
      .set({ revokedAt: new Date() })
      .where(eq(adminSessions.tokenHash, hashToken(token)));
    expect((await call(adminSession, "GET", "/api/admin/session", { cookie })).status).toBe(401);
  });
});

describe("password change", () => {
  // Each test restores the initial password so the tests stay independent.
  afterEach(async () => {
    await storeAdminPassword(initialPassword);
  });

  it("refuses a wrong current password with 'Current password is incorrect' and keeps the password", async () => {
    const { cookie } = await signIn();
    const res = await call(adminPassword, "PUT", "/api/admin/password", {
      cookie,
      ip: freshIp(),
      body: {
        currentPassword: "not it at all",
        newPassword: "a brand new passphrase",
        confirmPassword: "a brand new passphrase",
      },
    });
    expect(res.status).toBe(422);
    expect(res.json.error.fields).toEqual({ currentPassword: "Current password is incorrect" });
    await signIn(initialPassword);
  });

  it("refuses a confirmation that differs with 'Passwords do not match'", async () => {
    const { cookie } = await signIn();
    const res = await call(adminPassword, "PUT", "/api/admin/password", {
      cookie,
      body: {
        currentPassword: initialPassword,
        newPassword: "a brand new passphrase",
        confirmPassword: "a brand new passphrase!",
      },
    });
    expect(res.status).toBe(422);
    expect(res.json.error.fields).toEqual({ confirmPassword: "Passwords do not match" });
  });

  it("refuses a new password shorter than the minimum", async () => {
    const { cookie } = await signIn();
    const res = await call(adminPassword, "PUT", "/api/admin/password", {
      cookie,
      body: { currentPassword: initialPassword, newPassword: "short", confirmPassword: "short" },
    });
    expect(res.status).toBe(422);
    expect(res.json.error.fields.newPassword).toBe("Use at least 12 characters.");
  });

  it("changes the password, gives this device a fresh session and signs every earlier token out", async () => {
    const newPassword = "lighthouse on the forth 2026";
    secrets.add(newPassword);
    const mine = await signIn();
    const other = await signIn();
    const res = await call(adminPassword, "PUT", "/api/admin/password", {
      cookie: mine.cookie,
      body: { currentPassword: initialPassword, newPassword, confirmPassword: newPassword },
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ok: true });
    const fresh = res.headers.get("set-cookie")!;
    expect(fresh).toMatch(/^kh_admin=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Strict; Max-Age=43200$/);
    const freshPair = fresh.split(";")[0]!;
    expect(freshPair).not.toBe(mine.cookie);
    expect((await call(adminSummary, "GET", "/api/admin/summary", { cookie: freshPair })).status).toBe(200);
    // No token issued before the change works after it, this device's old one included.
    expect((await call(adminSummary, "GET", "/api/admin/summary", { cookie: mine.cookie })).status).toBe(401);
    expect((await call(adminSummary, "GET", "/api/admin/summary", { cookie: other.cookie })).status).toBe(
      401,
    );
    const old = await call(adminSession, "POST", "/api/admin/session", {
      body: { password: initialPassword },
      ip: freshIp(),
    });
    expect(old.status).toBe(401);
    await signIn(newPassword);
  });

  it("rate limits password change attempts per client", async () => {
    const { cookie } = await signIn();
    const ip = freshIp();
    const body = {
      currentPassword: "wrong current",
      newPassword: "another passphrase",
      confirmPassword: "another passphrase",
    };
    for (let i = 0; i < loginRules.passwordChange.limit; i++) {
      expect((await call(adminPassword, "PUT", "/api/admin/password", { cookie, ip, body })).status).toBe(
        422,
      );
    }
    const blocked = await call(adminPassword, "PUT", "/api/admin/password", { cookie, ip, body });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("moderation and inbox", () => {
  it("lists every testimonial newest first, approves, unapproves and deletes one", async () => {
    const { cookie } = await signIn();
    const a = await seedTestimonial("moderate-a");
    const b = await seedTestimonial("moderate-b");
    const list = await call(adminTestimonials, "GET", "/api/admin/testimonials", { cookie });
    const ids = list.json.testimonials.map((x: { id: number }) => x.id);
    expect(ids.indexOf(b.id)).toBeLessThan(ids.indexOf(a.id));
    expect(list.json.testimonials.find((x: { id: number }) => x.id === a.id)).toMatchObject({
      name: a.name,
      location: "Kirkcaldy",
      rating: 4,
      approved: false,
    });

    const approved = await call(adminTestimonials, "PATCH", `/api/admin/testimonials/${a.id}`, {
      cookie,
      body: { approved: true },
    });
    expect(approved.json.testimonial.approved).toBe(true);
    expect((await testimonialsRepo.listApproved()).some((x) => x.id === a.id)).toBe(true);

    const unapproved = await call(adminTestimonials, "PATCH", `/api/admin/testimonials/${a.id}`, {
      cookie,
      body: { approved: false },
    });
    expect(unapproved.json.testimonial.approved).toBe(false);
    expect((await testimonialsRepo.listApproved()).some((x) => x.id === a.id)).toBe(false);

    expect(
      (await call(adminTestimonials, "DELETE", `/api/admin/testimonials/${a.id}`, { cookie })).status,
    ).toBe(204);
    expect((await testimonialsRepo.listPage({ limit: 1000 })).find((x) => x.id === a.id) ?? null).toBeNull();
    expect(
      (await call(adminTestimonials, "DELETE", `/api/admin/testimonials/${a.id}`, { cookie })).status,
    ).toBe(404);
  });

  it("refuses a malformed approval and unknown or invalid ids", async () => {
    const { cookie } = await signIn();
    const x = await seedTestimonial("malformed");
    const bad = await call(adminTestimonials, "PATCH", `/api/admin/testimonials/${x.id}`, {
      cookie,
      body: { approved: "yes" },
    });
    expect(bad.status).toBe(422);
    expect(bad.json.error.fields.approved).toBeDefined();
    for (const id of ["999999", "0", "abc", "1.5", "99999999999"]) {
      const res = await call(adminTestimonials, "PATCH", `/api/admin/testimonials/${id}`, {
        cookie,
        body: { approved: true },
      });
      expect(res.status, id).toBe(404);
    }
  });

  it("filters submissions by type, marks them read and unread, and deletes one", async () => {
    const { cookie } = await signIn();
    const booking = await seedRequest("inbox-booking", "booking");
    const contact = await seedRequest("inbox-contact", "contact");
    const ids = async (type: string) =>
      (
        await call(adminSubmissions, "GET", `/api/admin/submissions?type=${type}`, { cookie })
      ).json.submissions.map((s: { id: number }) => s.id);
    expect(await ids("all")).toEqual(expect.arrayContaining([booking.id, contact.id]));
    expect(await ids("booking")).toContain(booking.id);
    expect(await ids("booking")).not.toContain(contact.id);
    expect(await ids("contact")).toContain(contact.id);
    expect(await ids("contact")).not.toContain(booking.id);
    const all = (await call(adminSubmissions, "GET", "/api/admin/submissions", { cookie })).json.submissions;
    expect(all.find((s: { id: number }) => s.id === booking.id)).toMatchObject({
      formType: "booking",
      address: "1 High Street, Kirkcaldy",
      service: "plumbing-heating",
      isRead: false,
    });

    const read = await call(adminSubmissions, "PATCH", `/api/admin/submissions/${booking.id}`, {
      cookie,
      body: { isRead: true },
    });
    expect(read.json.submission.isRead).toBe(true);
    const unread = await call(adminSubmissions, "PATCH", `/api/admin/submissions/${booking.id}`, {
      cookie,
      body: { isRead: false },
    });
    expect(unread.json.submission.isRead).toBe(false);

    expect(
      (await call(adminSubmissions, "DELETE", `/api/admin/submissions/${contact.id}`, { cookie })).status,
    ).toBe(204);
    expect(await ids("all")).not.toContain(contact.id);
    expect(
      (
        await call(adminSubmissions, "PATCH", `/api/admin/submissions/${contact.id}`, {
          cookie,
          body: { isRead: true },
        })
      ).status,
    ).toBe(404);
  });

  it("refuses an unknown filter", async () => {
    const { cookie } = await signIn();
    const res = await call(adminSubmissions, "GET", "/api/admin/submissions?type=spam", { cookie });
    expect(res.status).toBe(400);
  });
});
