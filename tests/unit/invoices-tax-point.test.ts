import { describe, expect, it } from "vitest";
import { taxPoint } from "../../src/features/invoices/contract";
import { addDays } from "../../src/platform/time";

const invoiceDate = "2027-03-31";

describe("the tax point of a VAT invoice", () => {
  it.each([
    [0, invoiceDate, "supplied the day of the invoice"],
    [10, invoiceDate, "invoice within 14 days after supply: the invoice date"],
    [14, invoiceDate, "on the 14th day: still the invoice date"],
    [15, addDays(invoiceDate, -15), "15 days after: the date of supply"],
    [30, addDays(invoiceDate, -30), "30 days after: the date of supply"],
  ])("supply %i days before the invoice → %s (%s)", (daysBefore, expected) => {
    const supplyDate = addDays(invoiceDate, -daysBefore);
    expect(taxPoint({ kind: "direct", issuedOn: invoiceDate, supplyDate })).toBe(expected);
    expect(taxPoint({ kind: "full", issuedOn: invoiceDate, supplyDate })).toBe(expected);
    expect(taxPoint({ kind: "balance", issuedOn: invoiceDate, supplyDate })).toBe(expected);
  });

  it("is the invoice date when no date of supply is given, or when invoiced before the supply", () => {
    expect(taxPoint({ kind: "direct", issuedOn: invoiceDate, supplyDate: null })).toBe(invoiceDate);
    expect(taxPoint({ kind: "full", issuedOn: invoiceDate, supplyDate: addDays(invoiceDate, 9) })).toBe(
      invoiceDate,
    );
  });

  it("a payment received before the basic tax point makes its own date the tax point", () => {
    const supplyDate = addDays(invoiceDate, -30);
    const paidOn = addDays(invoiceDate, -40);
    expect(taxPoint({ kind: "direct", issuedOn: invoiceDate, supplyDate, paidOn })).toBe(paidOn);
    // Paid after the supply: the supply date stands.
    expect(taxPoint({ kind: "direct", issuedOn: invoiceDate, supplyDate, paidOn: invoiceDate })).toBe(
      supplyDate,
    );
  });

  it("a deposit is its own tax point: the day it was invoiced or received, whichever came first", () => {
    const work = addDays(invoiceDate, 20);
    expect(taxPoint({ kind: "deposit", issuedOn: invoiceDate, supplyDate: work })).toBe(invoiceDate);
    expect(taxPoint({ kind: "deposit", issuedOn: invoiceDate, supplyDate: null })).toBe(invoiceDate);
    const received = addDays(invoiceDate, -3);
    expect(taxPoint({ kind: "deposit", issuedOn: invoiceDate, supplyDate: work, paidOn: received })).toBe(
      received,
    );
    expect(
      taxPoint({ kind: "deposit", issuedOn: invoiceDate, supplyDate: work, paidOn: addDays(invoiceDate, 2) }),
    ).toBe(invoiceDate);
  });
});
