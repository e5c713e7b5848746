/**
 * Who acted, in a request's history, as the HTTP edge and the scheduled function set it in the
 * service context (src/platform/context.ts `Actor`): one request booked on the website, answered
 * by the customer through their private link, moved on by the owner in the admin, and its quote
 * expired by the scheduled job. Real handlers, real requests, a real database.
 */
import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import adminQuotes from "../../netlify/functions/admin-quotes.mts";
import adminRequestQuotes from "../../netlify/functions/admin-request-quotes.mts";
import adminSubmissions from "../../netlify/functions/admin-submissions.mts";
import bookings from "../../netlify/functions/bookings.mts";
import customerPageFn from "../../netlify/functions/customer-page.mts";
import mailRetry from "../../netlify/functions/mail-retry.mts";
import { addDays } from "../../src/features/appointments/contract";
import { adminSessions, quotes, requestHistory } from "../../src/features/tables";
import { dateInZone } from "../../src/platform/time";
import { adminClient } from "../helpers/admin";
import { useTestDatabase } from "../helpers/db";
import { getRequest, jsonRequest, randomIp, validBooking } from "../helpers/http";
import { sendPending, sentMessage } from "../helpers/sent-mail";

const t = useTestDatabase();
const origin = "http://localhost";

const historyOf = (id: number) =>
  t.db.select().from(requestHistory).where(eq(requestHistory.submissionId, id)).orderBy(requestHistory.id);

/** The private link's token in the customer's newest e-mail, as sent. */
async function customerToken(id: number): Promise<string> {
  const sent = await sendPending(t.db, { submissionId: id });
  const texts = [...sent.keys()].map((mailId) => sentMessage(mailId).text);
  const token = texts
    .map((text) => /\/request\/([A-Za-z0-9_-]{22})(?![A-Za-z0-9_-])/.exec(text)?.[1])
    .find(Boolean);
  expect(token).toBeDefined();
  return token!;
}

/** The customer's message, sent from their page's confirmation step as a browser sends it. */
async function customerMessage(token: string, message: string) {
  const step = await customerPageFn(getRequest(`/request/${token}?step=message`));
  const html = await step.text();
  expect(step.status, html).toBe(200);
  const nonce = /name="nonce" value="([^"]+)"/.exec(html)![1]!;
  return customerPageFn(
    new Request(`${origin}/request/${token}`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        accept: "text/html",
        "x-forwarded-for": randomIp(),
        origin,
      },
      body: new URLSearchParams({ action: "message", nonce, message }).toString(),
    }),
  );
}

describe("the request history names who acted", () => {
  it("the website's form, the customer's link, the owner's session and the scheduled job", async () => {
    // The website: a booking through the public form.
    const booked = await bookings(jsonRequest("/api/bookings", validBooking({ name: "Morag Actor" })));
    expect(booked.status).toBe(201);
    const { id } = (await booked.json()) as { id: number };

    // The customer, through the link in their confirmation.
    const token = await customerToken(id);
    const messaged = await customerMessage(token, "The side gate is open.");
    expect(messaged.status).toBe(200);

    // The owner, signed in to the admin.
    const owner = await adminClient();
    const moved = await owner.call(adminSubmissions, "PATCH", `/api/admin/submissions/${id}`, {
      body: { state: "contacted", note: "Phoned back" },
    });
    expect(moved.status, moved.text).toBe(200);
    const [session] = await t.db.select().from(adminSessions).orderBy(desc(adminSessions.id)).limit(1);

    // The scheduled job: a sent quote whose last day has passed expires on the next run.
    const made = await owner.call(adminRequestQuotes, "POST", `/api/admin/submissions/${id}/quotes`, {
      body: { lines: [{ description: "Paint the hall", quantity: 1, unitPence: 25000, optional: false }] },
    });
    expect(made.status, made.text).toBe(201);
    const sent = await owner.call(adminQuotes, "POST", `/api/admin/quotes/${made.json.quote.id}/send`);
    expect(sent.status, sent.text).toBe(200);
    await t.db
      .update(quotes)
      .set({ validUntil: addDays(dateInZone(new Date()), -1) })
      .where(eq(quotes.id, made.json.quote.id));
    const run = await mailRetry();
    expect(run.status).toBeLessThan(300);

    const history = await historyOf(id);
    const byNote = (part: string) => history.find((h) => h.note?.includes(part));
    expect(history[0]).toMatchObject({
      fromState: null,
      toState: "new",
      actor: "website",
      actedBy: { kind: "website", form: "/api/bookings" },
    });
    expect(byNote("The side gate is open.")).toMatchObject({
      actor: "customer",
      actedBy: { kind: "customer", link: "request" },
    });
    expect(history.find((h) => h.toState === "contacted")).toMatchObject({
      fromState: "new",
      actor: "owner",
      actedBy: { kind: "owner", session: session!.id },
      note: "Phoned back",
    });
    expect(byNote("Quote sent: ")).toMatchObject({ actor: "owner", actedBy: { kind: "owner" } });
    expect(byNote("Quote expired: ")).toMatchObject({
      actor: "system",
      actedBy: { kind: "job", name: "quote-expiry" },
    });
    // Every row names its actor.
    expect(history.every((h) => h.actedBy !== null)).toBe(true);
  });
});
