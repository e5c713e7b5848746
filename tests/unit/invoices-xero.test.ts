import { parse } from "csv-parse/sync";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { invoiceTotals } from "../../src/features/invoices/contract";
import type { InvoiceRecord } from "../../src/features/invoices/repository";
import {
  addressParts,
  exportRow,
  xeroHeader,
  xeroRows,
  type XeroContext,
} from "../../src/features/invoices/service-export";
import { lineNet } from "../../src/platform/money";

const numberColumns = ["Total", "*Quantity", "*UnitAmount", "TaxAmount"] as const;

/** The CSV read back by csv-parse: a bare (unquoted) cell that reads as a number becomes a number. */
function rowsOf(csv: string): Record<string, string | number>[] {
  return parse(exportRow(xeroHeader) + csv, {
    columns: true,
    cast: (value, context) =>
      !context.header && !context.quoting && value !== "" && Number.isFinite(Number(value))
        ? Number(value)
        : value,
  });
}

interface LineSpec {
  quantityHundredths: number;
  unitPence: number;
  vatRateHundredths: number | null;
}

/** An issued document as the export reads it from the database. */
function record(kind: "direct" | "credit_note", lines: LineSpec[], vatRegistered: boolean): InvoiceRecord {
  const t = invoiceTotals(
    lines.map((l) => ({
      quantity: l.quantityHundredths / 100,
      unitPence: l.unitPence,
      vatRate: vatRegistered ? (l.vatRateHundredths ?? 0) / 100 : null,
    })),
    { vatRegistered },
  );
  return {
    id: 9,
    kind,
    number: kind === "credit_note" ? "KH-CN-0003" : "KH-0042",
    status: "paid",
    submissionId: 7,
    quoteId: null,
    creditedInvoiceId: kind === "credit_note" ? 8 : null,
    customerName: "Łukasz Wójcik-Dvořák",
    customerEmail: "lukasz@example.com",
    customerAddress: "Flat 2\n3 Ŵyneth Road, Kirkcaldy KY1 1AA",
    vatRegistered,
    issuedOn: "2026-11-26",
    dueOn: "2026-12-10",
    netPence: t.netPence,
    vatPence: t.vatPence,
    totalPence: t.totalPence,
    lines: lines.map((l, i) => ({
      id: i + 1,
      invoiceId: 9,
      position: i,
      description: `Line ${i + 1}`,
      ...l,
    })),
  } as unknown as InvoiceRecord;
}

const ctx: XeroContext = { requestReference: "KB-000007", creditedNumber: "KH-0041" };

describe("the Xero sales-invoice export", () => {
  it("writes Xero's template columns with numbers as numbers, the address split and the request's reference", () => {
    const inv = record(
      "direct",
      [
        { quantityHundredths: 100, unitPence: 10_003, vatRateHundredths: 2000 },
        { quantityHundredths: 250, unitPence: 3_333, vatRateHundredths: 2000 },
        { quantityHundredths: 100, unitPence: -1_000, vatRateHundredths: 2000 },
        { quantityHundredths: 100, unitPence: 5_000, vatRateHundredths: 500 },
      ],
      true,
    );
    const rows = rowsOf(xeroRows(inv, ctx));
    expect(rows).toHaveLength(4);
    for (const r of rows) for (const c of numberColumns) expect(typeof r[c], `${c}: ${r[c]}`).toBe("number");
    expect(rows[2]!["*UnitAmount"]).toBe(-10);
    expect(rows[0]).toMatchObject({
      "*ContactName": "Łukasz Wójcik-Dvořák",
      POAddressLine1: "Flat 2",
      POAddressLine2: "3 Ŵyneth Road",
      POCity: "Kirkcaldy",
      POPostalCode: "KY1 1AA",
      POCountry: "United Kingdom",
      "*InvoiceNumber": "KH-0042",
      Reference: "KB-000007",
      "*InvoiceDate": "26/11/2026",
      "*DueDate": "10/12/2026",
      Total: inv.totalPence / 100,
      "*TaxType": "20% (VAT on Income)",
      Currency: "GBP",
    });
    // The TaxAmounts add up to the invoice's VAT, per rate and in all.
    const tax = (rate: string) =>
      Math.round(
        rows.filter((r) => r["*TaxType"] === rate).reduce((s, r) => s + (r.TaxAmount as number) * 100, 0),
      );
    const t = invoiceTotals(
      inv.lines.map((l) => ({
        quantity: l.quantityHundredths / 100,
        unitPence: l.unitPence,
        vatRate: l.vatRateHundredths! / 100,
      })),
      { vatRegistered: true },
    );
    expect(tax("20% (VAT on Income)")).toBe(t.vatByRate.find((b) => b.rate === 20)!.vatPence);
    expect(tax("5% (VAT on Income)")).toBe(250);
    expect(tax("20% (VAT on Income)") + tax("5% (VAT on Income)")).toBe(inv.vatPence);
  });

  it("matches the VAT as issued even when it was rounded another way then", () => {
    const inv = record(
      "direct",
      [{ quantityHundredths: 100, unitPence: 1_999, vatRateHundredths: 2000 }],
      true,
    );
    const legacy = { ...inv, vatPence: 400, totalPence: 2_399 } as InvoiceRecord; // 399.8p rounded up
    const [row] = rowsOf(xeroRows(legacy, ctx));
    expect(row).toMatchObject({ TaxAmount: 4, Total: 23.99 });
  });

  it("a credit note's lines always sum to the negative of its total", () => {
    const line = fc.record({
      quantityHundredths: fc.integer({ min: 1, max: 1_000_000 }),
      unitPence: fc.integer({ min: 0, max: 10_000_000 }),
      vatRateHundredths: fc.constantFrom(0, 500, 2000, 1750),
    });
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 12 }), fc.boolean(), (lines, vat) => {
        const cn = record("credit_note", lines, vat);
        const rows = rowsOf(xeroRows(cn, ctx));
        let sum = 0;
        for (const r of rows) {
          for (const c of numberColumns) expect(typeof r[c]).toBe("number");
          const unit = Math.round((r["*UnitAmount"] as number) * 100);
          const qty = r["*Quantity"] as number;
          expect(unit).toBeLessThanOrEqual(0);
          sum +=
            lineNet({ quantity: qty, unitPrice: unit, vatRate: 0 }) +
            Math.round((r.TaxAmount as number) * 100);
          expect(Math.round((r.Total as number) * 100) + cn.totalPence).toBe(0);
          expect(r.Reference).toBe("KB-000007, credit for KH-0041");
        }
        expect(sum + cn.totalPence).toBe(0);
      }),
    );
  });

  it("keeps the formula guard for text that could run, and leaves a phone number or a plain note alone", () => {
    const [r] = parse(
      exportRow(['=HYPERLINK("x")', "+44 7700 900123 cash", "-5% goodwill", "+cmd|' /C calc'!A0", "@SUM(1)"]),
    );
    expect(r).toEqual([
      '\'=HYPERLINK("x")',
      "+44 7700 900123 cash",
      "-5% goodwill",
      "'+cmd|' /C calc'!A0",
      "'@SUM(1)",
    ]);
  });
});

describe("an address as Xero's columns", () => {
  it.each([
    [
      "1 High Street, Kirkcaldy KY1 1AA",
      ["1 High Street", "", "", ""],
      "Kirkcaldy",
      "KY1 1AA",
      "United Kingdom",
    ],
    [
      "1 High Street\nKirkcaldy\nky11aa",
      ["1 High Street", "", "", ""],
      "Kirkcaldy",
      "KY1 1AA",
      "United Kingdom",
    ],
    [
      "Flat 3, 12 Main St, Burntisland, Fife, KY3 9AB, UK",
      ["Flat 3", "12 Main St", "Burntisland", ""],
      "Fife",
      "KY3 9AB",
      "United Kingdom",
    ],
    ["Rue 1, Paris", ["Rue 1", "Paris", "", ""], "", "", ""],
    [null, ["", "", "", ""], "", "", ""],
  ] as const)("%s", (address, lines, city, postcode, country) => {
    expect(addressParts(address)).toEqual({ lines, city, postcode, country });
  });
});
