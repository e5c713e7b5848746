/**
 * A customer without an e-mail address on every send path
 * (docs/decisions/051-phone-only-customers-and-paid-papers.md), through the real handlers: the
 * owner makes a private link to text (POST /api/admin/submissions/:id/text-link), a draft quote is
 * marked sent without an e-mail (?by=text), and a review invitation answers with a link to text.
 * Each link opens what it says, only its hash is stored, and nothing is queued to be e-mailed.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import adminQuotes from "../../netlify/functions/admin-quotes.mts";
import adminRequestQuotes from "../../netlify/functions/admin-request-quotes.mts";
import adminReviewInvitations from "../../netlify/functions/admin-review-invitations.mts";
import adminSubmissions from "../../netlify/functions/admin-submissions.mts";
import customerPageFn from "../../netlify/functions/customer-page.mts";
import reviewInvitation from "../../netlify/functions/review-invitation.mts";
import { site } from "../../src/config/site";
import { customerLinks, mailOutbox, requestHistory, reviewInvitations } from "../../src/features/tables";
import { hashToken } from "../../src/features/mail/request-link";
import { adminClient } from "../helpers/admin";
import { useTestDatabase } from "../helpers/db";
import { jsonRequest, uniqueName } from "../helpers/http";

const t = useTestDatabase();

const phoneJob = () => ({
  source: "phone",
  name: uniqueName("Text Only"),
  phone: "07700 900456",
  address: "3 High Street, Kirkcaldy KY1 1LJ",
  service: "plumbing-heating",
  message: "The kitchen tap drips all night.",
});

const mailOf = (id: number) => t.db.select().from(mailOutbox).where(eq(mailOutbox.submissionId, id));

async function newPhoneJob() {
  const owner = await adminClient();
  const created = await owner.call(adminSubmissions, "POST", "/api/admin/submissions", { body: phoneJob() });
  expect(created.status).toBe(201);
  return { owner, id: created.json.submission.id as number };
}

const pageOf = async (url: string) => {
  const path = new URL(url).pathname;
  const res = await customerPageFn(new Request(`http://localhost:8888${path}`));
  return { status: res.status, html: await res.text() };
};

describe("a link to text for a customer without an e-mail address", () => {
  it("marks a draft quote sent without e-mail, and its link opens the page that shows the quote", async () => {
    const { owner, id } = await newPhoneJob();
    const draft = await owner.call(adminRequestQuotes, "POST", `/api/admin/submissions/${id}/quotes`, {
      body: { lines: [{ description: "Replace the kitchen tap", quantity: 1, unitPence: 12500 }] },
    });
    expect(draft.status).toBe(201);
    const quote = draft.json.quote;

    const plain = await owner.call(adminQuotes, "POST", `/api/admin/quotes/${quote.id}/send`);
    expect(plain.status).toBe(409);
    expect(plain.json.error.code).toBe("no_email");

    const sent = await owner.call(adminQuotes, "POST", `/api/admin/quotes/${quote.id}/send?by=text`);
    expect(sent.status).toBe(200);
    expect(sent.json.quote.status).toBe("sent");
    const history = await t.db.select().from(requestHistory).where(eq(requestHistory.submissionId, id));
    expect(history.map((h) => h.note)).toContain(`Quote sent: ${quote.number}, £125.00 (by text message)`);

    const made = await owner.call(adminSubmissions, "POST", `/api/admin/submissions/${id}/text-link`, {
      body: { about: "quote", reference: quote.number },
    });
    expect(made.status).toBe(201);
    const { url, message } = made.json.link as { url: string; message: string };
    expect(url).toMatch(/\/request\/[A-Za-z0-9_-]{22}$/);
    expect(message).toBe(`${site.name}: your quote ${quote.number} is ready: ${url}`);

    const token = url.split("/").pop()!;
    const [stored] = await t.db.select().from(customerLinks).where(eq(customerLinks.submissionId, id));
    expect(stored).toMatchObject({ tokenHash: hashToken(token), mailId: null, revokedAt: null });

    const page = await pageOf(url);
    expect(page.status).toBe(200);
    expect(page.html).toContain(quote.number);
    expect(page.html).toContain("£125.00");
    expect(await mailOf(id)).toEqual([]);

    // Each link is new, and the visit's message says what it is about.
    const visit = await owner.call(adminSubmissions, "POST", `/api/admin/submissions/${id}/text-link`, {
      body: { about: "visit" },
    });
    expect(visit.status).toBe(201);
    expect(visit.json.link.url).not.toBe(url);
    expect(visit.json.link.message).toBe(
      `${site.name}: your visit's time and details: ${visit.json.link.url}`,
    );
    expect((await pageOf(visit.json.link.url)).status).toBe(200);
    expect((await pageOf(url)).status).toBe(200);
  });

  it("refuses a bad topic or reference with 422 and stores no link", async () => {
    const { owner, id } = await newPhoneJob();
    const badTopic = await owner.call(adminSubmissions, "POST", `/api/admin/submissions/${id}/text-link`, {
      body: { about: "newsletter" },
    });
    expect(badTopic.status).toBe(422);
    const badRef = await owner.call(adminSubmissions, "POST", `/api/admin/submissions/${id}/text-link`, {
      body: { about: "invoice", reference: "<script>" },
    });
    expect(badRef.status).toBe(422);
    const missing = await owner.call(adminSubmissions, "POST", `/api/admin/submissions/999999/text-link`, {
      body: { about: "page" },
    });
    expect(missing.status).toBe(404);
    expect(await t.db.select().from(customerLinks).where(eq(customerLinks.submissionId, id))).toEqual([]);
  });

  it("answers a review invitation with a one-time link to text and queues no e-mail", async () => {
    const { owner, id } = await newPhoneJob();
    const done = await owner.call(adminSubmissions, "PATCH", `/api/admin/submissions/${id}`, {
      body: { state: "done" },
    });
    expect(done.status).toBe(200);

    const invite = await owner.call(adminReviewInvitations, "POST", "/api/admin/review-invitations", {
      body: { submissionId: id },
    });
    expect(invite.status).toBe(201);
    expect(invite.json.invitation.mailStatus).toBeNull();
    const { url, message } = invite.json.link as { url: string; message: string };
    const token = /\/testimonials#invite=([A-Za-z0-9_-]{43})$/.exec(url)?.[1];
    expect(token).toBeDefined();
    expect(message.startsWith(`${site.name}: `)).toBe(true);
    expect(message.endsWith(url)).toBe(true);

    const [row] = await t.db.select().from(reviewInvitations).where(eq(reviewInvitations.submissionId, id));
    expect(row).toMatchObject({ tokenHash: hashToken(token!), mailId: null, usedAt: null });
    expect(await mailOf(id)).toEqual([]);

    const lookup = await reviewInvitation(jsonRequest("/api/review-invitation", { token }));
    expect(lookup.status).toBe(200);

    // A new link stops the first one working.
    const again = await owner.call(adminReviewInvitations, "POST", "/api/admin/review-invitations", {
      body: { submissionId: id },
    });
    expect(again.status).toBe(201);
    const stale = await reviewInvitation(jsonRequest("/api/review-invitation", { token }));
    expect(stale.status).not.toBe(200);
    expect(await mailOf(id)).toEqual([]);
  });
});
