/**
 * The scheduled function deletes what is no longer needed, every run, whether or not anyone uses
 * the site: expired rate-limit counters, sessions that ended a week ago, old Idempotency-Keys, and
 * the content of e-mails sent more than `site.retention.sentMailBodyDays` ago. Deleting a request
 * or a review deletes its e-mails, pending and sent. Through the real handlers and the real
 * scheduled function.
 */
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import contact from "../../netlify/functions/contact.mts";
import mailRetry from "../../netlify/functions/mail-retry.mts";
import testimonialsFn from "../../netlify/functions/testimonials.mts";
import { adminSessions, requests, mailOutbox, rateLimits, testimonials } from "../../src/features/tables";
import { deliverDue } from "../../src/features/mail/service-delivery";
import { setMailSender } from "../../src/features/mail/service";
import type { OutgoingMessage } from "../../src/features/mail/messages";
import { deleteTestimonial } from "../../src/features/reviews/service-admin";
import { deleteRequest } from "../../src/features/request-actions/service";
import { useTestDatabase } from "../helpers/db";
import { jsonRequest, validContact, validReview } from "../helpers/http";

const t = useTestDatabase();
const day = 24 * 60 * 60 * 1000;
const ago = (ms: number) => new Date(Date.now() - ms);

beforeAll(() => setMailSender(null)); // no SMTP: the scheduled function only does housekeeping
afterAll(() => setMailSender(undefined));

async function postContact(extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  const response = await contact(jsonRequest("/api/contact", validContact(extra), { headers }));
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

describe("the scheduled housekeeping", () => {
  it("prunes expired counters, ended sessions and old idempotency keys, and keeps live ones", async () => {
    const old = Date.now() - 3 * day;
    const live = Date.now() - 60_000;
    await t.db.insert(rateLimits).values([
      { bucket: "contact:expired-test", windowStart: old, hits: 4 },
      { bucket: "contact:live-test", windowStart: live, hits: 2 },
    ]);
    const sessions = await t.db
      .insert(adminSessions)
      .values([
        {
          tokenHash: `ended-${Math.random()}`,
          createdAt: ago(20 * day),
          lastSeenAt: ago(20 * day),
          expiresAt: ago(19 * day),
        },
        {
          tokenHash: `revoked-${Math.random()}`,
          createdAt: ago(9 * day),
          lastSeenAt: ago(9 * day),
          expiresAt: ago(8 * day),
          revokedAt: ago(9 * day),
        },
        {
          tokenHash: `live-${Math.random()}`,
          createdAt: ago(60_000),
          lastSeenAt: ago(60_000),
          expiresAt: new Date(Date.now() + day),
        },
      ])
      .returning({ id: adminSessions.id });
    const oldKeyed = await postContact({}, { "Idempotency-Key": `old-${Math.random()}` });
    const newKeyed = await postContact({}, { "Idempotency-Key": `new-${Math.random()}` });
    await t.db
      .update(requests)
      .set({ submittedAt: ago(2 * day) })
      .where(eq(requests.id, oldKeyed));

    expect((await mailRetry()).status).toBe(204);

    const buckets = (await t.db.select().from(rateLimits)).map((r) => r.bucket);
    expect(buckets).not.toContain("contact:expired-test");
    expect(buckets).toContain("contact:live-test");
    const left = await t.db
      .select({ id: adminSessions.id })
      .from(adminSessions)
      .where(
        inArray(
          adminSessions.id,
          sessions.map((s) => s.id),
        ),
      );
    expect(left.map((s) => s.id)).toEqual([sessions[2]!.id]);
    const keyed = await t.db
      .select({ id: requests.id, key: requests.idempotencyKey })
      .from(requests)
      .where(inArray(requests.id, [oldKeyed, newKeyed]));
    expect(keyed.find((r) => r.id === oldKeyed)?.key).toBeNull();
    expect(keyed.find((r) => r.id === newKeyed)?.key).not.toBeNull();
  });
});

describe("deleting a request or a review", () => {
  it("deletes its e-mails: the pending ones are never sent and no sent copy stays", async () => {
    const pendingId = await postContact();
    const sentId = await postContact();
    await t.db
      .update(mailOutbox)
      .set({ status: "sent", sentAt: new Date() })
      .where(eq(mailOutbox.submissionId, sentId));
    const review = await testimonialsFn(jsonRequest("/api/testimonials", validReview()));
    const reviewId = ((await review.json()) as { id: number }).id;
    const before = await t.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(inArray(mailOutbox.submissionId, [pendingId, sentId]));
    expect(before).toHaveLength(4);

    await deleteRequest(pendingId);
    await deleteRequest(sentId);
    await deleteTestimonial(reviewId);

    const left = await t.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        inArray(
          mailOutbox.id,
          before.map((r) => r.id),
        ),
      );
    expect(left).toHaveLength(0);
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.testimonialId, reviewId))).toHaveLength(
      0,
    );
    expect(await t.db.select().from(testimonials).where(eq(testimonials.id, reviewId))).toHaveLength(0);
    // Nothing of theirs is left for a sender to pick up.
    const sent: OutgoingMessage[] = [];
    await deliverDue(t.db, { send: async (m) => void sent.push(m) }, { ids: before.map((r) => r.id) });
    expect(sent).toHaveLength(0);
  });
});
