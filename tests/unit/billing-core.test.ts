import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  countedLines,
  depositDuePence,
  documentTotals,
  fromHundredths,
  hasAtMostTwoDecimals,
  hundredths,
  hundredthsToPercent,
  hundredthsToQuantity,
  largestTotalPence,
  lineNetPence,
  percentText,
  percentToHundredths,
  quantityText,
  quantityToHundredths,
  toHundredths,
  vatBandLabel,
} from "../../src/features/billing/contract";

/** Whole hundredths a quantity may be stored as: 0.01 to 10,000. */
const storedQuantity = fc.integer({ min: 1, max: 1_000_000 });
const rates = [0, 5, 17.5, 20] as const;
const line = fc.record({
  quantity: storedQuantity.map((h) => h / 100),
  unitPence: fc.integer({ min: 0, max: 10_000_000 }),
  vatRate: fc.constantFrom(...rates),
  optional: fc.boolean(),
});

/** The exact VAT on a net at a rate, as a fraction of a penny: numerator over 10,000. */
const exactVatTimes10000 = (net: number, rate: number) => BigInt(net) * BigInt(Math.round(rate * 100));

describe("hundredths", () => {
  it("converts a value with up to two decimals both ways, exactly", () => {
    expect(quantityToHundredths(2.5)).toBe(250);
    expect(quantityToHundredths(0.07)).toBe(7);
    expect(quantityToHundredths(1.1)).toBe(110);
    expect(percentToHundredths(17.5)).toBe(1750);
    expect(percentToHundredths(null)).toBeNull();
    expect(hundredthsToPercent(hundredths(2000))).toBe(20);
    expect(hundredthsToPercent(null)).toBeNull();
    expect(hundredthsToQuantity(hundredths(250))).toBe(2.5);
  });

  it("refuses a third decimal, NaN, infinities and fractions of a hundredth", () => {
    expect(() => quantityToHundredths(0.125)).toThrow("Quantity has more than two decimals: 0.125");
    expect(() => percentToHundredths(17.125)).toThrow(RangeError);
    expect(() => toHundredths(Number.NaN)).toThrow(RangeError);
    expect(() => toHundredths(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => hundredths(2.5)).toThrow("Not a whole number of hundredths: 2.5");
  });

  it("round-trips every stored value, and every two-decimal value read from text", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }), (h) => {
        const stored = hundredths(h);
        expect(toHundredths(fromHundredths(stored))).toBe(h);
        // The decimal text people write parses back to the same value.
        const text = `${h < 0 ? "-" : ""}${Math.floor(Math.abs(h) / 100)}.${String(Math.abs(h) % 100).padStart(2, "0")}`;
        expect(toHundredths(Number(text))).toBe(h);
        expect(hasAtMostTwoDecimals(Number(text))).toBe(true);
      }),
    );
  });

  it("finds a third decimal wherever there is one", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }).filter((k) => k % 10 !== 0),
        (k) => {
          expect(hasAtMostTwoDecimals(k / 1000)).toBe(false);
          expect(() => toHundredths(k / 1000)).toThrow(RangeError);
        },
      ),
    );
  });

  it("writes a quantity as people do, and the text reads back as the same quantity", () => {
    expect(quantityText(2.5)).toBe("2.5");
    expect(quantityText(1)).toBe("1");
    expect(quantityText(0.25)).toBe("0.25");
    expect(quantityText(-0.5)).toBe("-0.5");
    expect(percentText(hundredths(1750))).toBe("17.5%");
    fc.assert(
      fc.property(storedQuantity, (h) => {
        const q = hundredthsToQuantity(hundredths(h));
        expect(Number(quantityText(q))).toBe(q);
        expect(quantityText(q)).not.toMatch(/\.\d*0$/);
      }),
    );
  });
});

describe("document totals", () => {
  it("works VAT out once per rate on the band's net and rounds it down", () => {
    // Three lines of 33p at 20%: per line, 6.6p each rounds to 7p (21p); on the band, 99p → 19.8p → 19p.
    const lines = [1, 2, 3].map(() => ({ quantity: 1, unitPence: 33, vatRate: 20 }));
    const t = documentTotals(lines, { vatRegistered: true });
    expect(t).toEqual({
      netPence: 99,
      vatByRate: [{ rate: 20, netPence: 99, vatPence: 19 }],
      vatPence: 19,
      totalPence: 118,
    });
  });

  it("keeps one band per rate, highest first, and labels it", () => {
    const t = documentTotals(
      [
        { quantity: 2.5, unitPence: 4_000, vatRate: 5 },
        { quantity: 1, unitPence: 12_345, vatRate: 20 },
        { quantity: 0.5, unitPence: 999, vatRate: 5 },
      ],
      { vatRegistered: true },
    );
    expect(t.vatByRate.map((b) => b.rate)).toEqual([20, 5]);
    // 0.5 × 999p = 499.5p rounds half away from zero to 500p.
    expect(t.vatByRate[1]).toEqual({ rate: 5, netPence: 10_500, vatPence: 525 });
    expect(vatBandLabel(t.vatByRate[0]!)).toBe("VAT at 20% on £123.45");
  });

  it("adds no VAT when not registered, whatever rates the lines carry", () => {
    const t = documentTotals([{ quantity: 3, unitPence: 1_001, vatRate: 20 }], { vatRegistered: false });
    expect(t).toEqual({ netPence: 3_003, vatByRate: [], vatPence: 0, totalPence: 3_003 });
  });

  it("counts an optional line only when it is chosen", () => {
    const lines = [
      { quantity: 1, unitPence: 1_000, vatRate: null },
      { quantity: 1, unitPence: 500, vatRate: null, optional: true },
    ];
    expect(documentTotals(lines, { vatRegistered: false }).totalPence).toBe(1_000);
    expect(documentTotals(lines, { vatRegistered: false, chosen: new Set([1]) }).totalPence).toBe(1_500);
    expect(countedLines(lines, { vatRegistered: false, chosen: (i) => i === 1 })).toHaveLength(2);
    expect(largestTotalPence(lines)).toBe(1_500);
  });

  it("matches the exact arithmetic for any lines: nets, each band's VAT rounded down, the total", () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 12 }), fc.boolean(), (lines, vatRegistered) => {
        const chosen = new Set(lines.flatMap((_, i) => (i % 2 === 0 ? [i] : [])));
        const t = documentTotals(lines, { vatRegistered, chosen });
        const counted = lines.filter((l, i) => !l.optional || chosen.has(i));
        // Each net independently: quantity in hundredths × price, halves away from zero.
        const nets = counted.map((l) => {
          const exact = BigInt(Math.round(l.quantity * 100)) * BigInt(l.unitPence);
          return Number((exact + 50n) / 100n);
        });
        expect(counted.map(lineNetPence)).toEqual(nets);
        const net = nets.reduce((a, b) => a + b, 0);
        expect(t.netPence).toBe(net);
        if (!vatRegistered) {
          expect(t.vatByRate).toEqual([]);
          expect(t.totalPence).toBe(net);
          return;
        }
        const used = [...new Set(counted.map((l) => l.vatRate))].sort((a, b) => b - a);
        expect(t.vatByRate.map((b) => b.rate)).toEqual(used);
        for (const band of t.vatByRate) {
          const bandNet = nets.filter((_, i) => counted[i]!.vatRate === band.rate).reduce((a, b) => a + b, 0);
          expect(band.netPence).toBe(bandNet);
          const exact = exactVatTimes10000(bandNet, band.rate);
          // Rounded down: never above the exact VAT, and less than a penny below it.
          expect(BigInt(band.vatPence) * 10_000n <= exact).toBe(true);
          expect(exact - BigInt(band.vatPence) * 10_000n < 10_000n).toBe(true);
        }
        expect(t.vatPence).toBe(t.vatByRate.reduce((a, b) => a + b.vatPence, 0));
        expect(t.totalPence).toBe(net + t.vatPence);
      }),
    );
  });
});

describe("deposit", () => {
  it("is the fixed amount or the percentage to the nearest penny, never more than the total", () => {
    expect(depositDuePence(10_000, null)).toBe(0);
    expect(depositDuePence(10_000, { pence: 2_500 })).toBe(2_500);
    expect(depositDuePence(10_000, { pence: 25_000 })).toBe(10_000);
    expect(depositDuePence(12_345, { percent: 10 })).toBe(1_235);
    expect(depositDuePence(-100, { percent: 50 })).toBe(0);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.integer({ min: 1, max: 10_000 }),
        (total, percentH) => {
          const due = depositDuePence(total, { percent: percentH / 100 });
          const exact = BigInt(total) * BigInt(percentH);
          expect(BigInt(due) * 10_000n * 2n - exact * 2n <= 10_000n).toBe(true);
          expect(exact * 2n - BigInt(due) * 10_000n * 2n < 10_000n).toBe(true);
          expect(due).toBeLessThanOrEqual(total);
        },
      ),
    );
  });
});
