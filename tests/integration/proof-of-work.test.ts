/**
 * The proof-of-work check near the daily limits (docs/decisions/027-security-review-fixes.md),
 * through the real handlers on the test database, solved with the browser's own solver:
 * - below `challengeFromClientPosts` posts today a post needs no challenge;
 * - from there a post without a solution is refused (428 `challenge_required`, nothing stored) with
 *   a fresh challenge; the same post with its solution is stored (201), and the solution cannot be
 *   used again; an expired or forged solution is refused;
 * - near the site's daily confirmation e-mails every client needs a solution;
 * - at the ceiling a post is refused (429) whatever it carries;
 * - a form posted without JavaScript gets a page saying to call or try later.
 */
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import contact from "../../netlify/functions/contact.mts";
import { site } from "../../src/config/site";
import { requests, rateLimits } from "../../src/features/tables";
import { confirmationRules } from "../../src/features/mail/service";
import { newChallenge } from "../../src/features/rate-limits/challenge";
import { challengeFromClientPosts, clientDailyRule, limitKey } from "../../src/features/rate-limits/service";
import { solveChallenge, type PowChallenge } from "../../src/lib/api/proof-of-work";
import { useTestDatabase } from "../helpers/db";
import { formRequest, humanFields, jsonRequest, randomIp, validContact } from "../helpers/http";

const t = useTestDatabase();
const dayMs = 86_400_000;
const today = () => Math.floor(Date.now() / dayMs) * dayMs;

/** Sets a counter of today's window (a client's posts, or the site's confirmations). */
async function setCount(bucket: string, hits: number) {
  await t.db
    .insert(rateLimits)
    .values({ bucket, windowStart: today(), hits })
    .onConflictDoUpdate({ target: [rateLimits.bucket, rateLimits.windowStart], set: { hits } });
}
const setClientPosts = (ip: string, hits: number) =>
  setCount(`${clientDailyRule.name}:${limitKey("client", ip)}`, hits);

const post = (body: Record<string, unknown>, ip: string, headers: Record<string, string> = {}) =>
  contact(jsonRequest("/api/contact", body, { ip, headers }));

interface Refusal {
  error: { code: string; message: string; challenge?: PowChallenge };
}

const stored = async (name: string) =>
  (await t.db.select().from(requests).where(eq(requests.name, name))).length;

/** Posts without a solution, expects the challenge, and returns it solved. */
async function challengeFor(body: Record<string, unknown>, ip: string, key: string): Promise<string> {
  const res = await post(body, ip, { "Idempotency-Key": key });
  expect(res.status).toBe(428);
  const { error } = (await res.json()) as Refusal;
  expect(error.code).toBe("challenge_required");
  expect(error.challenge?.maxnumber).toBe(site.security.challenge.maxNumber);
  const solution = await solveChallenge(error.challenge!);
  expect(solution).not.toBeNull();
  return solution!;
}

describe("proof of work near a client's daily limit", () => {
  it("asks for no challenge below the threshold", async () => {
    const ip = randomIp();
    await setClientPosts(ip, challengeFromClientPosts - 1);
    expect((await post(validContact(), ip)).status).toBe(201);
  });

  it("refuses a post without a solution, stores it with one, and accepts each solution once", async () => {
    const ip = randomIp();
    await setClientPosts(ip, challengeFromClientPosts);
    const body = validContact();
    const solution = await challengeFor(body, ip, "pow-first");
    expect(await stored(body.name as string)).toBe(0);

    const res = await post(body, ip, { "Idempotency-Key": "pow-first", "Challenge-Solution": solution });
    expect(res.status, await res.clone().text()).toBe(201);
    expect(await stored(body.name as string)).toBe(1);

    // The same solution on another post is refused, with a new challenge.
    const again = validContact();
    const replay = await post(again, ip, { "Challenge-Solution": solution });
    expect(replay.status).toBe(428);
    const { error } = (await replay.json()) as Refusal;
    expect(error.code).toBe("challenge_required");
    expect(error.message).toContain("did not pass or has expired");
    expect(error.challenge?.signature).toBeTruthy();
    expect(await stored(again.name as string)).toBe(0);

    // A repeat of the stored post (same Idempotency-Key) gets the first answer, no challenge.
    const repeat = await post(body, ip, { "Idempotency-Key": "pow-first" });
    expect(repeat.status).toBe(201);
    expect(repeat.headers.get("idempotent-replayed")).toBe("true");
  });

  it("refuses an expired solution and a forged one", async () => {
    const ip = randomIp();
    await setClientPosts(ip, challengeFromClientPosts);
    const old = await newChallenge(
      new Date(Date.now() - (site.security.challenge.expiresMinutes + 1) * 60_000),
    );
    const expired = await solveChallenge(old);
    expect(expired).not.toBeNull();
    expect((await post(validContact(), ip, { "Challenge-Solution": expired! })).status).toBe(428);

    const fresh = await newChallenge(new Date());
    const solved = JSON.parse(atob((await solveChallenge(fresh))!)) as Record<string, unknown>;
    const forgeries = [
      { ...solved, number: Number(solved["number"]) + 1 },
      { ...solved, signature: "0".repeat(64) },
      { ...solved, salt: `${String(solved["salt"])}x` },
    ].map((p) => btoa(JSON.stringify(p)));
    for (const forged of [...forgeries, "not base64 json"]) {
      const body = validContact();
      expect((await post(body, ip, { "Challenge-Solution": forged })).status).toBe(428);
      expect(await stored(body.name as string)).toBe(0);
    }
    // The genuine solution still works: the forgeries did not use it up.
    expect(
      (await post(validContact(), ip, { "Challenge-Solution": btoa(JSON.stringify(solved)) })).status,
    ).toBe(201);
  });

  it("refuses posts at the ceiling, solved or not", async () => {
    const ip = randomIp();
    await setClientPosts(ip, clientDailyRule.limit);
    const solution = await solveChallenge(await newChallenge(new Date()));
    const body = validContact();
    const res = await post(body, ip, { "Challenge-Solution": solution! });
    expect(res.status).toBe(429);
    expect(((await res.json()) as Refusal).error.code).toBe("rate_limited");
    expect(await stored(body.name as string)).toBe(0);
    expect(clientDailyRule.limit).toBe(
      site.security.clientPostsPerDay * site.security.challenge.ceilingTimes,
    );
  });

  it("tells a form posted without JavaScript to call or try later", async () => {
    const ip = randomIp();
    await setClientPosts(ip, challengeFromClientPosts);
    const fields = Object.fromEntries(
      Object.entries({ ...validContact(), ...humanFields() }).map(([k, v]) => [k, String(v)]),
    );
    const res = await contact(formRequest("/api/contact", fields, { ip }));
    expect(res.status).toBe(428);
    const page = await res.text();
    expect(page).toContain(`call us on ${site.phone.display}`);
    expect(page).toContain("try again later");
    expect(page).toContain("needs JavaScript");
  });
});

describe("proof of work near the site's daily confirmation e-mails", () => {
  it("asks every client for a solution once the share of the cap is sent", async () => {
    const bucket = `${confirmationRules.total.name}:all`;
    await setCount(bucket, Math.floor(confirmationRules.total.limit * site.security.challenge.fromShare));
    try {
      const ip = randomIp();
      const body = validContact();
      const solution = await challengeFor(body, ip, "pow-site");
      expect(
        (await post(body, ip, { "Idempotency-Key": "pow-site", "Challenge-Solution": solution })).status,
      ).toBe(201);
    } finally {
      await t.db.execute(sql`delete from rate_limits where bucket = ${bucket}`);
    }
  });
});
