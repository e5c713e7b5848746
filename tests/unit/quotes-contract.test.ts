import { hundredths } from "../../src/features/billing/contract";
import { describe, expect, it } from "vitest";
import {
  canQuoteTransition,
  depositDuePence,
  lineNetPence,
  quantityText,
  quantityToHundredths,
  quoteInputSchema,
  quotePatchSchema,
  quoteStatuses,
  quoteTotals,
  quoteTransitions,
  priceListItemInputSchema,
  hundredthsToQuantity,
} from "../../src/features/quotes/contract";

const line = (quantity: number, unitPence: number, vatRate: number | null = null, optional = false) => ({
  quantity,
  unitPence,
  vatRate,
  optional,
});

describe("quote totals", () => {
  it("not VAT-registered: the total is the sum of the lines' nets, with no VAT", () => {
    const t = quoteTotals([line(2, 1250), line(1.5, 3333)], { vatRegistered: false });
    // 2 × £12.50 = £25.00; 1.5 × £33.33 = £49.995 → £50.00 (half a penny up)
    expect(t).toEqual({ netPence: 7500, vatByRate: [], vatPence: 0, totalPence: 7500 });
  });

  it("computes VAT once per rate on that rate's net total, rounded down to the penny", () => {
    // A line's net is rounded first (0.25 × 10p = 2.5p → 3p); VAT then goes on each rate's net total.
    const lines = [line(0.25, 10, 20), line(0.25, 10, 20), line(0.25, 10, 20), line(1, 1010, 5)];
    const t = quoteTotals(lines, { vatRegistered: true });
    expect(lineNetPence(lines[0]!)).toBe(3);
    expect(t.vatByRate).toEqual([
      { rate: 20, netPence: 9, vatPence: 1 }, // 20% of 9p = 1.8p → 1p
      { rate: 5, netPence: 1010, vatPence: 50 }, // 5% of £10.10 = 50.5p → 50p
    ]);
    expect(t.netPence).toBe(1019);
    expect(t.vatPence).toBe(51);
    expect(t.totalPence).toBe(1070);
  });

  it("VAT per rate differs from summing VAT per line, and the per-rate figure is the one used", () => {
    // Each line: £0.13 at 20% = 2.6p VAT. Per line rounded down: 2p × 3 = 6p. Per rate: 20% of 39p = 7.8p → 7p.
    const lines = [line(1, 13, 20), line(1, 13, 20), line(1, 13, 20)];
    expect(quoteTotals(lines, { vatRegistered: true }).vatPence).toBe(7);
  });

  it("leaves optional lines out unless chosen", () => {
    const lines = [line(1, 10000), line(2, 2500, null, true), line(1, 999, null, true)];
    expect(quoteTotals(lines, { vatRegistered: false }).totalPence).toBe(10000);
    expect(quoteTotals(lines, { vatRegistered: false, chosen: new Set([1]) }).totalPence).toBe(15000);
    expect(quoteTotals(lines, { vatRegistered: false, chosen: () => true }).totalPence).toBe(15999);
    // Choosing a fixed line's index changes nothing.
    expect(quoteTotals(lines, { vatRegistered: false, chosen: new Set([0]) }).totalPence).toBe(10000);
  });

  it("ignores VAT rates when not registered", () => {
    expect(quoteTotals([line(1, 10000, 20)], { vatRegistered: false }).totalPence).toBe(10000);
    expect(quoteTotals([line(1, 10000, 20)], { vatRegistered: true }).totalPence).toBe(12000);
  });
});

describe("deposits", () => {
  it("a percentage is rounded to the nearest penny, half away from zero", () => {
    expect(depositDuePence(12345, { percent: 10 })).toBe(1235); // 1234.5 → 1235
    expect(depositDuePence(10001, { percent: 33.33 })).toBe(3333); // 3333.3333 → 3333
    expect(depositDuePence(999, { percent: 50 })).toBe(500); // 499.5 → 500
  });
  it("a fixed deposit is as given, never more than the total; none is 0", () => {
    expect(depositDuePence(50000, { pence: 10000 })).toBe(10000);
    expect(depositDuePence(5000, { pence: 10000 })).toBe(5000);
    expect(depositDuePence(5000, null)).toBe(0);
  });
});

describe("quantities", () => {
  it("store as whole hundredths and read back", () => {
    expect(quantityToHundredths(2.5)).toBe(250);
    expect(quantityToHundredths(0.07)).toBe(7);
    expect(quantityToHundredths(1.1)).toBe(110);
    expect(hundredthsToQuantity(hundredths(250))).toBe(2.5);
    expect(() => quantityToHundredths(0.125)).toThrow(RangeError);
  });
  it("are written as people write them", () => {
    expect(quantityText(2.5)).toBe("2.5");
    expect(quantityText(1)).toBe("1");
    expect(quantityText(0.25)).toBe("0.25");
    expect(quantityText(10.05)).toBe("10.05");
  });
});

describe("the quote state machine", () => {
  it("follows the lifecycle", () => {
    expect(canQuoteTransition("draft", "sent")).toBe(true);
    expect(canQuoteTransition("sent", "viewed")).toBe(true);
    expect(canQuoteTransition("viewed", "accepted")).toBe(true);
    expect(canQuoteTransition("sent", "accepted")).toBe(true);
    expect(canQuoteTransition("viewed", "declined")).toBe(true);
    expect(canQuoteTransition("sent", "expired")).toBe(true);
    expect(canQuoteTransition("viewed", "superseded")).toBe(true);
    expect(canQuoteTransition("accepted", "cancelled")).toBe(true);
  });
  it("never changes an accepted quote but to record a cancellation, and ends are final", () => {
    expect(quoteTransitions.accepted).toEqual(["cancelled"]);
    for (const end of ["declined", "expired", "superseded", "cancelled"] as const) {
      expect(quoteTransitions[end]).toEqual([]);
    }
    expect(canQuoteTransition("draft", "accepted")).toBe(false);
    expect(canQuoteTransition("viewed", "sent")).toBe(false);
    expect(canQuoteTransition("expired", "accepted")).toBe(false);
    expect(canQuoteTransition("superseded", "accepted")).toBe(false);
  });
  it("never moves a status to itself", () => {
    for (const s of quoteStatuses) expect(canQuoteTransition(s, s)).toBe(false);
  });
});

describe("the quote contract", () => {
  const ok = { lines: [{ description: "Fit a new tap", quantity: 1, unitPence: 8500 }] };
  const fields = (input: unknown) => {
    const r = quoteInputSchema.safeParse(input);
    if (r.success) return null;
    const out: Record<string, string> = {};
    for (const i of r.error.issues) out[String(i.path[0] ?? "_form")] ??= i.message;
    return out;
  };

  it("accepts a plain quote and fills the defaults", () => {
    const r = quoteInputSchema.parse(ok);
    expect(r.lines[0]).toEqual({
      description: "Fit a new tap",
      quantity: 1,
      unitPence: 8500,
      optional: false,
    });
    expect(r.urgentRepair).toBe(false);
    expect(r.note).toBeNull();
  });

  it("names the line and the problem", () => {
    const bad = (l: Record<string, unknown>) =>
      fields({ lines: [ok.lines[0], { description: "x", quantity: 1, unitPence: 100, ...l }] });
    expect(bad({ quantity: 0 })).toEqual({ lines: "Line 2: The quantity must be more than 0." });
    expect(bad({ quantity: -1 })).toEqual({ lines: "Line 2: The quantity must be more than 0." });
    expect(bad({ quantity: 1.234 })).toEqual({
      lines: "Line 2: The quantity may have at most two decimals.",
    });
    expect(bad({ unitPence: 10_000_001 })).toEqual({
      lines: "Line 2: The unit price must be at most £100,000.",
    });
    expect(bad({ unitPence: 12.5 })).toEqual({
      lines: "Line 2: The unit price must be a whole number of pence.",
    });
    expect(bad({ description: "a".repeat(10 * 1024) })).toEqual({
      lines: "Line 2: The description must be at most 500 characters.",
    });
    expect(bad({ description: "  " })).toEqual({ lines: "Line 2: Please describe the line." });
    expect(bad({ unitPence: 10_000_000 })).toBeNull();
  });

  it("keeps markup as text (it is escaped where shown, never refused or altered)", () => {
    const r = quoteInputSchema.parse({
      lines: [{ description: "<script>alert(1)</script>", quantity: 1, unitPence: 1 }],
    });
    expect(r.lines[0]!.description).toBe("<script>alert(1)</script>");
  });

  it("refuses more than 100 lines, none, and only optional ones", () => {
    const many = Array.from({ length: 101 }, () => ok.lines[0]);
    expect(fields({ lines: many })).toEqual({ lines: "A quote may have at most 100 lines." });
    expect(fields({ lines: [] })).toEqual({ lines: "Please add at least one line." });
    expect(fields({ lines: [{ ...ok.lines[0], optional: true }] })).toEqual({
      lines: "At least one line must not be optional.",
    });
    expect(fields({ lines: Array.from({ length: 100 }, () => ok.lines[0]) })).toBeNull();
  });

  it("checks the other fields", () => {
    expect(fields({ ...ok, validUntil: "2026-02-30" })).toEqual({
      validUntil: "Please give a real date (YYYY-MM-DD) for valid until.",
    });
    expect(fields({ ...ok, depositPence: 100, depositPercent: 10 })).toEqual({
      depositPercent: "Please give the deposit as an amount or as a percentage, not both.",
    });
    expect(fields({ ...ok, depositPercent: 0 })).toEqual({
      depositPercent: "The deposit percentage must be more than 0.",
    });
    expect(fields({ ...ok, note: "n".repeat(2001) })).toEqual({
      note: "The note must be at most 2000 characters.",
    });
  });

  it("a patch needs something to change; null clears the note", () => {
    expect(quotePatchSchema.safeParse({}).success).toBe(false);
    expect(quotePatchSchema.parse({ note: null }).note).toBeNull();
    expect(quotePatchSchema.parse({ note: "" }).note).toBeNull();
    expect(quotePatchSchema.parse({ urgentRepair: true }).note).toBeUndefined();
  });

  it("a price list item has the same limits", () => {
    expect(
      priceListItemInputSchema.safeParse({ description: "Labour", unitPence: 4500, unit: "hour" }).success,
    ).toBe(true);
    expect(priceListItemInputSchema.safeParse({ description: "Labour", unitPence: -1 }).success).toBe(false);
  });
});

describe("the 14-day cancellation period", () => {
  it("runs from the London day of acceptance across the October clock change", async () => {
    const { cancelUntilFor } = await import("../../src/features/quotes/service-model");
    const { dateInZone } = await import("../../src/platform/time");
    // 00:30 on 25 October 2026 in London is still 24 October in UTC; the clocks go back at 2am.
    const acceptedAt = new Date("2026-10-24T23:30:00Z");
    expect(dateInZone(acceptedAt)).toBe("2026-10-25");
    expect(cancelUntilFor(false, dateInZone(acceptedAt))).toBe("2026-11-08");
    // 23:30 on 24 October in London (BST) is the day before.
    expect(cancelUntilFor(false, dateInZone(new Date("2026-10-24T22:30:00Z")))).toBe("2026-11-07");
    // Spring: 00:30 on 29 March 2026 (GMT, the clocks go forward at 1am).
    expect(cancelUntilFor(false, dateInZone(new Date("2026-03-29T00:30:00Z")))).toBe("2026-04-12");
    expect(cancelUntilFor(true, "2026-10-25")).toBeNull();
  });
});
