/**
 * The balance invoice of a VAT quote with a 33.33% deposit, over three documents (the deposit
 * invoice, a credit note of part of it, the balance), through the admin endpoints on a real
 * database: the deposit still owed is deducted in whole pence, each document's lines add up to its
 * own net, VAT and total (its PDF, read back, says the same), and the three together come to what
 * the customer accepted, give or take the one rounding-down of VAT per rate and document.
 */
import { afterEach, describe, expect, it } from "vitest";
import adminInvoices from "../../netlify/functions/admin-invoices.mts";
import adminQuotes from "../../netlify/functions/admin-quotes.mts";
import adminRequestQuotes from "../../netlify/functions/admin-request-quotes.mts";
import { updateBusinessSettings } from "../../src/features/business/service";
import { acceptQuote } from "../../src/features/quotes/service-customer";
import { formatMoney } from "../../src/platform/money";
import { serviceContext } from "../../src/platform/context";
import { dateInZone } from "../../src/platform/time";
import { adminClient, seedRequest } from "../helpers/admin";
import { useTestDatabase } from "../helpers/db";
import { pdfWords } from "../helpers/pdf";

useTestDatabase();

afterEach(async () => {
  await updateBusinessSettings({ vatRegistered: false }, serviceContext());
});

interface WireLine {
  description: string;
  netPence: number;
  vatRate: number | null;
}
interface WireInvoice {
  id: number;
  number: string | null;
  lines: WireLine[];
  totals: {
    netPence: number;
    vatPence: number;
    vatByRate: { rate: number; netPence: number; vatPence: number }[];
  };
  totalPence: number;
  creditedPence: number;
}

/** The sums of a document's own lines: its net per VAT rate and overall. */
function sumsOf(invoice: WireInvoice) {
  const net = invoice.lines.reduce((s, l) => s + l.netPence, 0);
  const byRate = new Map<number, number>();
  for (const l of invoice.lines) byRate.set(l.vatRate ?? 0, (byRate.get(l.vatRate ?? 0) ?? 0) + l.netPence);
  return { net, byRate };
}

/** A document's lines against its stated figures: net, each band's net, VAT and total. */
function expectLinesMakeTheTotal(invoice: WireInvoice) {
  const { net, byRate } = sumsOf(invoice);
  expect(net).toBe(invoice.totals.netPence);
  for (const band of invoice.totals.vatByRate) {
    expect(byRate.get(band.rate)).toBe(band.netPence);
    // VAT once per rate on the band's net, rounded down to the penny (integer arithmetic).
    expect(band.vatPence).toBe(Math.trunc((band.netPence * band.rate) / 100));
  }
  const vat = invoice.totals.vatByRate.reduce((s, b) => s + b.vatPence, 0);
  expect(vat).toBe(invoice.totals.vatPence);
  expect(net + vat).toBe(invoice.totalPence);
}

async function pdfOf(owner: Awaited<ReturnType<typeof adminClient>>, id: number): Promise<string> {
  const res = await adminInvoices(
    new Request(`http://localhost:8888/api/admin/invoices/${id}/pdf`, {
      headers: { Cookie: owner.cookie, "x-forwarded-for": "203.0.113.9" },
    }),
  );
  expect(res.status).toBe(200);
  return pdfWords(new Uint8Array(await res.arrayBuffer()));
}

describe("a 33.33% deposit, part credited, and the balance", () => {
  it("deducts the deposit still owed in whole pence, and every document's lines make its total", async () => {
    await updateBusinessSettings(
      { vatRegistered: true, vatNumber: "GB123456789", vatRegisteredFrom: dateInZone(new Date()) },
      serviceContext(),
    );
    const owner = await adminClient();
    const request = await seedRequest();
    const made = await owner.call(adminRequestQuotes, "POST", `/api/admin/submissions/${request.id}/quotes`, {
      body: {
        lines: [
          { description: "Retile the shower wall", quantity: 1, unitPence: 33_333, vatRate: 20 },
          { description: "Loft insulation rolls", quantity: 3, unitPence: 1_111, vatRate: 5 },
          { description: "Skip hire", quantity: 1, unitPence: 9_999, vatRate: 0 },
        ],
        depositPercent: 33.33,
      },
    });
    expect(made.status, made.text).toBe(201);
    const quoteId = made.json.quote.id as number;
    expect((await owner.call(adminQuotes, "POST", `/api/admin/quotes/${quoteId}/send`)).status).toBe(200);
    await acceptQuote(request.id, { quoteId, optionalLineIds: [], expressStart: false }, serviceContext());
    const accepted = (await owner.call(adminQuotes, "GET", `/api/admin/quotes/${quoteId}`)).json.quote;
    const acceptedTotal = accepted.acceptance.totalPence as number;
    expect(accepted.acceptance.depositPence).toBe(Math.round((acceptedTotal * 3333) / 10_000));

    const depositDraft = await owner.call(adminInvoices, "POST", "/api/admin/invoices", {
      body: { kind: "deposit", quoteId },
    });
    expect(depositDraft.status, depositDraft.text).toBe(201);
    const issued = await owner.call(
      adminInvoices,
      "POST",
      `/api/admin/invoices/${depositDraft.json.invoice.id}/issue`,
    );
    expect(issued.status, issued.text).toBe(200);
    const deposit = issued.json.invoice as WireInvoice;
    expect(deposit.lines.map((l) => l.vatRate)).toEqual([20, 5, 0]);
    expectLinesMakeTheTotal(deposit);

    // £33.33 of it is credited back: an awkward share of each of its three bands.
    const credit = await owner.call(adminInvoices, "POST", `/api/admin/invoices/${deposit.id}/credit-note`, {
      body: { reason: "Skip shared with the neighbour", amountPence: 3_333 },
    });
    expect(credit.status, credit.text).toBe(201);
    const creditNote = credit.json.creditNote as WireInvoice;
    expectLinesMakeTheTotal(creditNote);
    const credited = credit.json.invoice.creditedPence as number;
    expect(credited).toBe(creditNote.totalPence);

    const made3 = await owner.call(adminInvoices, "POST", "/api/admin/invoices", {
      body: { kind: "balance", quoteId },
    });
    expect(made3.status, made3.text).toBe(201);
    const balance = made3.json.invoice as WireInvoice;
    expectLinesMakeTheTotal(balance);
    for (const l of balance.lines) expect(Number.isSafeInteger(l.netPence)).toBe(true);

    // The deductions: the deposit's net × (total − credited) / total, to the nearest penny, shared
    // over its lines so that they add up to exactly that.
    const deductions = balance.lines.filter((l) => l.description.startsWith("Less deposit invoiced"));
    expect(deductions).toHaveLength(3);
    const depositNet = deposit.totals.netPence;
    const left = deposit.totalPence - credited;
    const expected = Math.round((depositNet * left) / deposit.totalPence);
    expect(-deductions.reduce((s, l) => s + l.netPence, 0)).toBe(expected);
    deductions.forEach((d, i) => {
      expect(d.vatRate).toBe(deposit.lines[i]!.vatRate);
      expect(-d.netPence).toBeLessThanOrEqual(deposit.lines[i]!.netPence);
    });

    // The three documents against the accepted total: VAT is rounded down once per rate on each
    // document, so each band may leave at most a penny between them.
    const together = deposit.totalPence - credited + balance.totalPence;
    expect(Math.abs(together - acceptedTotal)).toBeLessThanOrEqual(balance.totals.vatByRate.length);

    const words = await pdfOf(owner, balance.id);
    for (const l of balance.lines) expect(words).toContain(formatMoney(l.netPence));
    expect(words).toContain(`Total VAT ${formatMoney(balance.totals.vatPence)}`);
    expect(words).toContain(`Total including VAT ${formatMoney(balance.totalPence)}`);
  });
});
