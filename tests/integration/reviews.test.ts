/**
 * Verified reviews through the real handlers and a migrated database (PGlite, and PostgreSQL in
 * the PG pass): an invitation link is sent only for a finished job, works once, prefills name and
 * town, and its review carries the job's month (the "Verified customer" badge); a rejection needs a
 * reason from the fixed list; the owner's reply is plain text wherever it is shown.
 */
import { avg, count, eq, sql } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import adminReviewInvitations from "../../netlify/functions/admin-review-invitations.mts";
import adminSubmissions from "../../netlify/functions/admin-submissions.mts";
import adminTestimonials from "../../netlify/functions/admin-testimonials.mts";
import bookings from "../../netlify/functions/bookings.mts";
import reviewInvitation from "../../netlify/functions/review-invitation.mts";
import testimonialsFn from "../../netlify/functions/testimonials.mts";
import { TestimonialCard } from "../../src/islands/testimonials/TestimonialCard";
import type { PublicTestimonial } from "../../src/features/reviews/contract/endpoints";
import { mailOutbox, reviewInvitations, testimonials } from "../../src/features/tables";
import { setMailSender } from "../../src/features/mail/service";
import { countByStatus } from "../../src/features/reviews/repository";
import { hashToken, invitationMessages, londonMonth } from "../../src/features/reviews/service";
import { adminClient } from "../helpers/admin";
import { useTestDatabase } from "../helpers/db";
import { sendPending, sentMessage } from "../helpers/sent-mail";
import { getRequest, jsonRequest, validBooking, validReview } from "../helpers/http";

const t = useTestDatabase();
let owner: Awaited<ReturnType<typeof adminClient>>;

beforeAll(async () => {
  owner = await adminClient();
  setMailSender(null); // everything stays in the outbox, where the test reads the link
});
afterAll(() => setMailSender(undefined));

async function finishedBooking(overrides: Record<string, unknown> = {}) {
  const res = await bookings(jsonRequest("/api/bookings", validBooking(overrides)));
  expect(res.status).toBe(201);
  const { id } = (await res.json()) as { id: number };
  const done = await owner.call(adminSubmissions, "PATCH", `/api/admin/submissions/${id}`, {
    body: { state: "done" },
  });
  expect(done.status).toBe(200);
  return { id, stateChangedAt: new Date(done.json.submission.stateChangedAt as string) };
}

const invite = (requestId: number) =>
  owner.call(adminReviewInvitations, "POST", "/api/admin/review-invitations", {
    body: { submissionId: requestId },
  });

/** The token in the newest invitation e-mail of a request, as sent (the outbox never stores it). */
async function tokenFor(requestId: number): Promise<string> {
  await sendPending(t.db, { submissionId: requestId });
  const rows = await t.db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(sql`${mailOutbox.submissionId} = ${requestId} and ${mailOutbox.kind} = 'review_invitation'`)
    .orderBy(sql`${mailOutbox.id} desc`);
  expect(rows.length).toBeGreaterThan(0);
  const match = /\/testimonials#invite=([A-Za-z0-9_-]{43})\n/.exec(sentMessage(rows[0]!.id).text);
  expect(match).not.toBeNull();
  return match![1]!;
}

const lookup = (token: string) => reviewInvitation(jsonRequest("/api/review-invitation", { token }));
const postReview = (body: Record<string, unknown>) => testimonialsFn(jsonRequest("/api/testimonials", body));

async function publicList(): Promise<{
  testimonials: PublicTestimonial[];
  stats: { count: number; average: number | null };
}> {
  const res = await testimonialsFn(getRequest("/api/testimonials"));
  expect(res.status).toBe(200);
  return (await res.json()) as never;
}

describe("review invitations", () => {
  it("are refused until the job is done", async () => {
    const res = await bookings(jsonRequest("/api/bookings", validBooking()));
    const { id } = (await res.json()) as { id: number };
    const refused = await invite(id);
    expect(refused.status).toBe(409);
    expect(refused.json.error.code).toBe("not_done");
    expect(await t.db.select().from(reviewInvitations).where(eq(reviewInvitations.submissionId, id))).toEqual(
      [],
    );
  });

  it("send a one-time link: it prefills name and town, works once, and its review is verified", async () => {
    const job = await finishedBooking({ name: "Fiona Campbell", address: "4 Kirk Wynd, Kirkcaldy KY1 1AB" });
    const sent = await invite(job.id);
    expect(sent.status).toBe(201);
    expect(sent.json.invitation).toMatchObject({ submissionId: job.id, usedAt: null, mailStatus: "pending" });
    const expiresIn = Date.parse(sent.json.invitation.expiresAt) - Date.now();
    expect(Math.round(expiresIn / 86_400_000)).toBe(60);

    const token = await tokenFor(job.id);
    // Only the token's hash is stored.
    const [stored] = await t.db
      .select()
      .from(reviewInvitations)
      .where(eq(reviewInvitations.submissionId, job.id));
    expect(stored!.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(stored)).not.toContain(token);

    const prefill = await lookup(token);
    expect(prefill.status).toBe(200);
    expect(await prefill.json()).toMatchObject({
      // The first name and the surname's initial; the customer may write more.
      name: "Fiona C.",
      location: "Kirkcaldy",
      jobCompletedMonth: londonMonth(job.stateChangedAt),
    });

    // The customer edits the prefilled name; the review is stored pending, with the job's date.
    const first = await postReview({ ...validReview({ name: "Fiona Cam", rating: 2 }), invitation: token });
    expect(first.status).toBe(201);
    const { id: reviewId } = (await first.json()) as { id: number };
    const [row] = await t.db.select().from(testimonials).where(eq(testimonials.id, reviewId));
    expect(row).toMatchObject({ name: "Fiona Cam", approved: false, rating: 2 });
    expect(row!.jobCompletedAt!.getTime()).toBe(job.stateChangedAt.getTime());

    // Second use: refused with a clear message, nothing stored.
    const before = (await t.db.select().from(testimonials)).length;
    const second = await postReview({ ...validReview(), invitation: token });
    expect(second.status).toBe(409);
    const secondBody = (await second.json()) as { error: { code: string; message: string } };
    expect(secondBody.error).toMatchObject({ code: "invitation_used", message: invitationMessages.used });
    expect((await t.db.select().from(testimonials)).length).toBe(before);
    const again = await lookup(token);
    expect(again.status).toBe(409);

    // A second invitation for the same job is refused once its review came in.
    const resend = await invite(job.id);
    expect(resend.status).toBe(409);
    expect(resend.json.error.code).toBe("already_reviewed");

    // Approved: the public list carries the badge data; approval never looked at the 2 stars.
    const approved = await owner.call(adminTestimonials, "PATCH", `/api/admin/testimonials/${reviewId}`, {
      body: { approved: true },
    });
    expect(approved.status).toBe(200);
    expect(approved.json.testimonial).toMatchObject({
      status: "approved",
      jobCompletedMonth: londonMonth(job.stateChangedAt),
    });
    const listed = (await publicList()).testimonials.find((r) => r.id === reviewId);
    expect(listed).toMatchObject({ jobCompletedMonth: londonMonth(job.stateChangedAt), reply: null });
    const html = renderToStaticMarkup(createElement(TestimonialCard, { testimonial: listed! }));
    const month = new Intl.DateTimeFormat("en-GB", {
      month: "long",
      year: "numeric",
      timeZone: "UTC",
    }).format(new Date(`${londonMonth(job.stateChangedAt)}-15T00:00:00Z`));
    expect(html).toContain(`Verified customer, job completed ${month}`);

    const invitations = await owner.call(
      adminReviewInvitations,
      "GET",
      `/api/admin/review-invitations?submissionId=${job.id}`,
    );
    expect(invitations.json.invitations[0]).toMatchObject({
      testimonialId: reviewId,
      usedAt: expect.any(String),
    });
  });

  it("an open review (no link) is stored and listed without the badge", async () => {
    const res = await postReview(validReview());
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: number };
    await owner.call(adminTestimonials, "PATCH", `/api/admin/testimonials/${id}`, {
      body: { approved: true },
    });
    const listed = (await publicList()).testimonials.find((r) => r.id === id)!;
    expect(listed.jobCompletedMonth).toBeNull();
    expect(renderToStaticMarkup(createElement(TestimonialCard, { testimonial: listed }))).not.toContain(
      "Verified customer",
    );
  });

  it("refuses an unknown, malformed or expired link, and a resend ends the earlier link", async () => {
    const unknown = await lookup("A".repeat(43));
    expect(unknown.status).toBe(404);
    const malformed = await postReview({ ...validReview(), invitation: "not-a-token" });
    expect(malformed.status).toBe(422);

    const job = await finishedBooking();
    await invite(job.id);
    const firstToken = await tokenFor(job.id);
    await invite(job.id);
    const secondToken = await tokenFor(job.id);
    expect(secondToken).not.toBe(firstToken);
    expect((await lookup(firstToken)).status).toBe(409);
    expect((await lookup(secondToken)).status).toBe(200);

    await t.db
      .update(reviewInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(reviewInvitations.tokenHash, hashToken(secondToken)));
    const expired = await lookup(secondToken);
    expect(expired.status).toBe(409);
    expect(((await expired.json()) as { error: { code: string } }).error.code).toBe("invitation_expired");
    expect((await postReview({ ...validReview(), invitation: secondToken })).status).toBe(409);
  });

  it("go out by themselves on `done` when the owner has switched that on", async () => {
    const settings = await owner.call(
      adminReviewInvitations,
      "PUT",
      "/api/admin/review-invitations/settings",
      {
        body: { autoInvite: true },
      },
    );
    expect(settings.json).toEqual({ autoInvite: true });
    const job = await finishedBooking();
    expect((await lookup(await tokenFor(job.id))).status).toBe(200);
    // Marking it done again (after reopening) sends no second invitation.
    await owner.call(adminSubmissions, "PATCH", `/api/admin/submissions/${job.id}`, {
      body: { state: "contacted" },
    });
    await owner.call(adminSubmissions, "PATCH", `/api/admin/submissions/${job.id}`, {
      body: { state: "done" },
    });
    expect(
      await t.db.select().from(reviewInvitations).where(eq(reviewInvitations.submissionId, job.id)),
    ).toHaveLength(1);
    await owner.call(adminReviewInvitations, "PUT", "/api/admin/review-invitations/settings", {
      body: { autoInvite: false },
    });
    const manual = await finishedBooking();
    expect(
      await t.db.select().from(reviewInvitations).where(eq(reviewInvitations.submissionId, manual.id)),
    ).toEqual([]);
  });
});

describe("moderation", () => {
  async function pendingReview(rating = 1) {
    const res = await postReview(validReview({ rating }));
    return ((await res.json()) as { id: number }).id;
  }
  const reject = (body: unknown) =>
    owner.call(adminTestimonials, "POST", "/api/admin/testimonials/reject", { body });

  it("refuses a rejection without a reason from the fixed list, and stores reason and time", async () => {
    const id = await pendingReview();
    for (const body of [{ id }, { id, reason: "" }, { id, reason: "bad rating" }, { id, reason: null }]) {
      const refused = await reject(body);
      expect(refused.status).toBe(422);
      expect(refused.json.error.fields.reason).toBe(
        "Choose a reason for rejecting the review from the list.",
      );
    }
    const [untouched] = await t.db.select().from(testimonials).where(eq(testimonials.id, id));
    expect(untouched).toMatchObject({ rejectedReason: null, rejectedAt: null });

    const pendingBefore = (await countByStatus()).pending;
    const rejected = await reject({ id, reason: "personal-data" });
    // A rejected review no longer waits for the owner on the dashboard.
    expect((await countByStatus()).pending).toBe(pendingBefore - 1);
    expect(rejected.status).toBe(200);
    expect(rejected.json.testimonial).toMatchObject({
      status: "rejected",
      rejectedReason: "personal-data",
      approved: false,
    });
    const [row] = await t.db.select().from(testimonials).where(eq(testimonials.id, id));
    expect(row!.rejectedReason).toBe("personal-data");
    expect(Math.abs(row!.rejectedAt!.getTime() - Date.now())).toBeLessThan(60_000);

    // The database refuses a rejection without its reason too.
    await expect(
      t.db.execute(sql`update testimonials set rejected_at = now(), rejected_reason = null where id = ${id}`),
    ).rejects.toThrow();
    // Approving later clears the rejection.
    const approved = await owner.call(adminTestimonials, "PATCH", `/api/admin/testimonials/${id}`, {
      body: { approved: true },
    });
    expect(approved.json.testimonial).toMatchObject({ status: "approved", rejectedReason: null });
  });

  it("counts and averages every published review", async () => {
    const { stats, testimonials: shown } = await publicList();
    const [row] = await t.db
      .select({ n: count(), mean: avg(testimonials.rating) })
      .from(testimonials)
      .where(eq(testimonials.approved, true));
    const n = Number(row!.n);
    const mean = Number(row!.mean);
    expect(stats.count).toBe(Number(n));
    expect(stats.average).toBe(Math.round(Number(mean) * 10) / 10);
    expect(shown.length).toBe(Number(n));
  });
});

describe("the owner's public reply", () => {
  it("is one per review, editable, removable, and shown as text (HTML escaped)", async () => {
    const res = await postReview(validReview());
    const { id } = (await res.json()) as { id: number };
    await owner.call(adminTestimonials, "PATCH", `/api/admin/testimonials/${id}`, {
      body: { approved: true },
    });
    const reply = (text: string | null) =>
      owner.call(adminTestimonials, "PUT", "/api/admin/testimonials/reply", { body: { id, text } });

    expect((await reply("   ")).status).toBe(422);
    const first = await reply("Thanks!");
    expect(first.json.testimonial.reply.text).toBe("Thanks!");
    const html = `<script>alert("x")</script><b>Thank you</b> & see you soon`;
    const edited = await reply(html);
    expect(edited.status).toBe(200);
    const listed = (await publicList()).testimonials.find((r) => r.id === id)!;
    expect(listed.reply?.text).toBe(html);

    const card = renderToStaticMarkup(createElement(TestimonialCard, { testimonial: listed }));
    expect(card).toContain(
      "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;b&gt;Thank you&lt;/b&gt; &amp; see you soon",
    );
    expect(card).not.toContain("<script>");
    expect(card).not.toContain("<b>");

    const removed = await reply(null);
    expect(removed.json.testimonial.reply).toBeNull();
    expect((await publicList()).testimonials.find((r) => r.id === id)!.reply).toBeNull();
  });
});
