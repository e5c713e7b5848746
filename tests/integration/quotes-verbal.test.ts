/**
 * A verbal acceptance recorded by the owner, through the Netlify handler on a real database: the
 * same evidence as the page's acceptance with how, who and when; the first acceptance wins in both
 * orders (page then verbal, verbal then page); a phone-only customer's draft accepted and its PDF
 * read back as the printable confirmation; with an e-mail address, the confirmation read back
 * (text and PDF); bad input refused with the field's message and nothing stored.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import adminQuotes from "../../netlify/functions/admin-quotes.mts";
import adminRequestQuotes from "../../netlify/functions/admin-request-quotes.mts";
import { mailOutbox, quotes, requestHistory, requests } from "../../src/features/tables";
import { serviceContext } from "../../src/platform/context";
import { addDays, dateInZone } from "../../src/platform/time";
import { acceptQuote } from "../../src/features/quotes/service-customer";
import { quotePdfFile } from "../../src/features/quotes/service";
import { adminClient, seedRequest } from "../helpers/admin";
import { useTestDatabase } from "../helpers/db";
import { sendPending } from "../helpers/sent-mail";
import { pdfWords } from "../helpers/pdf";

const t = useTestDatabase();

const quoteBody = {
  lines: [
    { description: "Refit the back door", quantity: 1, unitPence: 24000, optional: false },
    { description: "Paint the door frame", quantity: 1, unitPence: 6000, optional: true },
  ],
};

async function phoneOnlyRequest() {
  const [r] = await t.db
    .insert(requests)
    .values({
      name: `Phone Only ${Math.random().toString(36).slice(2, 8)}`,
      email: null as unknown as string,
      phone: "07700 900456",
      message: "Back door sticks.",
      formType: "booking",
      address: "4 Kirk Wynd, Kirkcaldy KY1 1EH",
      service: "plumbing-heating",
    })
    .returning();
  return r!;
}

async function draftFor(requestId: number) {
  const owner = await adminClient();
  const res = await owner.call(adminRequestQuotes, "POST", `/api/admin/submissions/${requestId}/quotes`, {
    body: quoteBody,
  });
  expect(res.status, res.text).toBe(201);
  return { owner, quote: res.json.quote };
}

const verbal = (extra: Record<string, unknown> = {}) => ({
  acceptedBy: "Jean Morrison",
  method: "phone",
  expressStart: true,
  ...extra,
});

describe("POST /api/admin/quotes/:id/accept-verbal", () => {
  it("a phone-only customer's draft: the page's evidence, how and who, and a PDF to print", async () => {
    const request = await phoneOnlyRequest();
    const { owner, quote } = await draftFor(request.id);
    const optional = quote.lines.find((l: { optional: boolean }) => l.optional);
    // When he said yes: a moment before the owner records it.
    const at = new Date();
    const res = await owner.call(adminQuotes, "POST", `/api/admin/quotes/${quote.id}/accept-verbal`, {
      body: verbal({ acceptedAt: at.toISOString(), optionalLineIds: [optional.id] }),
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json.quote).toMatchObject({ status: "accepted", sentAt: expect.any(String) });
    expect(res.json.quote.acceptance).toEqual({
      at: at.toISOString(),
      totalPence: 30000,
      netPence: 30000,
      vatByRate: [],
      vatPence: 0,
      expressStart: true,
      optionalLinesChosen: [optional.id],
      depositPence: 0,
      cancelUntil: addDays(dateInZone(at), 14),
      termsHash: expect.stringMatching(/^[0-9a-f]{64}$/),
      method: "phone",
      acceptedBy: "Jean Morrison",
    });
    const row = (await t.db.select().from(quotes).where(eq(quotes.id, quote.id)))[0]!;
    expect(row.acceptance).toMatchObject({ recordedBy: "owner", recordedAt: expect.any(String) });
    expect(row.acceptance!.lines.map((l) => [l.description, l.chosen])).toEqual([
      ["Refit the back door", true],
      ["Paint the door frame", true],
    ]);
    const history = await t.db
      .select()
      .from(requestHistory)
      .where(eq(requestHistory.submissionId, request.id));
    expect(history.at(-1)).toMatchObject({ actor: "owner" });
    expect(history.at(-1)!.note).toMatch(/^Quote accepted: .*£300\.00 \(by phone, Jean Morrison\)$/);
    // Nothing to e-mail: the PDF is the confirmation, and it says how the yes was given.
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.submissionId, request.id))).toEqual([]);
    const pdf = await quotePdfFile(quote.id, serviceContext());
    expect(pdf.fileName).toMatch(/^accepted-quote-/);
    const words = await pdfWords(pdf.bytes);
    expect(words).toContain("by phone (Jean Morrison), recorded by us, agreeing to pay £300.00");
    expect(words).toContain("You asked us to start before your cancellation period ends");
    expect(words).not.toContain("private link");
  });

  it("a phone-only customer's draft PDF tells him to call, not to use a link he never got", async () => {
    const request = await phoneOnlyRequest();
    const { quote } = await draftFor(request.id);
    const words = await pdfWords((await quotePdfFile(quote.id, serviceContext())).bytes);
    expect(words).not.toContain("private link");
    expect(words).toMatch(/To accept or decline this quote, call us on .* we will record your answer/);
  });

  it("page first, then verbal: the second is told when and how, and nothing changes", async () => {
    const request = await seedRequest();
    const { owner, quote } = await draftFor(request.id);
    expect((await owner.call(adminQuotes, "POST", `/api/admin/quotes/${quote.id}/send`)).status).toBe(200);
    await acceptQuote(
      request.id,
      { quoteId: quote.id, optionalLineIds: [], expressStart: false },
      serviceContext(),
    );
    const before = (await t.db.select().from(quotes).where(eq(quotes.id, quote.id)))[0]!;
    const res = await owner.call(adminQuotes, "POST", `/api/admin/quotes/${quote.id}/accept-verbal`, {
      body: verbal(),
    });
    expect(res.status).toBe(409);
    expect(res.json.error.code).toBe("quote_already_accepted");
    expect(res.json.error.message).toMatch(
      /was already accepted on .* through the customer's page\. The first acceptance stands/,
    );
    const after = (await t.db.select().from(quotes).where(eq(quotes.id, quote.id)))[0]!;
    expect(after.acceptance).toEqual(before.acceptance);
  });

  it("verbal first, then the page: the customer is told it is accepted; the confirmation is e-mailed once", async () => {
    const request = await seedRequest();
    const { owner, quote } = await draftFor(request.id);
    expect((await owner.call(adminQuotes, "POST", `/api/admin/quotes/${quote.id}/send`)).status).toBe(200);
    await sendPending(t.db, { submissionId: request.id });
    const res = await owner.call(adminQuotes, "POST", `/api/admin/quotes/${quote.id}/accept-verbal`, {
      body: verbal({ method: "in_person", expressStart: false }),
    });
    expect(res.status, res.text).toBe(200);
    await expect(
      acceptQuote(
        request.id,
        { quoteId: quote.id, optionalLineIds: [], expressStart: true },
        serviceContext(),
      ),
    ).rejects.toMatchObject({ code: "quote_already_accepted" });
    const row = (await t.db.select().from(quotes).where(eq(quotes.id, quote.id)))[0]!;
    expect(row.acceptance).toMatchObject({ method: "in_person", expressStart: false, totalPence: 24000 });
    const sent = [...(await sendPending(t.db, { submissionId: request.id })).values()];
    expect(sent.map((m) => m.kind)).toEqual(["quote_accepted"]);
    expect(JSON.stringify(sent[0]!.to)).toContain(request.email);
    expect(sent[0]!.text).toContain("in person (Jean Morrison), recorded by us, agreeing to pay £240.00");
    const pdf = sent[0]!.attachments!.find((a) => a.contentType === "application/pdf")!;
    const words = await pdfWords(new Uint8Array(Buffer.from(pdf.content as string, "base64")));
    expect(words).toContain("in person (Jean Morrison), recorded by us");
    expect(words).toContain("You did not ask us to start before your cancellation period ends");
  });

  it("refuses bad input with the field's message and stores nothing", async () => {
    const request = await phoneOnlyRequest();
    const { owner, quote } = await draftFor(request.id);
    const url = `/api/admin/quotes/${quote.id}/accept-verbal`;
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [verbal({ acceptedBy: "  " }), "acceptedBy", /name of the person/],
      [verbal({ method: "letter" }), "method", /by phone or in person/],
      [verbal({ expressStart: undefined }), "expressStart", /early start/],
      [verbal({ acceptedAt: "yesterday" }), "acceptedAt", /date and time/],
      [verbal({ acceptedAt: new Date(Date.now() + 3_600_000).toISOString() }), "acceptedAt", /future/],
      [
        verbal({ acceptedAt: new Date(Date.now() - 86_400_000).toISOString() }),
        "acceptedAt",
        /before the quote/,
      ],
      [verbal({ optionalLineIds: [999999] }), "optionalLines", /not on this quote/],
    ];
    for (const [body, field, message] of cases) {
      const res = await owner.call(adminQuotes, "POST", url, { body });
      expect(res.status, `${field}: ${res.text}`).toBe(422);
      expect(res.json.error.fields[field]).toMatch(message);
    }
    expect(
      (await owner.call(adminQuotes, "POST", `/api/admin/quotes/999999/accept-verbal`, { body: verbal() }))
        .status,
    ).toBe(404);
    const row = (await t.db.select().from(quotes).where(eq(quotes.id, quote.id)))[0]!;
    expect(row).toMatchObject({ status: "draft", acceptance: null });
  });
});
