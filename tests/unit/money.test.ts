import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  formatMoney,
  fromPounds,
  lineNet,
  parsePounds,
  percentOf,
  poundsDecimal,
  sumPence,
  totals,
  tryParsePounds,
  parseTypedPounds,
  vatOn,
  allocate,
} from "../../src/platform/money";

/** Amounts up to £10 million either way, in pence. */
const amount = fc.integer({ min: -1_000_000_000, max: 1_000_000_000 });

describe("formatMoney", () => {
  it("writes pounds the UK way, always with pence", () => {
    expect(formatMoney(123_400)).toBe("£1,234.00");
    expect(formatMoney(0)).toBe("£0.00");
    expect(formatMoney(5)).toBe("£0.05");
    expect(formatMoney(1_234_567_89)).toBe("£1,234,567.89");
    expect(formatMoney(-550)).toBe("-£5.50");
  });

  it("leaves '.00' off whole pounds only when asked (advertised prices)", () => {
    expect(formatMoney(15_000, { dropZeroPence: true })).toBe("£150");
    expect(formatMoney(1_250, { dropZeroPence: true })).toBe("£12.50");
    expect(formatMoney(123_400, { dropZeroPence: true })).toBe("£1,234");
  });

  it("refuses a fraction of a penny", () => {
    expect(() => formatMoney(1.5)).toThrow(RangeError);
    expect(() => formatMoney(Number.NaN)).toThrow(RangeError);
  });

  it("reads back what it writes, for any amount", () => {
    fc.assert(fc.property(amount, (p) => parsePounds(formatMoney(p)) === p));
  });
});

describe("parsePounds", () => {
  it("reads pounds as people write them", () => {
    expect(parsePounds("1234")).toBe(123_400);
    expect(parsePounds("£1,234.50")).toBe(123_450);
    expect(parsePounds(" 12.05 ")).toBe(1_205);
    expect(parsePounds("-£3.20")).toBe(-320);
    expect(parsePounds("0.99")).toBe(99);
    expect(parsePounds("-0")).toBe(0);
  });

  it("refuses anything that is not an exact amount", () => {
    for (const bad of [
      "",
      "£",
      "12.5",
      "12.345",
      "1,23",
      "12,34.00",
      "abc",
      "1e3",
      "12.",
      ".50",
      "£-3",
      "£ 12",
    ]) {
      expect(() => parsePounds(bad), bad).toThrow(RangeError);
      expect(tryParsePounds(bad), bad).toBeNull();
    }
  });

  it("fromPounds is whole pounds only", () => {
    expect(fromPounds(150)).toBe(15_000);
    expect(() => fromPounds(1.5)).toThrow(RangeError);
  });
});

describe("parseTypedPounds", () => {
  it("reads pounds as typed into a form, one decimal meaning tens of pence", () => {
    expect(parseTypedPounds(" 150 ")).toBe(15_000);
    expect(parseTypedPounds("12.5")).toBe(1250);
    expect(parseTypedPounds("£1,250.05")).toBe(125_005);
    for (const bad of ["", "12.505", "twelve", "1,25", "12."]) expect(parseTypedPounds(bad), bad).toBeNull();
  });

  it("is the one reading of a typed amount in the billing forms (prices, deposits, payments, amounts owed)", () => {
    expect(parseTypedPounds("45")).toBe(4500);
    expect(parseTypedPounds(" £1,250.50 ")).toBe(125_050);
    expect(parseTypedPounds("12.05")).toBe(1205);
    expect(parseTypedPounds("0.1")).toBe(10);
    for (const bad of ["abc", "12.345", "1,25.00", "£"]) expect(parseTypedPounds(bad), bad).toBeNull();
  });
});

describe("sums", () => {
  it("are exact for any list of amounts (whole pence in, whole pence out, order does not matter)", () => {
    fc.assert(
      fc.property(fc.array(amount, { maxLength: 50 }), (list) => {
        const total = sumPence(list);
        const reversed = sumPence([...list].reverse());
        const big = list.reduce((a, b) => a + BigInt(b), 0n);
        return Number.isSafeInteger(total) && total === reversed && BigInt(total) === big;
      }),
    );
  });

  it("0.10 + 0.20 is 0.30 exactly", () => {
    expect(formatMoney(sumPence([parsePounds("0.10"), parsePounds("0.20")]))).toBe("£0.30");
  });
});

describe("VAT", () => {
  it("matches hand-worked figures, a fraction of a penny rounded down (HMRC's invoice rounding)", () => {
    expect(vatOn(10_000, 20)).toBe(2_000); // £100.00 at 20 % = £20.00
    expect(vatOn(1_999, 20)).toBe(399); // £19.99 → 399.8p → £3.99
    expect(vatOn(1_234, 20)).toBe(246); // 246.8p → 246p
    expect(vatOn(1_010, 5)).toBe(50); // 50.5p → 50p
    expect(vatOn(1_030, 5)).toBe(51); // 51.5p → 51p
    expect(vatOn(990, 5)).toBe(49); // 49.5p → 49p
    expect(vatOn(-1_010, 5)).toBe(-50); // a credit rounds towards zero: it mirrors the invoice
    expect(vatOn(12_345, 0)).toBe(0);
    expect(vatOn(1_000, 17.5)).toBe(175);
    expect(vatOn(1_001, 17.5)).toBe(175); // 175.175p → 175p
  });

  it("is computed once per rate on that rate's net total, not per line", () => {
    // Three lines of £0.10 at 5 %: per line 0.5p each; on the rate's total, 30p at 5 % = 1.5p → 1p.
    const t = totals(
      [
        { quantity: 1, unitPrice: 10, vatRate: 5 },
        { quantity: 1, unitPrice: 10, vatRate: 5 },
        { quantity: 1, unitPrice: 10, vatRate: 5 },
        { quantity: 2, unitPrice: 12_345, vatRate: 20 }, // £246.90 at 20 % = £49.38
        { quantity: 1, unitPrice: 5_000, vatRate: 0 },
      ],
      { vatRegistered: true },
    );
    expect(t.vatByRate).toEqual([
      { rate: 20, net: 24_690, vat: 4_938 },
      { rate: 5, net: 30, vat: 1 },
      { rate: 0, net: 5_000, vat: 0 },
    ]);
    expect(t).toMatchObject({ net: 29_720, vat: 4_939, gross: 34_659 });
  });

  it("adds no VAT when not registered", () => {
    const t = totals([{ quantity: 3, unitPrice: 4_999, vatRate: 20 }], { vatRegistered: false });
    expect(t).toEqual({ net: 14_997, vatByRate: [], vat: 0, gross: 14_997 });
  });

  it("rounds a fractional quantity's line to the penny (2.5 hours at £33.33 = £83.325 → £83.33)", () => {
    expect(lineNet({ quantity: 2.5, unitPrice: 3_333, vatRate: 20 })).toBe(8_333);
    expect(() => lineNet({ quantity: 0.001, unitPrice: 100, vatRate: 20 })).toThrow(RangeError);
  });

  it("totals always add up: net = sum of rate nets, gross = net + VAT, each VAT the exact VAT less under a penny", () => {
    const line = fc.record({
      quantity: fc.integer({ min: 1, max: 500 }).map((q) => q / 4),
      unitPrice: fc.integer({ min: 0, max: 10_000_000 }),
      vatRate: fc.constantFrom(20, 5, 0),
    });
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 20 }), (lines) => {
        const t = totals(lines, { vatRegistered: true });
        const netSum = sumPence(lines.map(lineNet));
        expect(t.net).toBe(netSum);
        expect(sumPence(t.vatByRate.map((b) => b.net))).toBe(t.net);
        expect(t.vat).toBe(sumPence(t.vatByRate.map((b) => b.vat)));
        expect(t.gross).toBe(t.net + t.vat);
        for (const b of t.vatByRate) {
          expect(Number.isSafeInteger(b.vat)).toBe(true);
          // rounded down: 0 <= exact - vat < 1p, i.e. 0 <= net·rate - 100·vat < 100
          const under = b.net * b.rate - 100 * b.vat;
          expect(under).toBeGreaterThanOrEqual(0);
          expect(under).toBeLessThan(100);
        }
      }),
    );
  });
});

describe("percentage deposits", () => {
  it("round to the penny, half away from zero", () => {
    expect(percentOf(123_400, 25)).toBe(30_850);
    expect(percentOf(333, 50)).toBe(167); // 166.5p → 167p
    expect(percentOf(1_000, 33.33)).toBe(333);
    expect(percentOf(99_999, 100)).toBe(99_999);
    expect(() => percentOf(100, 101)).toThrow(RangeError);
  });

  it("deposit plus balance is always the whole amount", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.integer({ min: 0, max: 100 }),
        (total, pct) => {
          const deposit = percentOf(total, pct);
          return (
            Number.isSafeInteger(deposit) &&
            deposit >= 0 &&
            deposit <= total &&
            deposit + (total - deposit) === total
          );
        },
      ),
    );
  });
});

describe("poundsDecimal", () => {
  it("writes pounds with two decimals from the integer, for machine-readable places", () => {
    expect([15_000, 5, 0, -550, 123_456].map(poundsDecimal)).toEqual([
      "150.00",
      "0.05",
      "0.00",
      "-5.50",
      "1234.56",
    ]);
    fc.assert(fc.property(amount, (p) => parsePounds(poundsDecimal(p)) === p));
  });
});

describe("allocate", () => {
  it("shares a total in proportion, in whole pence that add up exactly", () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(4_939, [24_690, 0])).toEqual([4_939, 0]);
    expect(allocate(-50, [-500, -510])).toEqual([-25, -25]);
    expect(allocate(7, [0, 0])).toEqual([7, 0]);
  });

  it("always adds up to the total and never moves a share by a penny or more from its exact value", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 100_000_000 }), { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 0, max: 20_000_000 }),
        fc.boolean(),
        (weights, total, negative) => {
          const sign = negative ? -1 : 1;
          const w = weights.map((x) => sign * x);
          const shares = allocate(sign * total, w);
          expect(shares.reduce((s, x) => s + x, 0) === sign * total).toBe(true);
          const sum = w.reduce((s, x) => s + x, 0);
          if (sum !== 0) {
            shares.forEach((s, i) => expect(Math.abs(s - (sign * total * w[i]!) / sum)).toBeLessThan(1));
          }
        },
      ),
    );
  });
});
