/**
 * Jobs the owner adds by hand (docs/decisions/037-jobs-by-hand.md), through the real handler:
 * POST /api/admin/submissions stores a booking with its source, joined to its customer, its history
 * started by the owner ("Added by you, from a phone call"), read; a visit at once under the owner's
 * own rules (a blocked day refused with the reason, booked with an override reason recorded); the
 * customer's confirmation only with an address and "send"; a job without an e-mail address can
 * still be scheduled, moved and closed, and every path that would e-mail it refuses (409 no_email),
 * stays silent, or (the review invitation) answers with a link for the owner to text.
 */
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import adminAppointments from "../../netlify/functions/admin-appointments.mts";
import adminQuotes from "../../netlify/functions/admin-quotes.mts";
import adminRequestQuotes from "../../netlify/functions/admin-request-quotes.mts";
import adminReviewInvitations from "../../netlify/functions/admin-review-invitations.mts";
import adminSubmissions from "../../netlify/functions/admin-submissions.mts";
import {
  appointments,
  blockedDates,
  customers,
  mailOutbox,
  requestHistory,
  requests,
} from "../../src/features/tables";
import { adminClient } from "../helpers/admin";
import { useTestDatabase } from "../helpers/db";
import { offeredDates } from "../helpers/dates";
import { uniqueName } from "../helpers/http";
import { sendPending } from "../helpers/sent-mail";

const t = useTestDatabase();
afterEach(async () => {
  await t.db.delete(blockedDates);
});

const job = (o: Record<string, unknown> = {}) => ({
  source: "phone",
  name: uniqueName("Phone Job"),
  phone: "07700 900123",
  address: "14 Links Street, Kirkcaldy KY1 1QH",
  service: "plumbing-heating",
  message: "The outside tap leaks when it is turned on.",
  ...o,
});

async function historyOf(id: number) {
  return t.db
    .select()
    .from(requestHistory)
    .where(eq(requestHistory.submissionId, id))
    .orderBy(requestHistory.id);
}
async function mailOf(id: number) {
  return t.db.select().from(mailOutbox).where(eq(mailOutbox.submissionId, id));
}

describe("POST /api/admin/submissions", () => {
  it("stores a phone job as a read booking with its source, its customer and the owner's first history row", async () => {
    const owner = await adminClient();
    const res = await owner.call(adminSubmissions, "POST", "/api/admin/submissions", { body: job() });
    expect(res.status).toBe(201);
    const s = res.json.submission;
    expect(s).toMatchObject({
      source: "phone",
      email: null,
      phone: "07700 900123",
      formType: "booking",
      state: "new",
      isRead: true,
    });
    const [first] = await historyOf(s.id);
    expect(first).toMatchObject({
      fromState: null,
      toState: "new",
      actor: "owner",
      note: "Added by you, from a phone call",
    });
    const [row] = await t.db.select().from(requests).where(eq(requests.id, s.id));
    expect(row!.customerId).not.toBeNull();
    // No e-mail address: nothing queued, not even the owner's own notification.
    expect(await mailOf(s.id)).toEqual([]);

    // The same phone written another way later is the same customer.
    const again = await owner.call(adminSubmissions, "POST", "/api/admin/submissions", {
      body: job({ name: s.name, phone: "+44 7700 900123", source: "repeat" }),
    });
    const [second] = await t.db.select().from(requests).where(eq(requests.id, again.json.submission.id));
    expect(second!.customerId).toBe(row!.customerId);
    const [customer] = await t.db.select().from(customers).where(eq(customers.id, row!.customerId!));
    expect(customer!.phoneDigits).toBe("07700900123");

    // The inbox finds it by the phone number in any spacing.
    const found = await owner.call(
      adminSubmissions,
      "GET",
      `/api/admin/submissions?q=${encodeURIComponent("07700900123")}`,
    );
    expect(found.json.submissions.map((r: { id: number }) => r.id)).toContain(s.id);
  });

  it("refuses a job with neither phone nor e-mail (422 on phone), and stores nothing", async () => {
    const owner = await adminClient();
    const name = uniqueName("Unreachable");
    const res = await owner.call(adminSubmissions, "POST", "/api/admin/submissions", {
      body: job({ name, phone: undefined }),
    });
    expect(res.status).toBe(422);
    expect(res.json.error.fields).toEqual({
      phone: "Please enter a phone number or an e-mail address: we need a way to reach the customer.",
    });
    expect(await t.db.select().from(requests).where(eq(requests.name, name))).toEqual([]);
  });

  it("sends the confirmation with the private link only with an address and send ticked", async () => {
    const owner = await adminClient();
    const quiet = await owner.call(adminSubmissions, "POST", "/api/admin/submissions", {
      body: job({ source: "email", email: "quiet.job@example.com" }),
    });
    expect(quiet.status).toBe(201);
    expect(await mailOf(quiet.json.submission.id)).toEqual([]);

    const sent = await owner.call(adminSubmissions, "POST", "/api/admin/submissions", {
      body: job({ source: "walk_in", email: "walk.in@example.com", sendConfirmation: true }),
    });
    expect(sent.status).toBe(201);
    const id = sent.json.submission.id;
    const mail = await mailOf(id);
    expect(mail.map((m) => [m.kind, m.toAddress])).toEqual([
      ["customer_confirmation", "walk.in@example.com"],
    ]);
    const [message] = [...(await sendPending(t.db, { submissionId: id })).values()];
    expect(message!.text).toMatch(/\/request\/[A-Za-z0-9_-]{20,}/);
    expect((await historyOf(id))[0]!.note).toBe("Added by you, from a walk-in");

    const noAddress = await owner.call(adminSubmissions, "POST", "/api/admin/submissions", {
      body: job({ sendConfirmation: true }),
    });
    expect(noAddress.status).toBe(422);
    expect(noAddress.json.error.fields).toEqual({
      sendConfirmation: "A confirmation needs the customer's e-mail address.",
    });
  });

  it("books a visit at once: a blocked day is refused with the reason and stores nothing, an override reason books it", async () => {
    const owner = await adminClient();
    const day = offeredDates()[2]!.date;
    await t.db.insert(blockedDates).values({ date: day, label: "Wedding" });
    const name = uniqueName("Blocked Day");
    const refused = await owner.call(adminSubmissions, "POST", "/api/admin/submissions", {
      body: job({ name, visit: { date: day, window: "morning", status: "confirmed" } }),
    });
    expect(refused.status).toBe(409);
    expect(refused.json.error.code).toBe("day_unavailable");
    expect(refused.json.error.message).toContain("Wedding");
    expect(await t.db.select().from(requests).where(eq(requests.name, name))).toEqual([]);

    const booked = await owner.call(adminSubmissions, "POST", "/api/admin/submissions", {
      body: job({
        name,
        visit: {
          date: day,
          window: "morning",
          status: "confirmed",
          dayOverrideReason: "He can only do that day",
        },
      }),
    });
    expect(booked.status).toBe(201);
    const id = booked.json.submission.id;
    expect(booked.json.submission.state).toBe("scheduled");
    const [visit] = await t.db.select().from(appointments).where(eq(appointments.submissionId, id));
    expect(visit).toMatchObject({ status: "confirmed", date: day, window: "morning" });
    const notes = (await historyOf(id)).map((h) => [h.actor, h.note]);
    expect(notes[0]).toEqual(["owner", "Added by you, from a phone call"]);
    expect(
      notes.some(([actor, note]) => actor === "owner" && note?.includes("He can only do that day")),
    ).toBe(true);
    // Without an address, the confirmation of the visit is not e-mailed either.
    expect(await mailOf(id)).toEqual([]);
  });

  it("a repeated Idempotency-Key returns the first job and stores one", async () => {
    const owner = await adminClient();
    const body = job({ name: uniqueName("Double Tap") });
    const headers = { "Idempotency-Key": `double-tap-${Date.now()}` };
    const first = await owner.call(adminSubmissions, "POST", "/api/admin/submissions", { body, headers });
    const second = await owner.call(adminSubmissions, "POST", "/api/admin/submissions", { body, headers });
    expect(first.status).toBe(201);
    expect(second.json.submission.id).toBe(first.json.submission.id);
    expect(await t.db.select().from(requests).where(eq(requests.name, body.name))).toHaveLength(1);
  });

  it("is the owner's only: no session, 401", async () => {
    const owner = await adminClient();
    const res = await owner.call(adminSubmissions, "POST", "/api/admin/submissions", {
      body: job(),
      anonymous: true,
    });
    expect(res.status).toBe(401);
  });
});

describe("a job without an e-mail address", () => {
  it("is offered, moved and closed with nothing queued, and refuses a quote (409 no_email) without changing it", async () => {
    const owner = await adminClient();
    const [d1, d2] = offeredDates()
      .slice(3, 5)
      .map((o) => o.date);
    const created = await owner.call(adminSubmissions, "POST", "/api/admin/submissions", {
      body: job({ visit: { date: d1, window: "afternoon", status: "confirmed" } }),
    });
    const id = created.json.submission.id;
    const moved = await owner.call(adminAppointments, "POST", `/api/admin/appointments/${id}`, {
      body: { action: "confirm", date: d2, window: "morning" },
    });
    expect(moved.status).toBe(200);
    const [visit] = await t.db.select().from(appointments).where(eq(appointments.submissionId, id));
    expect(visit).toMatchObject({ date: d2, window: "morning", sequence: 1 });

    const draft = await owner.call(adminRequestQuotes, "POST", `/api/admin/submissions/${id}/quotes`, {
      body: { lines: [{ description: "Replace the outside tap", quantity: 1, unitPence: 8500 }] },
    });
    expect(draft.status).toBe(201);
    const quoteId = draft.json.quote.id;
    const send = await owner.call(adminQuotes, "POST", `/api/admin/quotes/${quoteId}/send`);
    expect(send.status).toBe(409);
    expect(send.json.error.code).toBe("no_email");
    expect(send.json.error.message).toBe(
      "This customer has no e-mail address, so a quote cannot be e-mailed to them.",
    );
    const after = await owner.call(adminQuotes, "GET", `/api/admin/quotes/${quoteId}`);
    expect(after.json.quote.status).toBe("draft");

    const done = await owner.call(adminSubmissions, "PATCH", `/api/admin/submissions/${id}`, {
      body: { state: "done", visit: "cancel" },
    });
    expect(done.status).toBe(200);
    const [ended] = await t.db.select().from(appointments).where(eq(appointments.submissionId, id));
    expect(ended!.status).toBe("cancelled");
    expect(await mailOf(id)).toEqual([]);

    // The review invitation is a link for the owner to text, not an e-mail.
    const invite = await owner.call(adminReviewInvitations, "POST", "/api/admin/review-invitations", {
      body: { submissionId: id },
    });
    expect(invite.status).toBe(201);
    expect(invite.json.link.url).toMatch(/\/testimonials#invite=/);
    expect(await mailOf(id)).toEqual([]);
  });
});
