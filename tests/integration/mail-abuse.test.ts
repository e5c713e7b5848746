/**
 * The forms cannot be turned into a spam cannon: anyone can type any address, so the site's
 * confirmations are capped per mailbox and per day, and a name holding a link is refused before
 * anything is stored or sent. Through the real contact and booking handlers.
 */
import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import bookings from "../../netlify/functions/bookings.mts";
import contact from "../../netlify/functions/contact.mts";
import { requests, mailOutbox, rateLimits } from "../../src/features/tables";
import { noLinkMessages } from "../../src/lib/form-fields/text";
import { confirmationRules, mailboxKey } from "../../src/features/mail/service";
import { useTestDatabase } from "../helpers/db";
import { jsonRequest, validBooking, validContact } from "../helpers/http";
import { solveChallenge, type PowChallenge } from "../../src/lib/api/proof-of-work";

const t = useTestDatabase();

const victim = () => `victim.${Math.random().toString(36).slice(2, 8)}@example.org`;

async function post(fn: (req: Request) => Promise<Response>, path: string, body: Record<string, unknown>) {
  const response = await fn(jsonRequest(path, body));
  return {
    status: response.status,
    body: (await response.json()) as { id?: number; error?: { fields?: Record<string, string> } },
  };
}

async function mailFor(ids: number[], kind: string) {
  return t.db
    .select()
    .from(mailOutbox)
    .where(and(inArray(mailOutbox.submissionId, ids), eq(mailOutbox.kind, kind)));
}

describe("confirmation e-mails", () => {
  it("sends one mailbox at most three confirmations a day, and still stores and reports every request", async () => {
    const address = victim();
    const ids: number[] = [];
    for (let i = 0; i < 10; i++) {
      // Contact and booking alike, from ten different clients, with the usual aliases of one mailbox.
      const email =
        i % 3 === 0 ? address : i % 3 === 1 ? address.replace("@", `+${i}@`) : address.toUpperCase();
      const r =
        i % 2 === 0
          ? await post(contact, "/api/contact", validContact({ email }))
          : await post(bookings, "/api/bookings", validBooking({ email }));
      expect(r.status).toBe(201);
      ids.push(r.body.id!);
    }
    expect(await t.db.select().from(requests).where(inArray(requests.id, ids))).toHaveLength(10);
    expect(await mailFor(ids, "owner_submission")).toHaveLength(10);
    const confirmations = await mailFor(ids, "customer_confirmation");
    console.log(`10 posts to one mailbox: ${confirmations.length} confirmations queued`);
    expect(confirmations).toHaveLength(confirmationRules.perRecipient.limit);
  });

  it("treats Gmail's dots, googlemail and +tags as the mailbox they reach", () => {
    expect(mailboxKey("J.Smith+win@GoogleMail.com")).toBe("jsmith@gmail.com");
    expect(mailboxKey("j.smith+x@example.org")).toBe("j.smith@example.org");
  });

  it("stops confirmations for the day once the site-wide cap is reached", async () => {
    // Fill today's site-wide counter to its cap, as a day of many different addresses would.
    const windowStart =
      Math.floor(Date.now() / confirmationRules.total.windowMs) * confirmationRules.total.windowMs;
    await t.db
      .insert(rateLimits)
      .values({ bucket: "mail-confirm-all:all", windowStart, hits: confirmationRules.total.limit })
      .onConflictDoUpdate({
        target: [rateLimits.bucket, rateLimits.windowStart],
        set: { hits: confirmationRules.total.limit },
      });
    try {
      // Near the site's cap every post carries a solved proof-of-work challenge.
      const body = validContact({ email: victim() });
      const asked = await contact(jsonRequest("/api/contact", body));
      expect(asked.status).toBe(428);
      const { error } = (await asked.json()) as { error: { challenge: PowChallenge } };
      const solution = (await solveChallenge(error.challenge))!;
      const response = await contact(
        jsonRequest("/api/contact", body, { headers: { "Challenge-Solution": solution } }),
      );
      const r = {
        status: response.status,
        body: (await response.json()) as { id?: number },
      };
      expect(r.status).toBe(201);
      expect(await mailFor([r.body.id!], "owner_submission")).toHaveLength(1);
      expect(await mailFor([r.body.id!], "customer_confirmation")).toHaveLength(0);
    } finally {
      await t.db
        .delete(rateLimits)
        .where(and(eq(rateLimits.bucket, "mail-confirm-all:all"), eq(rateLimits.windowStart, windowStart)));
    }
  });
});

describe("names with links", () => {
  it("refuses the probe's name with a clear message and stores and sends nothing", async () => {
    const name = "WIN-£500-visit-evil.example/claim now";
    const r = await post(contact, "/api/contact", validContact({ name, email: victim() }));
    expect(r.status).toBe(422);
    expect(r.body.error?.fields).toEqual({ name: noLinkMessages.name });
    expect(await t.db.select().from(requests).where(eq(requests.name, name))).toHaveLength(0);
  });
});
