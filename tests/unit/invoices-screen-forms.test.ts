/**
 * The invoice screens' form logic: a payment typed in pounds becomes the contract's body in pence
 * (prefilled with the balance, bank transfer, today), what the server must refuse is left to it,
 * the lines of a direct invoice are the quote editor's lines without "optional", a credit note's
 * lines are the invoice's lines ticked, and the badge says overdue only for an open invoice.
 */
import { describe, expect, it } from "vitest";
import {
  createInvoiceSchema,
  creditNoteInputSchema,
  paymentInputSchema,
} from "../../src/features/invoices/contract/endpoints";
import {
  acceptanceText,
  creditLines,
  invoiceBadgeOf,
  invoiceLabel,
  lastMonthRange,
  linesBody,
  liveInvoiceTotals,
  paymentBody,
  paymentDraft,
  paymentSummary,
} from "../../src/features/invoices/screens/invoice-form";
import type { LineDraft } from "../../src/features/quotes/screens/quote-draft";

const line = (patch: Partial<LineDraft>): LineDraft => ({
  key: Math.random().toString(36),
  description: "Labour",
  quantity: "1",
  unitPrice: "0",
  vatRate: "",
  optional: false,
  ...patch,
});

describe("a payment", () => {
  it("starts with the balance, bank transfer and today", () => {
    expect(paymentDraft(123_456, "2026-11-26")).toEqual({
      amount: "1234.56",
      method: "bank_transfer",
      receivedOn: "2026-11-26",
      reference: "",
    });
    expect(paymentDraft(0, "2026-11-26").amount).toBe("");
  });

  it("becomes a body the contract accepts, in whole pence", () => {
    const result = paymentBody({
      amount: "£1,200.5",
      method: "cash",
      receivedOn: "2026-11-20",
      reference: " ",
    });
    expect(result.errors).toBeNull();
    expect(result.body).toEqual({ amountPence: 120_050, method: "cash", receivedOn: "2026-11-20" });
    expect(paymentInputSchema.safeParse(result.body).success).toBe(true);
    const withRef = paymentBody({ ...paymentDraft(5_000, "2026-11-26"), reference: " BACS 26 Nov " });
    expect(withRef.body).toEqual({
      amountPence: 5_000,
      method: "bank_transfer",
      receivedOn: "2026-11-26",
      reference: "BACS 26 Nov",
    });
  });

  it("names the field when the amount is not pounds or the date is missing", () => {
    const result = paymentBody({ amount: "twelve", method: "card", receivedOn: "", reference: "" });
    expect(result.body).toBeNull();
    expect(Object.keys(result.errors ?? {}).sort()).toEqual(["amountPence", "receivedOn"]);
  });

  it("leaves a zero or an overpayment to the server, which refuses it in its own words", () => {
    const zero = paymentBody({ amount: "0", method: "card", receivedOn: "2026-11-26", reference: "" });
    expect(zero.body).toEqual({ amountPence: 0, method: "card", receivedOn: "2026-11-26" });
    const parsed = paymentInputSchema.safeParse(zero.body);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe("The amount must be more than £0.00.");
  });

  it("is summed up in words for the toast", () => {
    expect(paymentSummary(4_550, "card")).toBe("£45.50 by card reader");
    expect(paymentSummary(100_000, "bank_transfer")).toBe("£1,000.00 by bank transfer");
  });
});

describe("a direct invoice's lines", () => {
  it("are the quote editor's lines in pence, without optional, with a VAT rate only when registered", () => {
    const drafts = [
      line({ description: " Hang two doors ", quantity: "2", unitPrice: "85" }),
      line({ description: "Hinges", quantity: "2.5", unitPrice: "4.2", vatRate: "20" }),
    ];
    const plain = linesBody(drafts, { vatRegistered: false });
    expect(plain.lines).toEqual([
      { description: "Hang two doors", quantity: 2, unitPence: 8_500 },
      { description: "Hinges", quantity: 2.5, unitPence: 420 },
    ]);
    const vat = linesBody(
      drafts.map((d) => ({ ...d, vatRate: d.vatRate || "5" })),
      { vatRegistered: true },
    );
    expect(vat.lines?.map((l) => l.vatRate)).toEqual([5, 20]);
    const body = { kind: "direct", submissionId: 7, lines: plain.lines };
    expect(createInvoiceSchema.safeParse(body).success).toBe(true);
  });

  it("name each field to fix, keyed as the line form shows them", () => {
    const result = linesBody(
      [line({ description: "", quantity: "1,5", unitPrice: "x" }), line({ vatRate: "" })],
      { vatRegistered: true },
    );
    expect(result.lines).toBeNull();
    expect(Object.keys(result.errors ?? {}).sort()).toEqual([
      "lines.0.description",
      "lines.0.quantity",
      "lines.0.unitPence",
      "lines.0.vatRate",
      "lines.1.vatRate",
    ]);
    expect(linesBody([], { vatRegistered: false }).errors).toEqual({ lines: "Add at least one line." });
  });

  it("are totalled live with VAT per rate on each rate's net, leaving unreadable lines out", () => {
    const live = liveInvoiceTotals(
      [
        line({ quantity: "1", unitPrice: "0.33", vatRate: "20" }),
        line({ quantity: "1", unitPrice: "0.33", vatRate: "20" }),
        line({ quantity: "1", unitPrice: "0.33", vatRate: "20" }),
        line({ quantity: "3", unitPrice: "1", vatRate: "5" }),
        line({ quantity: "?", unitPrice: "1", vatRate: "5" }),
      ],
      { vatRegistered: true },
    );
    expect(live.incompleteLines).toBe(1);
    expect(live.totals.netPence).toBe(399);
    // 20% of the rate's net £0.99 is £0.198, rounded down to 19p; per line it would be 3 × 6p = 18p.
    expect(live.totals.vatByRate).toEqual([
      { rate: 20, netPence: 99, vatPence: 19 },
      { rate: 5, netPence: 300, vatPence: 15 },
    ]);
    expect(live.totals.totalPence).toBe(433);
  });
});

describe("a credit note", () => {
  const invoiceLines = [
    { id: 11, description: "Hang door", quantity: 1, unitPence: 8_500, vatRate: null },
    { id: 12, description: "Paint door", quantity: 2, unitPence: 3_000, vatRate: null },
  ];
  it("credits the ticked lines as they were invoiced", () => {
    const lines = creditLines(invoiceLines, new Set([12]));
    expect(lines).toEqual([{ description: "Paint door", quantity: 2, unitPence: 3_000 }]);
    expect(creditNoteInputSchema.safeParse({ reason: "Door not painted", lines }).success).toBe(true);
  });
});

describe("what the screens show", () => {
  it("badges an open invoice past its due date as overdue, and nothing else", () => {
    expect(invoiceBadgeOf({ status: "unpaid", overdue: true })).toBe("overdue");
    expect(invoiceBadgeOf({ status: "part-paid", overdue: true })).toBe("overdue");
    expect(invoiceBadgeOf({ status: "paid", overdue: true })).toBe("paid");
    expect(invoiceBadgeOf({ status: "void", overdue: false })).toBe("void");
    expect(invoiceBadgeOf({ status: "unpaid", overdue: false })).toBe("unpaid");
  });

  it("names a draft by its kind and an issued invoice by its number", () => {
    expect(invoiceLabel({ number: null, kind: "deposit" })).toBe("Draft deposit invoice");
    expect(invoiceLabel({ number: null, kind: "direct" })).toBe("Draft invoice");
    expect(invoiceLabel({ number: "KH-0007", kind: "balance" })).toBe("KH-0007");
  });

  it("offers last month as the export range, across a year end too", () => {
    expect(lastMonthRange("2026-11-26")).toEqual({ from: "2026-10-01", to: "2026-10-31" });
    expect(lastMonthRange("2027-01-01")).toEqual({ from: "2026-12-01", to: "2026-12-31" });
    expect(lastMonthRange("2028-03-15")).toEqual({ from: "2028-02-01", to: "2028-02-29" });
  });

  it("gives the acceptance share in whole percent", () => {
    expect(acceptanceText(0.375)).toBe("38%");
    expect(acceptanceText(1)).toBe("100%");
    expect(acceptanceText(null)).toBe("None decided yet");
  });
});
