/**
 * A credit note of a stated amount (src/features/invoices/contract/totals.ts `amountCreditLines`):
 * the amount shared over the invoice's VAT bands, never more than stated, a penny short at most,
 * and the request schema's refusals.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  amountCreditLines,
  creditNoteInputSchema,
  invoiceTotals,
  netWithin,
} from "../../src/features/invoices/contract";
import { vatOn } from "../../src/platform/money";

const totalOf = (lines: ReturnType<typeof amountCreditLines>, vatRegistered = true) =>
  invoiceTotals(lines, { vatRegistered });

describe("a credit note of a stated amount", () => {
  it("is one line of the amount when the invoice has no VAT", () => {
    expect(amountCreditLines([], 2500, false, "Goodwill")).toEqual([
      { description: "Goodwill", quantity: 1, unitPence: 2500, vatRate: null },
    ]);
  });

  it("gives £25.00 at 20% as £20.84 net and £4.16 VAT", () => {
    const lines = amountCreditLines(
      [{ rate: 20, netPence: 50_000, vatPence: 10_000 }],
      2500,
      true,
      "Goodwill",
    );
    expect(lines).toEqual([{ description: "Goodwill", quantity: 1, unitPence: 2084, vatRate: 20 }]);
    const t = totalOf(lines);
    expect([t.netPence, t.vatPence, t.totalPence]).toEqual([2084, 416, 2500]);
  });

  it("shares the amount over two bands in proportion to each band's gross, naming the rate", () => {
    // £120 at 20% (gross £144) and £100 at 5% (gross £105): £24.90 splits £14.40 and £10.50.
    const bands = [
      { rate: 20, netPence: 12_000, vatPence: 2_400 },
      { rate: 5, netPence: 10_000, vatPence: 500 },
    ];
    const lines = amountCreditLines(bands, 2490, true, "Goodwill");
    expect(lines.map((l) => [l.description, l.vatRate, l.unitPence])).toEqual([
      ["Goodwill (VAT 20%)", 20, 1200],
      ["Goodwill (VAT 5%)", 5, 1000],
    ]);
    expect(totalOf(lines).totalPence).toBe(2490);
  });

  it("never comes to more than stated, and at most a penny less", () => {
    const band = fc.record({
      rate: fc.constantFrom(0, 5, 17.5, 20),
      netPence: fc.integer({ min: 1, max: 1_000_000 }),
    });
    fc.assert(
      fc.property(
        fc.uniqueArray(band, { minLength: 1, maxLength: 3, selector: (b) => b.rate }),
        fc.integer({ min: 1, max: 500_000 }),
        (raw, amount) => {
          const bands = raw.map((b) => ({ ...b, vatPence: vatOn(b.netPence, b.rate) }));
          const total = totalOf(amountCreditLines(bands, amount, true, "Credit")).totalPence;
          expect(total).toBeLessThanOrEqual(amount);
          expect(amount - total).toBeLessThanOrEqual(bands.some((b) => b.rate === 0) ? 0 : 1);
        },
      ),
    );
  });

  it("finds the largest net whose gross fits", () => {
    // At 20% a gross of 5p cannot be made (4p net is 4p, 5p net is 6p): 4p is the most.
    expect(netWithin(5, 20)).toBe(4);
    expect(netWithin(6, 20)).toBe(5);
    expect(netWithin(2500, 20)).toBe(2084);
    expect(netWithin(1, 20)).toBe(1);
  });

  it("is refused with lines as well, or an amount of nothing", () => {
    const both = creditNoteInputSchema.safeParse({
      reason: "Goodwill",
      amountPence: 100,
      lines: [{ description: "x", quantity: 1, unitPence: 100 }],
    });
    expect(both.success).toBe(false);
    expect(both.error?.issues[0]?.message).toBe("Give either the lines to credit or an amount, not both.");
    const zero = creditNoteInputSchema.safeParse({ reason: "Goodwill", amountPence: 0 });
    expect(zero.error?.issues[0]?.message).toBe("The amount must be more than £0.00.");
    const pennyFraction = creditNoteInputSchema.safeParse({ reason: "Goodwill", amountPence: 1.5 });
    expect(pennyFraction.error?.issues[0]?.message).toBe("The amount must be a whole number of pence.");
  });
});
