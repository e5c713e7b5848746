/**
 * What a balance invoice deducts for an issued deposit invoice
 * (src/features/invoices/contract/totals.ts `depositDeductionsPence`): whole pence only, the whole
 * deposit when nothing was credited, nothing when all of it was, and otherwise the deposit's net
 * scaled by what is left of it, rounded once to the nearest penny and shared over its lines so the
 * deductions add up to exactly that. Checked against exact fractions (BigInt), for awkward values
 * (a 33.33% deposit over three VAT rates) and for many random ones.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  amountCreditLines,
  depositDeductionsPence,
  depositLines,
  invoiceTotals,
  lineNetPence,
} from "../../src/features/invoices/contract";
import { depositDuePence } from "../../src/features/billing/contract";

/** a × b / c to the nearest whole number, half away from zero, with exact integers. */
function nearest(a: number, b: number, c: number): number {
  const n = BigInt(a) * BigInt(b);
  const d = BigInt(c);
  const q = n / d;
  const twiceRest = (n % d) * 2n;
  return Number(twiceRest >= d ? q + 1n : q);
}

const one = (unitPence: number, vatRate: number | null = null) => ({ quantity: 1, unitPence, vatRate });

describe("the deductions of one deposit invoice", () => {
  it("deducts every line whole when nothing was credited, and nothing when all of it was", () => {
    const lines = [one(9034, 20), one(903, 5), one(3333, 0)];
    expect(depositDeductionsPence({ lines, totalPence: 15_077, creditedPence: 0 })).toEqual([
      9034, 903, 3333,
    ]);
    expect(depositDeductionsPence({ lines, totalPence: 15_077, creditedPence: 15_077 })).toEqual([0, 0, 0]);
    expect(depositDeductionsPence({ lines: [one(0)], totalPence: 0, creditedPence: 0 })).toEqual([0]);
  });

  it("scales a part-credited deposit once and shares it so the lines add up to exactly that", () => {
    // £100.00 net over three equal lines, a third of the total credited: £66.67 left to deduct.
    const lines = [one(3334), one(3333), one(3333)];
    const got = depositDeductionsPence({ lines, totalPence: 10_000, creditedPence: 3_333 });
    expect(got.reduce((s, n) => s + n, 0)).toBe(6_667);
    expect(got).toEqual([2223, 2222, 2222]);
  });

  it("keeps a 33.33% deposit over three VAT rates, £33.33 of it credited, in whole pence", () => {
    const quote = invoiceTotals(
      [one(33_333, 20), { quantity: 3, unitPence: 1_111, vatRate: 5 }, one(9_999, 0)],
      {
        vatRegistered: true,
      },
    );
    const due = depositDuePence(quote.totalPence, { percent: 33.33 });
    const deposit = depositLines(quote, due, true, "Deposit");
    const depositTotals = invoiceTotals(deposit, { vatRegistered: true });
    const got = depositDeductionsPence({
      lines: deposit,
      totalPence: depositTotals.totalPence,
      creditedPence: 3_333,
    });
    for (const n of got) expect(Number.isSafeInteger(n)).toBe(true);
    expect(got.reduce((s, n) => s + n, 0)).toBe(
      nearest(depositTotals.netPence, depositTotals.totalPence - 3_333, depositTotals.totalPence),
    );
  });

  it("for any deposit and credit: whole pence, each within its line, adding up to the scaled net", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 5_000_000 }), { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 0, max: 2_000_000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (nets, vat, creditedShare) => {
          const lines = nets.map((n) => one(n));
          const net = nets.reduce((s, n) => s + n, 0);
          const total = net + vat;
          const credited = Math.floor(total * creditedShare);
          const got = depositDeductionsPence({ lines, totalPence: total, creditedPence: credited });
          expect(got).toHaveLength(nets.length);
          got.forEach((n, i) => {
            expect(Number.isSafeInteger(n)).toBe(true);
            expect(n).toBeGreaterThanOrEqual(0);
            expect(n).toBeLessThanOrEqual(nets[i]!);
          });
          expect(got.reduce((s, n) => s + n, 0)).toBe(nearest(net, total - credited, total));
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe("deposit, credit note and balance together", () => {
  it("each document's lines make its total, and the three come within a penny per VAT rate of the accepted total", () => {
    const rates = [20, 5, 0];
    fc.assert(
      fc.property(
        fc.tuple(...rates.map(() => fc.integer({ min: 1, max: 2_000_000 }))),
        fc.integer({ min: 1, max: 10_000 }),
        fc.double({ min: 0, max: 0.9, noNaN: true }),
        (prices, percentHundredths, creditShare) => {
          const agreed = prices.map((p, i) => one(p, rates[i]!));
          const quote = invoiceTotals(agreed, { vatRegistered: true });
          const due = depositDuePence(quote.totalPence, { percent: percentHundredths / 100 });
          const deposit = depositLines(quote, due, true, "Deposit");
          const depositTotal = invoiceTotals(deposit, { vatRegistered: true });
          const creditAsked = Math.floor(depositTotal.totalPence * creditShare);
          const credit =
            creditAsked > 0 ? amountCreditLines(depositTotal.vatByRate, creditAsked, true, "Credit") : [];
          const credited = invoiceTotals(credit, { vatRegistered: true }).totalPence;
          const deductions = depositDeductionsPence({
            lines: deposit,
            totalPence: depositTotal.totalPence,
            creditedPence: credited,
          });
          const balanceLines = [
            ...agreed,
            ...deposit.map((l, i) => one(-deductions[i]!, l.vatRate)).filter((l) => l.unitPence !== 0),
          ];
          const balance = invoiceTotals(balanceLines, { vatRegistered: true });
          for (const doc of [
            [deposit, depositTotal],
            [balanceLines, balance],
          ] as const) {
            const net = doc[0].reduce((s, l) => s + lineNetPence(l), 0);
            expect(net).toBe(doc[1].netPence);
            expect(doc[1].netPence + doc[1].vatPence).toBe(doc[1].totalPence);
          }
          const together = depositTotal.totalPence - credited + balance.totalPence;
          expect(Math.abs(together - quote.totalPence)).toBeLessThanOrEqual(rates.length);
        },
      ),
      { numRuns: 300 },
    );
  });
});
