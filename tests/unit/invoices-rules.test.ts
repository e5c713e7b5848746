/**
 * The invoice rules the admin screens and the server share (src/features/invoices/contract): the
 * status the money says, the balance, overdue, deposit lines in proportion per VAT rate, numbers,
 * and the request schemas' refusals.
 */
import { describe, expect, it } from "vitest";
import {
  balanceOf,
  createInvoiceSchema,
  creditNoteInputSchema,
  daysOverdue,
  depositLines,
  formatDocumentNumber,
  invoiceStatusOf,
  invoiceTotals,
  isOverdue,
  paymentInputSchema,
  paymentTermsText,
  refundDueOf,
  shareOf,
} from "../../src/features/invoices/contract";

const money = (totalPence: number, paidPence: number, creditedPence = 0, issued = true) => ({
  issued,
  totalPence,
  paidPence,
  creditedPence,
});

describe("status and balance", () => {
  it("moves draft → unpaid → part-paid → paid, and void by a full credit", () => {
    expect(invoiceStatusOf(money(10000, 0, 0, false))).toBe("draft");
    expect(invoiceStatusOf(money(10000, 0))).toBe("unpaid");
    expect(invoiceStatusOf(money(10000, 1))).toBe("part-paid");
    expect(invoiceStatusOf(money(10000, 9999))).toBe("part-paid");
    expect(invoiceStatusOf(money(10000, 10000))).toBe("paid");
    expect(invoiceStatusOf(money(10000, 6000, 4000))).toBe("paid");
    expect(invoiceStatusOf(money(10000, 0, 4000))).toBe("unpaid");
    expect(invoiceStatusOf(money(10000, 0, 10000))).toBe("void");
    expect(invoiceStatusOf(money(10000, 10000, 10000))).toBe("void");
  });

  it("owes the total less credits and payments, never below 0, and nothing on a draft", () => {
    expect(balanceOf(money(10000, 2500))).toBe(7500);
    expect(balanceOf(money(10000, 2500, 5000))).toBe(2500);
    expect(balanceOf(money(10000, 8000, 5000))).toBe(0);
    expect(refundDueOf(money(10000, 8000, 5000))).toBe(3000);
    expect(refundDueOf(money(10000, 8000))).toBe(0);
    expect(balanceOf(money(10000, 0, 0, false))).toBe(0);
  });

  it("is overdue only when open and past the due day", () => {
    expect(isOverdue("unpaid", "2026-11-10", "2026-11-10")).toBe(false);
    expect(isOverdue("unpaid", "2026-11-10", "2026-11-11")).toBe(true);
    expect(isOverdue("part-paid", "2026-11-10", "2026-11-11")).toBe(true);
    expect(isOverdue("paid", "2026-11-10", "2026-12-11")).toBe(false);
    expect(isOverdue("void", "2026-11-10", "2026-12-11")).toBe(false);
    expect(isOverdue("draft", null, "2026-12-11")).toBe(false);
    expect(daysOverdue("unpaid", "2026-10-25", "2026-11-01")).toBe(7);
    expect(daysOverdue("paid", "2026-10-25", "2026-11-01")).toBe(0);
  });
});

describe("sums", () => {
  it("works VAT out per rate on the net total, like a quote", () => {
    const t = invoiceTotals(
      [
        { quantity: 3, unitPence: 3333, vatRate: 5 },
        { quantity: 1, unitPence: 10000, vatRate: 20 },
      ],
      { vatRegistered: true },
    );
    expect(t).toEqual({
      netPence: 19999,
      vatByRate: [
        { rate: 20, netPence: 10000, vatPence: 2000 },
        { rate: 5, netPence: 9999, vatPence: 499 }, // 499.95p, rounded down
      ],
      vatPence: 2499,
      totalPence: 22498,
    });
    expect(
      invoiceTotals([{ quantity: 2.5, unitPence: 4000, vatRate: 20 }], { vatRegistered: false }),
    ).toEqual({
      netPence: 10000,
      vatByRate: [],
      vatPence: 0,
      totalPence: 10000,
    });
  });

  it("splits a deposit across VAT rates in proportion, and is one line when not registered", () => {
    const totals = {
      netPence: 20000,
      vatByRate: [
        { rate: 20, netPence: 10000, vatPence: 2000 },
        { rate: 5, netPence: 10000, vatPence: 500 },
      ],
      vatPence: 2500,
      totalPence: 22500,
    };
    const lines = depositLines(totals, 5625, true, "Deposit");
    expect(lines.map((l) => [l.unitPence, l.vatRate])).toEqual([
      [2500, 20],
      [2500, 5],
    ]);
    const t = invoiceTotals(lines, { vatRegistered: true });
    expect(t.totalPence).toBe(5625);
    expect(depositLines({ ...totals, vatByRate: [] }, 5000, false, "Deposit")).toEqual([
      { description: "Deposit", quantity: 1, unitPence: 5000, vatRate: null },
    ]);
    expect(shareOf(3, 1, 2)).toBe(2);
    expect(shareOf(-3, 1, 2)).toBe(-2);
    expect(shareOf(99_999_999, 99_999_999, 100_000_000)).toBe(99_999_998);
  });
});

describe("numbers and words", () => {
  it("pads numbers with the prefix", () => {
    expect(formatDocumentNumber("KH-", 7, 4)).toBe("KH-0007");
    expect(formatDocumentNumber("KH-", 12345, 4)).toBe("KH-12345");
  });
  it("states the terms", () => {
    expect(paymentTermsText(0)).toBe("Payment is due on completion.");
    expect(paymentTermsText(14)).toBe("Payment is due within 14 days of the invoice date.");
  });
});

describe("the request schemas", () => {
  it("refuses payments of 0, negative, fractional pence, an unknown method and an unreal date", () => {
    const ok = { amountPence: 100, method: "bank_transfer", receivedOn: "2026-11-26" };
    expect(paymentInputSchema.safeParse(ok).success).toBe(true);
    for (const bad of [
      { ...ok, amountPence: 0 },
      { ...ok, amountPence: -1 },
      { ...ok, amountPence: 1.5 },
      { ...ok, method: "cheque" },
      { ...ok, receivedOn: "2026-02-30" },
      { ...ok, receivedOn: "26/11/2026" },
    ]) {
      expect(paymentInputSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    expect(paymentInputSchema.parse({ ...ok, reference: "  " }).reference).toBeNull();
  });

  it("needs a quote for full, deposit and balance, and lines and a customer for direct", () => {
    expect(createInvoiceSchema.safeParse({ kind: "full", quoteId: 3 }).success).toBe(true);
    expect(createInvoiceSchema.safeParse({ kind: "balance" }).success).toBe(false);
    expect(
      createInvoiceSchema.safeParse({
        kind: "full",
        quoteId: 3,
        lines: [{ description: "x", quantity: 1, unitPence: 1 }],
      }).success,
    ).toBe(false);
    expect(
      createInvoiceSchema.safeParse({
        kind: "direct",
        submissionId: 4,
        lines: [{ description: "x", quantity: 1, unitPence: 1 }],
      }).success,
    ).toBe(true);
    expect(
      createInvoiceSchema.safeParse({
        kind: "direct",
        lines: [{ description: "x", quantity: 1, unitPence: 1 }],
      }).success,
    ).toBe(false);
  });

  it("needs a reason for a credit note", () => {
    expect(creditNoteInputSchema.safeParse({ reason: "Overcharged" }).success).toBe(true);
    expect(creditNoteInputSchema.safeParse({ reason: "" }).success).toBe(false);
    expect(creditNoteInputSchema.safeParse({}).success).toBe(false);
  });
});

describe("the launch check", () => {
  it("lists the invoice bank details until the owner confirms them", async () => {
    const { placeholderFindings } = await import("../../scripts/lib/launch-check");
    const { facts } = await import("../../scripts/lib/launch-facts");
    const keys = (confirmed: boolean) =>
      placeholderFindings({
        ...facts,
        site: { ...facts.site, invoices: { bank: { confirmed } } },
      }).map((f) => f.key);
    expect(keys(false)).toContain("site.invoices.bank");
    expect(keys(true)).not.toContain("site.invoices.bank");
  });
});
