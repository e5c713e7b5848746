/**
 * No stored e-mail holds a live token (docs/decisions/027-security-review-fixes.md): a customer
 * e-mail's link to the request page and a review invitation's link get their tokens only in the
 * copy handed to the transport. Checked through the real handlers, the real delivery code and a
 * real SMTP server: while waiting, after sending, and in the personal-data export; and the tokens
 * that left do work.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import adminPerson from "../../netlify/functions/admin-person.mts";
import adminReviewInvitations from "../../netlify/functions/admin-review-invitations.mts";
import adminSubmissions from "../../netlify/functions/admin-submissions.mts";
import bookings from "../../netlify/functions/bookings.mts";
import customerPageFn from "../../netlify/functions/customer-page.mts";
import reviewInvitation from "../../netlify/functions/review-invitation.mts";
import { customerLinks, mailOutbox, reviewInvitations } from "../../src/features/tables";
import { deliverDue } from "../../src/features/mail/service-delivery";
import { setMailSender } from "../../src/features/mail/service";
import { createSmtpSender } from "../../src/platform/mail/transport";
import { adminClient } from "../helpers/admin";
import { useTestDatabase } from "../helpers/db";
import { getRequest, jsonRequest, validBooking } from "../helpers/http";
import { startSmtp } from "../helpers/smtp";

const t = useTestDatabase();
const pageToken = /\/request\/([A-Za-z0-9_-]{22})(?![A-Za-z0-9_-])/g;
const inviteToken = /#invite=([A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])/g;
const anyToken = (text: string) =>
  [...text.matchAll(pageToken), ...text.matchAll(inviteToken)].map((m) => m[1]);

let smtp: Awaited<ReturnType<typeof startSmtp>>;
const sender = () =>
  createSmtpSender({ smtpUrl: `smtp://127.0.0.1:${smtp.port}?tls=off`, from: "Site <s@example.com>" }, 2000);
beforeAll(async () => {
  smtp = await startSmtp();
  setMailSender(null); // queued only; each test sends when it says so
});
afterAll(async () => {
  setMailSender(undefined);
  await smtp.close();
});

const stored = async (requestId: number) =>
  t.db.select().from(mailOutbox).where(eq(mailOutbox.submissionId, requestId));

const decode = (raw: string) =>
  raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));

describe("tokens are never stored", () => {
  it("a booking's confirmation and a review invitation: no token while waiting, after sending, or in the export; the sent ones work", async () => {
    const email = `tokens.${Date.now()}@example.com`;
    const res = await bookings(jsonRequest("/api/bookings", validBooking({ email })));
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: number };
    const owner = await adminClient();
    expect(
      (
        await owner.call(adminSubmissions, "PATCH", `/api/admin/submissions/${id}`, {
          body: { state: "done" },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await owner.call(adminReviewInvitations, "POST", "/api/admin/review-invitations", {
          body: { submissionId: id },
        })
      ).status,
    ).toBe(201);

    // Queued: the confirmation and the invitation are stored without any token.
    const waiting = await stored(id);
    expect(waiting.map((m) => m.kind)).toEqual(
      expect.arrayContaining(["customer_confirmation", "review_invitation"]),
    );
    for (const m of waiting) expect(anyToken(m.textBody + m.htmlBody), m.kind).toEqual([]);
    const exportWhileWaiting = await owner.call(adminPerson, "POST", "/api/admin/person/export", {
      body: { email },
    });
    expect(exportWhileWaiting.status).toBe(200);
    expect(anyToken(exportWhileWaiting.text)).toEqual([]);
    expect(exportWhileWaiting.text).not.toContain("__request_link__");

    // Sent through a real SMTP server: the e-mails that left carry tokens; the stored copies do not.
    await deliverDue(t.db, sender(), { ids: waiting.map((m) => m.id) });
    const received = smtp.received.filter((m) => m.envelopeTo.includes(email)).map((m) => decode(m.raw));
    const sentText = received.join("\n");
    const page = [...sentText.matchAll(pageToken)].map((m) => m[1]!);
    const invite = [...sentText.matchAll(inviteToken)].map((m) => m[1]!);
    expect(page.length).toBeGreaterThan(0);
    expect(invite.length).toBeGreaterThan(0);
    for (const m of await stored(id)) {
      expect(m.status).toBe("sent");
      expect(anyToken(m.textBody + m.htmlBody), m.kind).toEqual([]);
      for (const token of [...page, ...invite]) expect(m.textBody + m.htmlBody).not.toContain(token);
    }
    const exported = await owner.call(adminPerson, "POST", "/api/admin/person/export", { body: { email } });
    expect(anyToken(exported.text)).toEqual([]);
    for (const token of [...page, ...invite]) expect(exported.text).not.toContain(token);
    // Nor do the link tables: hashes only.
    const tables = JSON.stringify([
      await t.db.select().from(customerLinks).where(eq(customerLinks.submissionId, id)),
      await t.db.select().from(reviewInvitations).where(eq(reviewInvitations.submissionId, id)),
    ]);
    for (const token of [...page, ...invite]) expect(tables).not.toContain(token);

    // What left works: the page opens (a done request, closed less than 30 days ago), the invitation prefills.
    expect((await customerPageFn(getRequest(`/request/${page[0]}`))).status).toBe(200);
    const lookup = await reviewInvitation(jsonRequest("/api/review-invitation", { token: invite[0] }));
    expect(lookup.status).toBe(200);
  });

  it("a retry after a failed attempt sends a new token; the failed attempt's token never worked", async () => {
    const res = await bookings(jsonRequest("/api/bookings", validBooking()));
    const { id } = (await res.json()) as { id: number };
    const [confirmation] = (await stored(id)).filter((m) => m.kind === "customer_confirmation");
    let lost = "";
    await deliverDue(
      t.db,
      {
        send: async (m) => {
          lost = m.text;
          throw new Error("connection reset");
        },
      },
      { ids: [confirmation!.id] },
    );
    const lostToken = [...lost.matchAll(pageToken)][0]![1]!;
    await t.db
      .update(mailOutbox)
      .set({ nextAttemptAt: new Date() })
      .where(eq(mailOutbox.id, confirmation!.id));
    let sent = "";
    await deliverDue(t.db, { send: async (m) => void (sent = m.text) }, { ids: [confirmation!.id] });
    const token = [...sent.matchAll(pageToken)][0]![1]!;
    expect(token).not.toBe(lostToken);
    expect((await customerPageFn(getRequest(`/request/${lostToken}`))).status).toBe(404);
    expect((await customerPageFn(getRequest(`/request/${token}`))).status).toBe(200);
  });
});
