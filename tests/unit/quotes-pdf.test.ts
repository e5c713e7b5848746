import { hundredths } from "../../src/features/billing/contract";
import { describe, expect, it } from "vitest";
import { quotePdf } from "../../src/features/quotes/pdf";
import { toQuote } from "../../src/features/quotes/service-model";
import type { QuoteRecord } from "../../src/features/quotes/repository";
import { pdfText, pdfWords, popplerPages } from "../helpers/pdf";
import { sentQuoteRecord } from "../helpers/quote-record";

function record(overrides: Partial<QuoteRecord> = {}): QuoteRecord {
  return sentQuoteRecord(
    [
      { description: "Replace kitchen tap <script>alert(1)</script>", quantity: 1, unitPence: 8500 },
      { description: "Labour (hours)", quantity: 2.5, unitPence: 4000 },
      { description: "Descale the shower head", quantity: 1, unitPence: 2000, optional: true },
    ],
    {
      id: 7,
      submissionId: 42,
      version: 2,
      note: "Price includes <b>materials</b> & waste removal.",
      validUntil: "2026-12-25",
      depositPercentHundredths: hundredths(1000),
      ...overrides,
    },
    new Date("2026-11-25T10:00:00Z"),
  );
}

const customer = {
  name: "Ann O'Neil",
  address: "1 High Street, Kirkcaldy KY1 1AA",
  email: "ann@example.com",
};

describe("the quote PDF", () => {
  it("reads back with the number, version, lines, total, deposit and valid-until date", async () => {
    const quote = toQuote(record());
    const text = await pdfWords(await quotePdf({ quote, customer, today: "2026-11-25" }));
    expect(text).toContain("Quote Q-000042 version 2");
    expect(text).toContain("Kingdom Handyman Services Ltd");
    expect(text).toContain("Replace kitchen tap <script>alert(1)</script>");
    expect(text).toContain("Labour (hours)");
    expect(text).toContain("2.5");
    expect(text).toContain("£85.00");
    expect(text).toContain("£100.00"); // 2.5 × £40
    expect(text).toContain("Total £185.00");
    expect(text).toContain("Descale the shower head (optional)");
    expect(text).toContain("With every optional item £205.00");
    expect(text).toContain("Deposit (10%) £18.50");
    expect(text).toContain("Valid until Friday 25 December 2026");
    expect(text).toContain("Price includes <b>materials</b> & waste removal.");
    expect(text).toContain("Your right to cancel");
    expect(text).toContain("Model cancellation form");
    expect(text).toContain("Ann O'Neil");
  });

  it("shows VAT per rate when VAT-registered", async () => {
    const r = record({
      vatRegistered: true,
      depositPercentHundredths: null,
      lines: [
        { ...record().lines[0]!, vatRateHundredths: hundredths(2000) },
        { ...record().lines[1]!, vatRateHundredths: hundredths(500) },
      ],
    });
    const text = await pdfWords(await quotePdf({ quote: toQuote(r), customer, today: "2026-11-25" }));
    expect(text).toContain("Total before VAT £185.00");
    expect(text).toContain("VAT at 20% on £85.00 £17.00");
    expect(text).toContain("VAT at 5% on £100.00 £5.00");
    expect(text).toContain("Total including VAT £207.00");
  });

  it("the accepted quote states what was agreed, the early-start request and the cancellation end date", async () => {
    const r = record({
      status: "accepted",
      acceptance: {
        at: "2026-10-24T23:30:00.000Z",
        lines: [],
        optionalLinesChosen: [3],
        netPence: 20500,
        vatByRate: [],
        vatPence: 0,
        totalPence: 20500,
        depositPence: 2050,
        expressStart: true,
        urgentRepair: false,
        cancelUntil: "2026-11-08",
        termsHash: "x",
        validUntil: "2026-12-25",
      },
    });
    const text = await pdfWords(await quotePdf({ quote: toQuote(r), customer, today: "2026-11-25" }));
    expect(text).toContain("Quote Q-000042 version 2: accepted");
    expect(text).toContain("Descale the shower head (optional: chosen)");
    expect(text).toContain("Total agreed £205.00");
    expect(text).toContain("Deposit £20.50");
    expect(text).toContain("Please start the work before my 14-day cancellation period ends");
    expect(text).toContain("Your right to cancel");
    expect(text).toContain("until the end of Sunday 8 November 2026");
    expect(text).toContain("Model cancellation form");
  });

  it("an urgent repair says it cannot be cancelled", async () => {
    const text = await pdfWords(
      await quotePdf({ quote: toQuote(record({ urgentRepair: true })), customer, today: "2026-11-25" }),
    );
    expect(text).toContain("Urgent repair requested by the customer.");
    expect(text).toContain("No right to cancel: an urgent repair");
  });

  it("prints European names exactly, drops an emoji, and repeats the table's headers on every page", async () => {
    const long = "x".repeat(500);
    const lines = Array.from({ length: 30 }, (_, i) => ({
      id: i + 1,
      position: i,
      description: i === 0 ? long : `Line ${i + 1} 🚰 Αθήνα ${"word ".repeat(80)}`,
      quantityHundredths: hundredths(100),
      unitPence: 10_000,
      vatRateHundredths: null,
      optional: false,
    }));
    const bytes = await quotePdf({
      quote: toQuote(record({ lines })),
      customer: { name: "Łukasz Wójcik-Dvořák", address: "3 Ŵyneth Road, Kirkcaldy KY1 1AA", email: null },
      today: "2026-11-25",
    });
    const words = await pdfWords(bytes);
    expect(words).toContain("For: Łukasz Wójcik-Dvořák, 3 Ŵyneth Road, Kirkcaldy KY1 1AA");
    expect(words).toContain("Line 30 Αθήνα word");
    expect(words).not.toContain("?");
    const pages = popplerPages(bytes);
    expect(pages.length).toBeGreaterThan(2);
    expect(pages[0]).toContain("Łukasz Wójcik-Dvořák, 3 Ŵyneth Road");
    // Every page that carries lines of the table starts them under the column headers.
    const tablePages = pages.filter((p) => /Line \d+/.test(p));
    expect(tablePages.length).toBeGreaterThan(1);
    for (const page of tablePages) {
      expect(page).toMatch(/Description\s+Qty\s+Unit price\s+Amount/);
      expect(page.indexOf("Description")).toBeLessThan(page.search(/Line \d+/));
    }
    const last = pages.at(-1)!;
    expect(last).toMatch(new RegExp(`page ${pages.length} of ${pages.length}`));
    // The terms after the table are not a table: the page after the last line has no headers.
    expect(pages.filter((p) => !/Line \d+/.test(p)).every((p) => !/Description\s+Qty/.test(p))).toBe(true);
    expect(await pdfText(bytes)).toContain(long.slice(0, 30));
  });
});
