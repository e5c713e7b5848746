/**
 * Daily caps one client cannot spend for everyone (docs/decisions/027-security-review-fixes.md),
 * through the real handlers with the address Netlify passes (`context.ip`):
 * - one client may make up to the daily ceiling of public posts (all forms together; near it each
 *   needs a proof of work); the next is refused (429, nothing stored) while another client still
 *   gets through;
 * - when a daily cap is reached the owner gets one e-mail per cap per day, however many posts
 *   meet it: the per-client cap and the site's confirmation e-mails.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import bookings from "../../netlify/functions/bookings.mts";
import contact from "../../netlify/functions/contact.mts";
import testimonialsFn from "../../netlify/functions/testimonials.mts";
import { site } from "../../src/config/site";
import { requests, mailOutbox, rateLimits } from "../../src/features/tables";
import { confirmationRules, setMailSender } from "../../src/features/mail/service";
import { clientDailyRule, limitKey } from "../../src/features/rate-limits/service";
import { solveChallenge, type PowChallenge } from "../../src/lib/api/proof-of-work";
import { useTestDatabase } from "../helpers/db";
import { jsonRequest, validBooking, validContact, validReview } from "../helpers/http";

const t = useTestDatabase();
const dayMs = 86_400_000;
const today = () => Math.floor(Date.now() / dayMs) * dayMs;

/**
 * Near a limit a post needs a solved proof-of-work challenge: `send` is called once without one,
 * the 428's challenge solved, and `send` called again with the solution in `solvedBy`'s headers.
 */
let solution: string | undefined;
const solvedBy = (ip: string) => ({
  ip,
  headers: solution ? { "Challenge-Solution": solution } : ({} as Record<string, string>),
});
async function solved(send: () => Promise<Response>): Promise<Response> {
  solution = undefined;
  const first = await send();
  if (first.status !== 428) return first;
  const { error } = (await first.json()) as { error: { challenge: PowChallenge } };
  solution = (await solveChallenge(error.challenge)) ?? undefined;
  try {
    return await send();
  } finally {
    solution = undefined;
  }
}

let simulate: string | undefined;
beforeEach(() => {
  setMailSender(null);
  simulate = process.env["SIMULATE_CLIENTS"];
  delete process.env["SIMULATE_CLIENTS"]; // as on Netlify: only context.ip names the client
});
afterEach(() => {
  setMailSender(undefined);
  process.env["SIMULATE_CLIENTS"] = simulate;
});

const alerts = async (subject: string) =>
  (await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "owner_alert"))).filter((m) =>
    m.subject.includes(subject),
  );

const storedNamed = async (name: string) =>
  (await t.db.select().from(requests).where(eq(requests.name, name))).length;

describe("one client's posts per day", () => {
  it("refuses the post above the daily ceiling across all forms, stores nothing, and tells the owner once", async () => {
    const ip = "198.51.100.44";
    const ceiling = clientDailyRule.limit;
    // The posts before the last allowed one, as if sent earlier today (each needed a proof of
    // work: tests/integration/proof-of-work.test.ts).
    await t.db
      .insert(rateLimits)
      .values({
        bucket: `${clientDailyRule.name}:${limitKey("client", ip)}`,
        windowStart: today(),
        hits: ceiling - 1,
      })
      .onConflictDoUpdate({
        target: [rateLimits.bucket, rateLimits.windowStart],
        set: { hits: ceiling - 1 },
      });
    const last = await solved(() =>
      testimonialsFn(jsonRequest("/api/testimonials", validReview(), solvedBy(ip)), { ip }),
    );
    expect(last.status, await last.clone().text()).toBe(201);

    const over = validContact();
    const refused = await contact(jsonRequest("/api/contact", over), { ip });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    const { error } = (await refused.json()) as { error: { code: string; message: string } };
    expect(error.code).toBe("rate_limited");
    expect(error.message).toContain("from your connection today");
    expect(error.message).toContain(site.phone.display);
    expect(await storedNamed(over.name)).toBe(0);
    expect((await bookings(jsonRequest("/api/bookings", validBooking()), { ip })).status).toBe(429);

    // Another client is not affected.
    expect((await contact(jsonRequest("/api/contact", validContact()), { ip: "198.51.100.45" })).status).toBe(
      201,
    );

    // The owner hears once, however many refusals there were.
    const told = await alerts("daily limit of form posts");
    expect(told).toHaveLength(1);
    expect(told[0]!.toAddress).toBe(site.email);
    expect(told[0]!.textBody).toContain(`${ceiling} contact, booking or review forms`);
    expect(told[0]!.textBody).not.toContain(ip);
  });
});

describe("the site's confirmation e-mails", () => {
  it("when the day's cap is reached the request is still stored and the owner told once", async () => {
    const windowStart = Math.floor(Date.now() / dayMs) * dayMs;
    const bucket = `${confirmationRules.total.name}:all`;
    await t.db
      .insert(rateLimits)
      .values({ bucket, windowStart, hits: confirmationRules.total.limit })
      .onConflictDoUpdate({
        target: [rateLimits.bucket, rateLimits.windowStart],
        set: { hits: confirmationRules.total.limit },
      });
    const ids: number[] = [];
    for (const ip of ["198.51.100.60", "198.51.100.61"]) {
      const body = validContact();
      const res = await solved(() => contact(jsonRequest("/api/contact", body, solvedBy(ip)), { ip }));
      expect(res.status).toBe(201);
      ids.push(((await res.json()) as { id: number }).id);
    }
    for (const id of ids) {
      const kinds = (
        await t.db.select({ kind: mailOutbox.kind }).from(mailOutbox).where(eq(mailOutbox.submissionId, id))
      ).map((m) => m.kind);
      expect(kinds).toEqual(["owner_submission"]);
    }
    const told = await alerts("confirmation e-mails are used up");
    expect(told).toHaveLength(1);
    expect(told[0]!.textBody).toContain("New requests are still saved");
    // The alert's own counter: one per cap per day.
    const [counter] = await t.db
      .select()
      .from(rateLimits)
      .where(
        and(eq(rateLimits.bucket, "limit-alert-confirmations:all"), eq(rateLimits.windowStart, windowStart)),
      );
    expect(counter!.hits).toBe(2);
    await t.db.execute(sql`delete from rate_limits where bucket = ${bucket}`);
  });
});
