/**
 * Rate limits that a client cannot dodge, through the real handlers with the context Netlify
 * passes (`context.ip`), simulated clients switched off as in production:
 * - a new X-Forwarded-For per request is still one client;
 * - one IPv6 /64 is one client;
 * - concurrent wrong passwords are counted before they are verified;
 * - many failures across all clients slow every sign-in and tell the owner once, but never lock
 *   the owner out;
 * - signing in again gives the device a fresh token and ends the one it held.
 */
import { and, eq, gte } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import adminSession from "../../netlify/functions/admin-session.mts";
import adminSummary from "../../netlify/functions/admin-summary.mts";
import contact from "../../netlify/functions/contact.mts";
import { mailOutbox } from "../../src/features/tables";
import { setLogSink } from "../../src/platform/log";
import { storeAdminPassword } from "../../src/features/admin-auth/service";
import { failureDelay, loginRules, underAttack } from "../../src/features/admin-auth/service-login";
import { peekRateLimit, publicFormRules } from "../../src/features/rate-limits/service";
import { setMailSender } from "../../src/features/mail/service";
import { inOneWindow } from "../helpers/clock";
import { useTestDatabase } from "../helpers/db";
import { validContact } from "../helpers/http";

const t = useTestDatabase();
const site = "http://localhost:8888";
const password = "a long and private passphrase";

type Handler = (req: Request, context?: { ip?: string }) => Promise<Response>;

/** A request as Netlify delivers it: the client's address in context.ip, headers as the client sent. */
async function call(
  handler: Handler,
  method: string,
  path: string,
  o: { ip: string; body?: unknown; headers?: Record<string, string>; cookie?: string },
) {
  const headers = new Headers({ Accept: "application/json", Origin: site, ...o.headers });
  if (o.cookie) headers.set("Cookie", o.cookie);
  if (o.body !== undefined) headers.set("Content-Type", "application/json");
  const res = await handler(
    new Request(site + path, {
      method,
      headers,
      ...(o.body !== undefined ? { body: JSON.stringify(o.body) } : {}),
    }),
    { ip: o.ip },
  );
  return { status: res.status, headers: res.headers, text: await res.text() };
}

const signIn = (ip: string, pw: string, cookie?: string) =>
  call(adminSession, "POST", "/api/admin/session", {
    ip,
    body: { password: pw },
    ...(cookie ? { cookie } : {}),
  });

const counts = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {});

let simulate: string | undefined;
beforeAll(async () => {
  setLogSink(() => {});
  setMailSender(null);
  await storeAdminPassword(password);
});
afterAll(() => setMailSender(undefined));
beforeEach(() => {
  simulate = process.env["SIMULATE_CLIENTS"];
  delete process.env["SIMULATE_CLIENTS"]; // as on Netlify: only context.ip names the client
  failureDelay.baseMs = 0;
});
afterEach(() => {
  process.env["SIMULATE_CLIENTS"] = simulate;
  failureDelay.baseMs = 100;
});

describe("client identity", () => {
  it("counts 25 contact posts with a new X-Forwarded-For each as one client", async () => {
    await inOneWindow(publicFormRules.contact.windowMs, async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 25; i++) {
        const res = await call(contact as Handler, "POST", "/api/contact", {
          ip: "198.51.100.25",
          body: validContact(),
          headers: { "X-Forwarded-For": `10.0.${i}.1`, "x-nf-client-connection-ip": `10.1.${i}.1` },
        });
        statuses.push(res.status);
      }
      console.log(`25 contact posts, rotating X-Forwarded-For: ${JSON.stringify(counts(statuses))}`);
      expect(statuses.slice(0, publicFormRules.contact.limit).every((s) => s === 201)).toBe(true);
      expect(statuses.slice(publicFormRules.contact.limit).every((s) => s === 429)).toBe(true);
    });
  });

  it("counts 40 guesses from one IPv6 /64 as one client", async () => {
    await inOneWindow(loginRules.failures.windowMs, async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 40; i++) {
        statuses.push((await signIn(`2001:db8:40:64:${i.toString(16)}::${i + 1}`, `guess ${i}`)).status);
      }
      console.log(`40 wrong passwords from one /64: ${JSON.stringify(counts(statuses))}`);
      expect(counts(statuses)).toEqual({
        401: loginRules.failures.limit,
        429: 40 - loginRules.failures.limit,
      });
    });
  });
});

describe("sign-in", () => {
  it("verifies at most the limit of 40 concurrent wrong passwords from one client", async () => {
    await inOneWindow(loginRules.failures.windowMs, async () => {
      const statuses = (
        await Promise.all(Array.from({ length: 40 }, (_, i) => signIn("203.0.113.40", `concurrent ${i}`)))
      ).map((r) => r.status);
      // A 401 is a verified guess; a 429 was refused before the password was looked at.
      console.log(`40 concurrent wrong passwords: ${counts(statuses)[401] ?? 0} verified`);
      expect(counts(statuses)).toEqual({
        401: loginRules.failures.limit,
        429: 40 - loginRules.failures.limit,
      });
    });
  });

  it("gives a device that signs in again a fresh token and ends the one it held", async () => {
    const first = await signIn("203.0.113.50", password);
    expect(first.status).toBe(200);
    const firstCookie = first.headers.get("set-cookie")!.split(";")[0]!;
    const again = await signIn("203.0.113.50", password, firstCookie);
    expect(again.status).toBe(200);
    const secondCookie = again.headers.get("set-cookie")!.split(";")[0]!;
    expect(secondCookie).not.toBe(firstCookie);
    expect(
      (
        await call(adminSummary as Handler, "GET", "/api/admin/summary", {
          ip: "203.0.113.50",
          cookie: secondCookie,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await call(adminSummary as Handler, "GET", "/api/admin/summary", {
          ip: "203.0.113.50",
          cookie: firstCookie,
        })
      ).status,
    ).toBe(401);
  });

  it("slows every sign-in after many failures across clients and tells the owner once, never locking them out", async () => {
    // The database stamps the outbox row with its own clock, which inOneWindow does not move.
    const started = new Date(Date.now() - 1000);
    await inOneWindow(loginRules.globalFailures.windowMs, async () => {
      const previousDelay = underAttack.delayMs;
      underAttack.delayMs = 400;
      try {
        const sofar = (await peekRateLimit(loginRules.globalFailures, "all", { db: t.db })).hits;
        // Strangers, each from their own address, until the hour's failures pass the threshold.
        for (let i = sofar; i < loginRules.globalFailures.limit + 5; i++) {
          expect((await signIn(`192.0.2.${(i % 250) + 1}`, `stranger ${i}`)).status).toBe(401);
        }
        const t0 = performance.now();
        const owner = await signIn("203.0.113.77", password);
        const took = performance.now() - t0;
        expect(owner.status).toBe(200); // slowed, never refused
        expect(took).toBeGreaterThanOrEqual(underAttack.delayMs);
        const alerts = await t.db
          .select()
          .from(mailOutbox)
          .where(and(eq(mailOutbox.kind, "owner_alert"), gte(mailOutbox.createdAt, started)));
        expect(alerts).toHaveLength(1);
        expect(alerts[0]!.subject).toContain(`${loginRules.globalFailures.limit} failed attempts`);
      } finally {
        underAttack.delayMs = previousDelay;
      }
    });
  });
});
