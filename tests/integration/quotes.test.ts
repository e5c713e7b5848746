/**
 * Quotes on a real database (PGlite, and PostgreSQL under scripts/with-postgres.ts): the admin
 * endpoints through their Netlify handlers (validation per field, 404, 409, versions), sending with
 * the PDF and the private link, the customer's accept (evidence, e-mails, two at once), decline and
 * cancel within the 14 days (across the October clock change), and the scheduled expiry and one
 * follow-up with a fixed clock. Every PDF is read back as text; every e-mail is read.
 */
import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import adminQuotes from "../../netlify/functions/admin-quotes.mts";
import adminRequestQuotes from "../../netlify/functions/admin-request-quotes.mts";
import adminPriceList from "../../netlify/functions/admin-price-list.mts";
import adminAppointments from "../../netlify/functions/admin-appointments.mts";
import adminSchedule from "../../netlify/functions/admin-schedule.mts";
import type { ScheduleAnswerWire as ScheduleAnswer } from "../../src/features/schedule/contract/endpoints";
import { appointments, mailOutbox, quotes, requestHistory } from "../../src/features/tables";
import { serviceContext } from "../../src/platform/context";
import { addDays, dateInZone, formatShortDate, wallClockInstant } from "../../src/platform/time";
import { actOnAppointment } from "../../src/features/appointments/service";
import { setMailSender } from "../../src/features/mail/service";
import { createSmtpSender } from "../../src/platform/mail/transport";
import {
  acceptQuote,
  cancelQuote,
  declineQuote,
  markQuoteViewed,
  quoteForCustomerPage,
} from "../../src/features/quotes/service-customer";
import { ownerCancelQuote } from "../../src/features/quotes/service";
import { staleQuotes } from "../../src/features/requests/repository-workflow";
import { requests } from "../../src/features/tables";
import { runQuoteJobs } from "../../src/features/quotes/service-scheduled";
import { runScheduledJobs } from "../../src/features/housekeeping/service-scheduled";
import { adminClient, seedRequest } from "../helpers/admin";
import { useTestDatabase } from "../helpers/db";
import { offeredFrom } from "../helpers/dates";
import { sendPending } from "../helpers/sent-mail";
import { quoteTitle } from "../../src/features/quotes/contract/rules";
import { formatMoney } from "../../src/platform/money";
import { startSmtp } from "../helpers/smtp";
import { pdfFromMime, pdfWords } from "../helpers/pdf";

const t = useTestDatabase();

afterEach(() => setMailSender(undefined));

const line = (description: string, quantity: number, unitPence: number, optional = false) => ({
  description,
  quantity,
  unitPence,
  optional,
});

const basicQuote = {
  lines: [
    line("Replace the kitchen tap", 1, 8500),
    line("Labour (hours)", 2.5, 4000),
    line("Descale the shower", 1, 2000, true),
  ],
  note: "Materials included.",
  depositPercent: 10,
};

async function newQuote(body: unknown = basicQuote) {
  const owner = await adminClient();
  const request = await seedRequest();
  const res = await owner.call(adminRequestQuotes, "POST", `/api/admin/submissions/${request.id}/quotes`, {
    body,
  });
  expect(res.status, res.text).toBe(201);
  return { owner, request, quote: res.json.quote };
}

async function sentQuote(body: unknown = basicQuote) {
  const made = await newQuote(body);
  const sent = await made.owner.call(adminQuotes, "POST", `/api/admin/quotes/${made.quote.id}/send`);
  expect(sent.status, sent.text).toBe(200);
  return { ...made, quote: sent.json.quote };
}

const mailOf = (requestId: number) =>
  t.db.select().from(mailOutbox).where(eq(mailOutbox.submissionId, requestId)).orderBy(mailOutbox.id);

const historyOf = (requestId: number) =>
  t.db
    .select()
    .from(requestHistory)
    .where(eq(requestHistory.submissionId, requestId))
    .orderBy(requestHistory.id);

const pdfOfRow = (row: { attachments: { content: string; contentType: string }[] | null }) => {
  const a = row.attachments?.find((x) => x.contentType === "application/pdf");
  expect(a).toBeDefined();
  return new Uint8Array(Buffer.from(a!.content, "base64"));
};

describe("the admin endpoints", () => {
  it("creates a draft with totals in pence and the defaults, and lists it with the settings", async () => {
    const { owner, request, quote } = await newQuote();
    const today = dateInZone(new Date());
    expect(quote).toMatchObject({
      submissionId: request.id,
      number: `Q-${String(request.id).padStart(6, "0")}`,
      version: 1,
      status: "draft",
      totalPence: 18500,
      maxTotalPence: 20500,
      depositPercent: 10,
      depositDuePence: 1850,
      validUntil: addDays(today, 30),
      acceptance: null,
      note: "Materials included.",
    });
    expect(quote.lines.map((l: { quantity: number; netPence: number }) => [l.quantity, l.netPence])).toEqual([
      [1, 8500],
      [2.5, 10000],
      [1, 2000],
    ]);
    const stored = await t.db.select().from(quotes).where(eq(quotes.id, quote.id));
    expect(stored[0]!.totalPence).toBe(18500);
    const listed = await owner.call(adminRequestQuotes, "GET", `/api/admin/submissions/${request.id}/quotes`);
    expect(listed.status).toBe(200);
    expect(listed.json.quotes.map((q: { id: number }) => q.id)).toEqual([quote.id]);
    expect(listed.json.settings).toMatchObject({
      vatRegistered: false,
      validDays: 30,
      followUpDays: 7,
      today,
    });
    const one = await owner.call(adminQuotes, "GET", `/api/admin/quotes/${quote.id}`);
    expect(one.json.quote).toEqual(quote);
  });

  it("answers bad input with a message per field, and stores nothing", async () => {
    const owner = await adminClient();
    const request = await seedRequest();
    const path = `/api/admin/submissions/${request.id}/quotes`;
    const post = (body: unknown) => owner.call(adminRequestQuotes, "POST", path, { body });
    const cases: [unknown, Record<string, string>][] = [
      [{ lines: [line("Tap", 0, 100)] }, { lines: "Line 1: The quantity must be more than 0." }],
      [{ lines: [line("Tap", -2, 100)] }, { lines: "Line 1: The quantity must be more than 0." }],
      [
        { lines: [line("Tap", 1, 10_000_001)] },
        { lines: "Line 1: The unit price must be at most £100,000." },
      ],
      [
        { lines: [line("Tap", 1, 100), line("d".repeat(10 * 1024), 1, 100)] },
        { lines: "Line 2: The description must be at most 500 characters." },
      ],
      [
        { lines: Array.from({ length: 101 }, () => line("Tap", 1, 100)) },
        { lines: "A quote may have at most 100 lines." },
      ],
      [
        { lines: [line("Tap", 1, 100)], validUntil: "2020-01-01" },
        { validUntil: "The valid-until date cannot be in the past." },
      ],
      [
        { lines: [line("Tap", 1, 100)], depositPence: 500 },
        { depositPence: "The deposit cannot be more than the total (£1.00)." },
      ],
    ];
    for (const [body, fields] of cases) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(res.json.error).toMatchObject({ code: "validation_failed", fields });
    }
    // A hundred lines of 500 characters is within the limits (and the body limit).
    const big = await post({
      lines: Array.from({ length: 100 }, (_, i) => line(`${i} ${"é".repeat(495)}`, 1.25, 100)),
    });
    expect(big.status, big.text).toBe(201);
    expect(big.json.quote.lines).toHaveLength(100);
    expect((await t.db.select().from(quotes).where(eq(quotes.submissionId, request.id))).length).toBe(1);
  });

  it("answers 404 for unknown ids, 401 without a session and 403 from another site", async () => {
    const owner = await adminClient();
    const { quote } = await newQuote();
    expect((await owner.call(adminQuotes, "GET", "/api/admin/quotes/999999")).status).toBe(404);
    expect(
      (await owner.call(adminQuotes, "PATCH", "/api/admin/quotes/999999", { body: { note: "x" } })).status,
    ).toBe(404);
    expect((await owner.call(adminQuotes, "POST", "/api/admin/quotes/999999/send")).status).toBe(404);
    expect((await owner.call(adminQuotes, "GET", "/api/admin/quotes/abc/pdf")).status).toBe(404);
    const missing = await owner.call(adminRequestQuotes, "POST", "/api/admin/submissions/999999/quotes", {
      body: basicQuote,
    });
    expect(missing.status).toBe(404);
    expect(
      (await owner.call(adminQuotes, "GET", `/api/admin/quotes/${quote.id}`, { anonymous: true })).status,
    ).toBe(401);
    const foreign = await owner.call(adminQuotes, "POST", `/api/admin/quotes/${quote.id}/send`, {
      origin: "https://evil.example",
    });
    expect(foreign.status).toBe(403);
    expect((await t.db.select().from(quotes).where(eq(quotes.id, quote.id)))[0]!.status).toBe("draft");
  });

  it("a draft changes in place; a second quote while one is live is refused with 409", async () => {
    const { owner, request, quote } = await newQuote();
    const res = await owner.call(adminQuotes, "PATCH", `/api/admin/quotes/${quote.id}`, {
      body: { lines: [line("Fit a new radiator", 1, 30000)], depositPence: 5000, note: null },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json.quote).toMatchObject({
      id: quote.id,
      version: 1,
      status: "draft",
      totalPence: 30000,
      depositPence: 5000,
      depositPercent: null,
      depositDuePence: 5000,
      note: null,
    });
    const again = await owner.call(
      adminRequestQuotes,
      "POST",
      `/api/admin/submissions/${request.id}/quotes`,
      {
        body: basicQuote,
      },
    );
    expect(again.status).toBe(409);
    expect(again.json.error.message).toContain("already has a draft quote");
  });

  it("sending moves the request to quoted with a history row and e-mails the link and the PDF", async () => {
    const smtp = await startSmtp();
    setMailSender(
      createSmtpSender(
        { smtpUrl: `smtp://127.0.0.1:${smtp.port}?tls=off`, from: "Site <s@example.com>" },
        4000,
      ),
    );
    try {
      const { owner, request, quote } = await sentQuote({
        ...basicQuote,
        lines: [line("Tap <script>alert(1)</script>", 1, 8500), ...basicQuote.lines.slice(1)],
      });
      expect(quote.status).toBe("sent");
      expect(quote.sentAt).toEqual(expect.any(String));
      const history = await historyOf(request.id);
      expect(history.at(-1)).toMatchObject({ fromState: "new", toState: "quoted", actor: "owner" });
      expect(history.at(-1)!.note).toContain(`Quote sent: Q-${String(request.id).padStart(6, "0")}, £185.00`);

      const [mail] = await mailOf(request.id);
      expect(mail).toMatchObject({ kind: "quote_sent", status: "sent", toAddress: request.email });
      expect(mail!.htmlBody).toContain("Tap &lt;script&gt;");
      expect(mail!.htmlBody).not.toContain("<script>");
      const received = smtp.received.find((m) => m.envelopeTo.includes(request.email))!;
      const raw = received.raw.replace(/=\r?\n/g, "");
      expect(raw).toMatch(/\/request\/[A-Za-z0-9_-]{22}/);
      const text = await pdfWords(pdfFromMime(received.raw));
      expect(text).toContain(`Quote Q-${String(request.id).padStart(6, "0")}`);
      expect(text).toContain("Tap <script>alert(1)</script>");
      expect(text).toContain("Total £185.00");
      expect(text).toContain("Your right to cancel");

      const again = await owner.call(adminQuotes, "POST", `/api/admin/quotes/${quote.id}/send`);
      expect(again.status).toBe(409);
      expect(again.json.error.message).toContain("has already been sent");

      const pdf = await owner.call(adminQuotes, "GET", `/api/admin/quotes/${quote.id}/pdf`);
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get("content-type")).toBe("application/pdf");
    } finally {
      await smtp.close();
    }
  });

  it("editing a sent quote makes version 2 and supersedes version 1, which can no longer be accepted", async () => {
    const { owner, request, quote } = await sentQuote();
    const res = await owner.call(adminQuotes, "PATCH", `/api/admin/quotes/${quote.id}`, {
      body: { validUntil: addDays(dateInZone(new Date()), 10) },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json.quote).toMatchObject({ version: 2, status: "draft", totalPence: 18500 });
    expect(res.json.quote.id).not.toBe(quote.id);
    const old = await owner.call(adminQuotes, "GET", `/api/admin/quotes/${quote.id}`);
    expect(old.json.quote.status).toBe("superseded");
    const edited = await owner.call(adminQuotes, "PATCH", `/api/admin/quotes/${quote.id}`, {
      body: { note: "x" },
    });
    expect(edited.status).toBe(409);
    expect(edited.json.error.message).toContain("replaced by a newer version");

    const ctx = serviceContext();
    await expect(
      acceptQuote(request.id, { quoteId: quote.id, optionalLineIds: [], expressStart: false }, ctx),
    ).rejects.toMatchObject({
      code: "quote_superseded",
    });
    const page = await quoteForCustomerPage(request.id, ctx);
    expect(page).toMatchObject({ revising: true, canAnswer: false });
    const sent2 = await owner.call(adminQuotes, "POST", `/api/admin/quotes/${res.json.quote.id}/send`);
    expect(sent2.status).toBe(200);
    const page2 = await quoteForCustomerPage(request.id, ctx);
    expect(page2).toMatchObject({
      title: `Q-${String(request.id).padStart(6, "0")} version 2`,
      canAnswer: true,
    });
    const mails = await mailOf(request.id);
    expect(mails.map((m) => m.kind)).toEqual(["quote_sent", "quote_sent"]);
    expect(mails[1]!.textBody).toContain("It replaces the quote we sent before");
  });
});

describe("the customer's answers", () => {
  it("opening counts once (a POST from the page), and tells the owner", async () => {
    const { request, quote } = await sentQuote();
    const ctx = serviceContext();
    expect(await markQuoteViewed(request.id, ctx)).toBe(true);
    expect(await markQuoteViewed(request.id, ctx)).toBe(false);
    const stored = (await t.db.select().from(quotes).where(eq(quotes.id, quote.id)))[0]!;
    expect(stored.status).toBe("viewed");
    expect(stored.viewedAt).toBeInstanceOf(Date);
    const owner = (await mailOf(request.id)).filter((m) => m.kind === "owner_quote_update");
    expect(owner).toHaveLength(1);
    expect(owner[0]!.subject).toContain("opened quote");
  });

  it("accepting stores the evidence, e-mails the accepted PDF with the cancellation rights, and tells the owner", async () => {
    const { owner, request, quote } = await sentQuote();
    const optional = quote.lines.find((l: { optional: boolean }) => l.optional);
    const at = new Date();
    const outcome = await acceptQuote(
      request.id,
      { quoteId: quote.id, optionalLineIds: [optional.id], expressStart: true },
      serviceContext({ now: at }),
    );
    expect(outcome).toMatchObject({ changed: true, heading: "Quote accepted" });
    expect(outcome.message).toContain("agreed to pay £205.00");
    const res = await owner.call(adminQuotes, "GET", `/api/admin/quotes/${quote.id}`);
    const today = dateInZone(at);
    expect(res.json.quote.status).toBe("accepted");
    expect(res.json.quote.acceptance).toEqual({
      at: at.toISOString(),
      totalPence: 20500,
      netPence: 20500,
      vatByRate: [],
      vatPence: 0,
      expressStart: true,
      optionalLinesChosen: [optional.id],
      depositPence: 2050,
      cancelUntil: addDays(today, 14),
      termsHash: expect.stringMatching(/^[0-9a-f]{64}$/),
      method: "page",
      acceptedBy: null,
    });
    const row = (await t.db.select().from(quotes).where(eq(quotes.id, quote.id)))[0]!;
    expect(row.acceptance!.lines.map((l) => [l.description, l.chosen])).toEqual([
      ["Replace the kitchen tap", true],
      ["Labour (hours)", true],
      ["Descale the shower", true],
    ]);

    const mails = await mailOf(request.id);
    const confirmation = mails.find((m) => m.kind === "quote_accepted")!;
    expect(confirmation.toAddress).toBe(request.email);
    expect(confirmation.textBody).toContain("agreeing to pay £205.00");
    expect(confirmation.textBody).toContain(
      "Please start the work before my 14-day cancellation period ends",
    );
    expect(confirmation.textBody).toContain("MODEL CANCELLATION FORM");
    expect(confirmation.textBody.toUpperCase()).toContain("YOUR RIGHT TO CANCEL");
    const pdf = await pdfWords(pdfOfRow(confirmation));
    expect(pdf).toContain("accepted");
    expect(pdf).toContain("Total agreed £205.00");
    expect(pdf).toContain("Descale the shower (optional: chosen)");
    expect(pdf).toContain("Your right to cancel");
    expect(mails.find((m) => m.kind === "owner_quote_update")!.textBody).toContain("Agreed total: £205.00");
    const sent = await sendPending(t.db, { submissionId: request.id });
    expect(
      [...sent.values()].some(
        (m) => m.kind === "quote_accepted" && /\/request\/[A-Za-z0-9_-]{22}/.test(m.text),
      ),
    ).toBe(true);

    // Twice: a clear 409, nothing changed, no second e-mail.
    await expect(
      acceptQuote(
        request.id,
        { quoteId: quote.id, optionalLineIds: [], expressStart: false },
        serviceContext(),
      ),
    ).rejects.toMatchObject({ code: "quote_already_accepted" });
    const after = (await t.db.select().from(quotes).where(eq(quotes.id, quote.id)))[0]!;
    expect(after.acceptance).toEqual(row.acceptance);
    expect((await mailOf(request.id)).filter((m) => m.kind === "quote_accepted")).toHaveLength(1);
    const edit = await owner.call(adminQuotes, "PATCH", `/api/admin/quotes/${quote.id}`, {
      body: { note: "x" },
    });
    expect(edit.status).toBe(409);
    expect(edit.json.error.message).toContain("an accepted quote never changes");
  });

  it("the database itself refuses to change or remove an acceptance", async () => {
    const { request, quote } = await sentQuote();
    await acceptQuote(
      request.id,
      { quoteId: quote.id, optionalLineIds: [], expressStart: false },
      serviceContext(),
    );
    const [row] = await t.db.select().from(quotes).where(eq(quotes.id, quote.id));
    await expect(
      t.db
        .update(quotes)
        .set({ acceptance: { ...row!.acceptance!, totalPence: 1 } })
        .where(eq(quotes.id, quote.id)),
    ).rejects.toThrow();
    await expect(
      t.db.update(quotes).set({ acceptance: null }).where(eq(quotes.id, quote.id)),
    ).rejects.toThrow();
    // Recording a cancellation beside it still works.
    await t.db.update(quotes).set({ cancelReason: "test" }).where(eq(quotes.id, quote.id));
    const [after] = await t.db.select().from(quotes).where(eq(quotes.id, quote.id));
    expect(after!.acceptance).toEqual(row!.acceptance);
  });

  it("an answered quote is no longer called out as waiting on the dashboard", async () => {
    const { request, quote } = await sentQuote();
    await t.db
      .update(requests)
      .set({ stateChangedAt: new Date(Date.now() - 10 * 86_400_000) })
      .where(eq(requests.id, request.id));
    const waiting = async () =>
      (await staleQuotes(new Date(Date.now() - 7 * 86_400_000), 1000, t.db)).items.map((i) => i.id);
    expect(await waiting()).toContain(request.id);
    await acceptQuote(
      request.id,
      { quoteId: quote.id, optionalLineIds: [], expressStart: false },
      serviceContext(),
    );
    expect(await waiting()).not.toContain(request.id);
  });

  it("two accepts at the same moment make exactly one acceptance", async () => {
    const { request, quote } = await sentQuote();
    const results = await Promise.allSettled(
      [true, false].map((expressStart) =>
        acceptQuote(request.id, { quoteId: quote.id, optionalLineIds: [], expressStart }, serviceContext()),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ code: "quote_already_accepted" });
    expect((await mailOf(request.id)).filter((m) => m.kind === "quote_accepted")).toHaveLength(1);
  });

  it("another request's quote id is not found; an unknown optional line is refused", async () => {
    const { quote } = await sentQuote();
    const other = await seedRequest();
    await expect(
      acceptQuote(
        other.id,
        { quoteId: quote.id, optionalLineIds: [], expressStart: false },
        serviceContext(),
      ),
    ).rejects.toMatchObject({ kind: "not_found" });
    const { request: r2, quote: q2 } = await sentQuote();
    await expect(
      acceptQuote(
        r2.id,
        { quoteId: q2.id, optionalLineIds: [q2.lines[0].id], expressStart: false },
        serviceContext(),
      ),
    ).rejects.toMatchObject({ kind: "invalid", fields: { optionalLines: expect.any(String) } });
  });

  it("declining keeps the reason and tells the owner; then it can no longer be accepted", async () => {
    const { request, quote } = await sentQuote();
    const ctx = serviceContext();
    const out = await declineQuote(request.id, { quoteId: quote.id, reason: "Too dear <b>sorry</b>" }, ctx);
    expect(out.quote).toMatchObject({ status: "declined", declineReason: "Too dear <b>sorry</b>" });
    const owner = (await mailOf(request.id)).find((m) => m.kind === "owner_quote_update")!;
    expect(owner.htmlBody).toContain("Too dear &lt;b&gt;sorry&lt;/b&gt;");
    await expect(
      acceptQuote(request.id, { quoteId: quote.id, optionalLineIds: [], expressStart: false }, ctx),
    ).rejects.toMatchObject({ code: "quote_declined" });
  });

  it("an expired quote cannot be accepted", async () => {
    const { request, quote } = await sentQuote();
    const later = new Date(Date.now() + 40 * 86_400_000);
    await expect(
      acceptQuote(
        request.id,
        { quoteId: quote.id, optionalLineIds: [], expressStart: false },
        serviceContext({ now: later }),
      ),
    ).rejects.toMatchObject({ code: "quote_expired", message: expect.stringContaining("expired on") });
  });
});

describe("cancelling within 14 days", () => {
  it("ends at the end of the 14th day in London, across the October clock change", async () => {
    // 00:30 on Sunday 25 October 2026 in London (BST, an hour before the clocks go back).
    const acceptedAt = new Date("2026-10-24T23:30:00Z");
    const { request, quote } = await sentQuote({ ...basicQuote, validUntil: undefined });
    await t.db.update(quotes).set({ validUntil: "2026-12-31" }).where(eq(quotes.id, quote.id));
    const done = await acceptQuote(
      request.id,
      { quoteId: quote.id, optionalLineIds: [], expressStart: false },
      serviceContext({ now: acceptedAt }),
    );
    expect(done.quote.acceptance!.cancelUntil).toBe("2026-11-08");
    const page = await quoteForCustomerPage(
      request.id,
      serviceContext({ now: new Date("2026-11-09T00:00:00Z") }),
    );
    expect(page).toMatchObject({
      canCancel: false,
      cancelClosed: { kind: "period-ended", endedOn: "2026-11-08" },
    });
    await expect(
      cancelQuote(
        request.id,
        { quoteId: quote.id },
        serviceContext({ now: new Date("2026-11-09T00:00:00Z") }),
      ),
    ).rejects.toMatchObject({ code: "cancellation_closed" });
    // 23:59 on 8 November in London (GMT) is still inside.
    // The customer, as their page's link sets it.
    const out = await cancelQuote(
      request.id,
      { quoteId: quote.id, reason: "Changed my mind" },
      serviceContext({ now: new Date("2026-11-08T23:59:00Z"), actor: { kind: "customer", link: "request" } }),
    );
    expect(out.quote).toMatchObject({
      status: "cancelled",
      cancellation: { by: "customer", reason: "Changed my mind" },
    });
    const mails = await mailOf(request.id);
    const ack = mails.find((m) => m.kind === "quote_cancelled")!;
    expect(ack.textBody).toContain("We received your cancellation on Sunday 8 November 2026");
    expect(ack.textBody).toContain("You owe us nothing");
    const history = await historyOf(request.id);
    expect(history.at(-1)).toMatchObject({ toState: "cancelled", actor: "customer" });
  });

  it("cancels a confirmed visit the way appointments are cancelled (calendar CANCEL, same UID)", async () => {
    const { request, quote } = await sentQuote();
    const ctx = serviceContext();
    await acceptQuote(request.id, { quoteId: quote.id, optionalLineIds: [], expressStart: true }, ctx);
    const visit = offeredFrom(3);
    await actOnAppointment(request.id, { action: "confirm", date: visit, window: "morning" }, ctx);
    const [confirmed] = await t.db
      .select()
      .from(appointments)
      .where(eq(appointments.submissionId, request.id));
    await cancelQuote(request.id, { quoteId: quote.id }, ctx);
    const [cancelled] = await t.db
      .select()
      .from(appointments)
      .where(eq(appointments.submissionId, request.id));
    expect(cancelled).toMatchObject({
      uid: confirmed!.uid,
      status: "cancelled",
      sequence: confirmed!.sequence + 1,
    });
    const mails = await mailOf(request.id);
    const calendar = mails.find((m) => m.kind === "appointment_cancelled")!;
    const ics = calendar.attachments!.find((a) => a.filename.endsWith(".ics"))!.content;
    expect(ics).toContain("METHOD:CANCEL");
    expect(ics).toContain(`UID:${confirmed!.uid}`);
    const ack = mails.find((m) => m.kind === "quote_cancelled")!;
    expect(ack.textBody).toContain("you pay for any work done up to");
  });

  it("the owner records a cancellation by phone, then the amount owed for work started early", async () => {
    const { owner, request, quote } = await sentQuote();
    await acceptQuote(
      request.id,
      { quoteId: quote.id, optionalLineIds: [], expressStart: true },
      serviceContext(),
    );
    const res = await owner.call(adminQuotes, "POST", `/api/admin/quotes/${quote.id}/cancel`, {
      body: { reason: "Phoned on Tuesday" },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json.quote.cancellation).toMatchObject({
      by: "owner",
      reason: "Phoned on Tuesday",
      amountOwedPence: null,
    });
    expect((await mailOf(request.id)).filter((m) => m.kind === "quote_cancelled")).toHaveLength(1);
    const owed = await owner.call(adminQuotes, "POST", `/api/admin/quotes/${quote.id}/amount-owed`, {
      body: { amountOwedPence: 4000, note: "One hour of labour" },
    });
    expect(owed.status, owed.text).toBe(200);
    expect(owed.json.quote.cancellation.amountOwedPence).toBe(4000);
    const tooMuch = await owner.call(adminQuotes, "POST", `/api/admin/quotes/${quote.id}/amount-owed`, {
      body: { amountOwedPence: 1_000_000 },
    });
    expect(tooMuch.status).toBe(422);
    const twice = await owner.call(adminQuotes, "POST", `/api/admin/quotes/${quote.id}/cancel`, { body: {} });
    expect(twice.status).toBe(409);
  });

  it("warns the owner who confirms a visit inside the 14 days without an early-start request; a reason lets it go ahead", async () => {
    const { owner, request, quote } = await sentQuote();
    await acceptQuote(
      request.id,
      { quoteId: quote.id, optionalLineIds: [], expressStart: false },
      serviceContext(),
    );
    const date = offeredFrom(3);
    const path = `/api/admin/appointments/${request.id}`;
    const refused = await owner.call(adminAppointments, "POST", path, {
      body: { action: "confirm", date, window: "morning" },
    });
    expect(refused.status).toBe(409);
    expect(refused.json.error.code).toBe("inside_cancellation_period");
    expect(refused.json.error.message).toContain("without asking for the work to start early");
    expect(
      await t.db.select().from(appointments).where(eq(appointments.submissionId, request.id)),
    ).toHaveLength(0);
    const later = await owner.call(adminAppointments, "POST", path, {
      body: { action: "confirm", date: offeredFrom(20), window: "morning" },
    });
    expect(later.status, later.text).toBe(200);
    // The visit's e-mail speaks of the contract made, not of a quote still to come.
    const [confirmedMail] = (await mailOf(request.id)).filter((m) => m.kind === "appointment_confirmed");
    const confirmedText = confirmedMail!.textBody.replace(/\s+/g, " ");
    expect(confirmedText).not.toContain("we send you a written quote");
    expect(confirmedText).toContain(
      `This visit carries out quote ${quoteTitle(request.id, 1)}, which you accepted on`,
    );
    expect(confirmedText).toContain(`you agreed to pay ${formatMoney(quote.totalPence)}`);
    expect(confirmedText).toContain(
      "If you cancel within it, you owe nothing for any work done before you cancel.",
    );
    const ok = await owner.call(adminAppointments, "POST", path, {
      body: {
        action: "confirm",
        date,
        window: "morning",
        earlyStartReason: "She phoned to ask us to start sooner",
      },
    });
    expect(ok.status, ok.text).toBe(200);
    const history = await historyOf(request.id);
    expect(history.at(-1)!.note).toContain("reason: She phoned to ask us to start sooner");

    // The visit stays flagged, in the same words, on the request's appointment, the schedule and
    // the run sheet: the period counted from the London day of the acceptance.
    const [row] = await t.db.select().from(quotes).where(eq(quotes.id, quote.id));
    const acceptedOn = dateInZone(new Date(row!.acceptance!.at));
    const until = addDays(acceptedOn, 14);
    const booking = await owner.call(adminAppointments, "GET", path);
    expect(booking.json.cancellationPeriod).toEqual({ acceptedOn, until, earlyStart: false });
    const flag = `Inside the 14-day cancellation period: no early-start request; the customer may cancel until ${formatShortDate(until)}`;
    const mine = (answer: { json: ScheduleAnswer }) =>
      answer.json.days[0]!.appointments.find((v) => v.requestId === request.id)!;
    const week = await owner.call(adminSchedule, "GET", `/api/admin/schedule?from=${date}&to=${date}`);
    expect(mine(week)).toMatchObject({ status: "confirmed", cancellationFlag: flag });
    expect(mine(week).sheet).toBeUndefined();
    const sheet = await owner.call(
      adminSchedule,
      "GET",
      `/api/admin/schedule?from=${date}&to=${date}&detail=sheet`,
    );
    expect(mine(sheet)).toMatchObject({ cancellationFlag: flag, sheet: { job: request.message } });
  });

  it("does not flag a visit inside the period that the customer asked to start early", async () => {
    const { owner, request, quote } = await sentQuote();
    await acceptQuote(
      request.id,
      { quoteId: quote.id, optionalLineIds: [], expressStart: true },
      serviceContext(),
    );
    const date = offeredFrom(3);
    const path = `/api/admin/appointments/${request.id}`;
    const confirmed = await owner.call(adminAppointments, "POST", path, {
      body: { action: "confirm", date, window: "morning" },
    });
    expect(confirmed.status, confirmed.text).toBe(200);
    const booking = await owner.call(adminAppointments, "GET", path);
    expect(booking.json.cancellationPeriod).toMatchObject({ earlyStart: true });
    const week = await owner.call(adminSchedule, "GET", `/api/admin/schedule?from=${date}&to=${date}`);
    const visit = (week.json as ScheduleAnswer).days[0]!.appointments.find((v) => v.requestId === request.id);
    expect(visit?.cancellationFlag).toBeNull();
  });

  it("an urgent repair cannot be cancelled", async () => {
    const { request, quote } = await sentQuote({ ...basicQuote, urgentRepair: true });
    const ctx = serviceContext();
    const done = await acceptQuote(
      request.id,
      { quoteId: quote.id, optionalLineIds: [], expressStart: true },
      ctx,
    );
    expect(done.quote.acceptance).toMatchObject({ cancelUntil: null, expressStart: false });
    await expect(cancelQuote(request.id, { quoteId: quote.id }, ctx)).rejects.toMatchObject({
      code: "urgent_repair",
    });
    await expect(ownerCancelQuote(quote.id, { reason: null }, ctx)).rejects.toMatchObject({
      code: "urgent_repair",
    });
  });
});

describe("the scheduled job", () => {
  it("sends one follow-up after the configured days, never twice, and expires the quote after its date", async () => {
    const sentAt = new Date();
    const { request, quote } = await sentQuote({
      ...basicQuote,
      validUntil: addDays(dateInZone(sentAt), 10),
    });
    const at = (days: number) =>
      serviceContext({ now: new Date(sentAt.getTime() + days * 86_400_000 + 60_000) });
    const followUps = async () => (await mailOf(request.id)).filter((m) => m.kind === "quote_follow_up");

    await runQuoteJobs(at(6));
    expect(await followUps()).toHaveLength(0);
    await runQuoteJobs(at(7));
    expect(await followUps()).toHaveLength(1);
    expect((await followUps())[0]!.textBody).toContain("valid until");
    // Through the scheduled function's own runner too: still one.
    await runScheduledJobs(at(8));
    expect(await followUps()).toHaveLength(1);

    // The morning after the quote's last day, in London (days are not always 24 hours).
    await runQuoteJobs(
      serviceContext({
        now: wallClockInstant(addDays(dateInZone(sentAt), 11), "09:00"),
        actor: { kind: "job", name: "quote-expiry" },
      }),
    );
    const row = (await t.db.select().from(quotes).where(eq(quotes.id, quote.id)))[0]!;
    expect(row.status).toBe("expired");
    expect(await followUps()).toHaveLength(1);
    const history = await historyOf(request.id);
    expect(history.at(-1)).toMatchObject({
      actor: "system",
      actedBy: { kind: "job", name: "quote-expiry" },
      note: expect.stringContaining("Quote expired"),
    });
  });

  it("sends no follow-up after an answer", async () => {
    const sentAt = new Date();
    const { request, quote } = await sentQuote();
    await declineQuote(request.id, { quoteId: quote.id }, serviceContext());
    await runQuoteJobs(serviceContext({ now: new Date(sentAt.getTime() + 8 * 86_400_000) }));
    const kinds = (await mailOf(request.id)).map((m) => m.kind);
    expect(kinds).not.toContain("quote_follow_up");
    const rows = await t.db
      .select()
      .from(quotes)
      .where(and(eq(quotes.id, quote.id), eq(quotes.status, "declined")));
    expect(rows).toHaveLength(1);
  });
});

describe("the price list", () => {
  it("adds, changes, lists and removes items; 404 for an unknown one; 422 per field", async () => {
    const owner = await adminClient();
    const added = await owner.call(adminPriceList, "POST", "/api/admin/price-list", {
      body: { description: "Labour", unitPence: 4500, unit: "hour" },
    });
    expect(added.status, added.text).toBe(201);
    expect(added.json.item).toMatchObject({
      description: "Labour",
      unitPence: 4500,
      unit: "hour",
      vatRate: null,
    });
    const id = added.json.item.id;
    const changed = await owner.call(adminPriceList, "PATCH", `/api/admin/price-list/${id}`, {
      body: { unitPence: 5000 },
    });
    expect(changed.json.item.unitPence).toBe(5000);
    const list = await owner.call(adminPriceList, "GET", "/api/admin/price-list");
    expect(list.json.items.map((i: { id: number }) => i.id)).toContain(id);
    expect(list.json.settings.vatRates).toEqual([20, 5, 0]);
    const bad = await owner.call(adminPriceList, "POST", "/api/admin/price-list", {
      body: { description: "", unitPence: 10_000_001 },
    });
    expect(bad.status).toBe(422);
    expect(bad.json.error.fields).toMatchObject({
      description: "Please describe the item.",
      unitPence: "The unit price must be at most £100,000.",
    });
    expect((await owner.call(adminPriceList, "DELETE", `/api/admin/price-list/${id}`)).status).toBe(204);
    expect((await owner.call(adminPriceList, "DELETE", `/api/admin/price-list/${id}`)).status).toBe(404);
    expect(
      (await owner.call(adminPriceList, "PATCH", "/api/admin/price-list/999999", { body: { unitPence: 1 } }))
        .status,
    ).toBe(404);
  });
});
