/**
 * The money PDFs' engine on a real database: an issued invoice's PDF is made once, as issued, kept
 * and served byte for byte on every later download (admin and customer) whatever is paid since;
 * the accepted quote's PDF is drawn after the acceptance's transaction commits, its e-mail held
 * until then. PDFs are read back with poppler's pdftotext, names in Latin Extended included.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import adminInvoices from "../../netlify/functions/admin-invoices.mts";
import adminQuotes from "../../netlify/functions/admin-quotes.mts";
import adminRequestQuotes from "../../netlify/functions/admin-request-quotes.mts";
import { acceptQuoteIn, finishQuoteAction } from "../../src/features/quotes/service-customer";
import { invoicePdfs, mailOutbox } from "../../src/features/tables";
import { inTransaction, serviceContext } from "../../src/platform/context";
import { dateInZone } from "../../src/platform/time";
import { adminClient, seedRequest } from "../helpers/admin";
import { useTestDatabase } from "../helpers/db";
import { popplerPages } from "../helpers/pdf";

const t = useTestDatabase();

const line = (description: string, quantity: number, unitPence: number) => ({
  description,
  quantity,
  unitPence,
});

async function pdfOf(owner: Awaited<ReturnType<typeof adminClient>>, id: number): Promise<Uint8Array> {
  const headers = new Headers({ Cookie: owner.cookie, "x-forwarded-for": "203.0.113.9" });
  const res = await adminInvoices(
    new Request(`http://localhost:8888/api/admin/invoices/${id}/pdf`, { headers }),
  );
  expect(res.status).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
}

describe("an issued invoice's PDF", () => {
  it("is made once, as issued, and every later download is the same bytes, paid or not", async () => {
    const owner = await adminClient();
    const request = await seedRequest({
      name: "Łukasz Wójcik-Dvořák",
      address: "3 Ŵyneth Road, Kirkcaldy KY1 1AA",
    });
    const made = await owner.call(adminInvoices, "POST", "/api/admin/invoices", {
      body: { kind: "direct", submissionId: request.id, lines: [line("Hang a door (Ærø oak)", 1, 12_000)] },
    });
    expect(made.status, made.text).toBe(201);
    const id = made.json.invoice.id as number;
    // A draft's PDF is drawn each time and never kept.
    const draft = popplerPages(await pdfOf(owner, id)).join("");
    expect(draft).toContain("DRAFT invoice");
    expect(await t.db.select().from(invoicePdfs).where(eq(invoicePdfs.invoiceId, id))).toHaveLength(0);

    const issued = await owner.call(adminInvoices, "POST", `/api/admin/invoices/${id}/issue`);
    expect(issued.status, issued.text).toBe(200);
    const first = await pdfOf(owner, id);
    const [kept] = await t.db.select().from(invoicePdfs).where(eq(invoicePdfs.invoiceId, id));
    expect(Buffer.from(kept!.bytes).equals(Buffer.from(first))).toBe(true);
    const text = popplerPages(first).join("");
    expect(text).toContain("Łukasz Wójcik-Dvořák");
    expect(text).toContain("3 Ŵyneth Road, Kirkcaldy KY1 1AA");
    expect(text).toContain("Hang a door (Ærø oak)");
    expect(text).toMatch(/Balance due\s+£120\.00/);

    const paid = await owner.call(adminInvoices, "POST", `/api/admin/invoices/${id}/payments`, {
      body: { amountPence: 5_000, method: "cash", receivedOn: dateInZone(new Date()) },
    });
    expect(paid.status, paid.text).toBe(201);
    const again = await pdfOf(owner, id);
    expect(Buffer.from(again).equals(Buffer.from(first))).toBe(true);
    expect(popplerPages(again).join("")).not.toContain("Less paid");
  });
});

describe("accepting a quote", () => {
  it("draws the accepted quote's PDF after the transaction commits, holding its e-mail until then", async () => {
    const owner = await adminClient();
    const request = await seedRequest({ name: "Zoë Ŵyn-Łęcka" });
    const made = await owner.call(adminRequestQuotes, "POST", `/api/admin/submissions/${request.id}/quotes`, {
      body: { lines: [line("Fit shelves", 2, 4_500)] },
    });
    expect(made.status, made.text).toBe(201);
    const quoteId = made.json.quote.id as number;
    expect((await owner.call(adminQuotes, "POST", `/api/admin/quotes/${quoteId}/send`)).status).toBe(200);

    const ctx = serviceContext();
    const result = await inTransaction(ctx, (tx) =>
      acceptQuoteIn(request.id, { quoteId, optionalLineIds: [], expressStart: false }, tx, ctx),
    );
    // Committed: the confirmation is queued, held, with no PDF yet; nothing was drawn in the transaction.
    const [held] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, result.mailIds[0]!));
    expect(held!.kind).toBe("quote_accepted");
    expect(held!.attachments).toBeNull();
    expect(held!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 60_000);

    await finishQuoteAction(ctx, result);
    const [ready] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, result.mailIds[0]!));
    expect(ready!.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
    const pdf = ready!.attachments!.find((a) => a.contentType === "application/pdf")!;
    expect(pdf.filename).toMatch(/^accepted-quote-/);
    const text = popplerPages(new Uint8Array(Buffer.from(pdf.content, "base64"))).join("");
    expect(text).toContain("Zoë Ŵyn-Łęcka");
    expect(text).toMatch(/accepted/);
    expect(text).toMatch(/Total agreed\s+£90\.00/);
  });
});
