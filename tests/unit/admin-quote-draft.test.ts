/**
 * The quote editor's form state: what the owner types (pounds, quantities, a deposit) becomes the
 * quote body in integer pence, the live totals are the quotes contract's own sums, and the
 * server's per-field messages land beside the fields they name.
 */
import { describe, expect, it } from "vitest";
import { quoteInputSchema, quotePatchSchema } from "../../src/features/quotes/contract/endpoints";
import { depositDuePence, quoteTotals } from "../../src/features/quotes/contract/totals";
import {
  draftFromQuote,
  draftToBody,
  emptyDraft,
  lineFromItem,
  liveTotals,
  parsePercent,
  parseQuantity,
  serverErrors,
  type LineDraft,
  type QuoteDraft,
} from "../../src/features/quotes/screens/quote-draft";

const line = (patch: Partial<LineDraft>): LineDraft => ({
  key: Math.random().toString(36),
  description: "Labour",
  quantity: "1",
  unitPrice: "0",
  vatRate: "",
  optional: false,
  ...patch,
});

const draftOf = (lines: LineDraft[], patch: Partial<QuoteDraft> = {}): QuoteDraft => ({
  ...emptyDraft("2026-12-25", null),
  lines,
  ...patch,
});

describe("reading what the owner types", () => {
  it("reads a quantity with up to two decimals", () => {
    expect(parseQuantity("2.5")).toBe(2.5);
    expect(parseQuantity(" 0.25 ")).toBe(0.25);
    expect(parseQuantity("3")).toBe(3);
    for (const bad of ["", "2,5", "0.125", "-1", "two"]) expect(parseQuantity(bad), bad).toBeNull();
  });

  it("reads a percentage from 0 to 100", () => {
    expect(parsePercent("25")).toBe(25);
    expect(parsePercent("12.5%")).toBe(12.5);
    expect(parsePercent("101")).toBeNull();
    expect(parsePercent("ten")).toBeNull();
  });
});

describe("the body sent to the server", () => {
  it("carries integer pence, the quantity, the optional flag and the deposit", () => {
    const result = draftToBody(
      draftOf(
        [
          line({ description: " Fit a new tap ", quantity: "2.5", unitPrice: "£45.10" }),
          line({ description: "Tiling", unitPrice: "120", optional: true }),
        ],
        { depositKind: "percent", depositPercent: "25", note: "  Parts included. ", urgentRepair: true },
      ),
      { vatRegistered: false },
    );
    expect(result.errors).toBeNull();
    expect(result.body).toEqual({
      lines: [
        { description: "Fit a new tap", quantity: 2.5, unitPence: 4510, optional: false },
        { description: "Tiling", quantity: 1, unitPence: 12000, optional: true },
      ],
      validUntil: "2026-12-25",
      depositPence: null,
      depositPercent: 25,
      note: "Parts included.",
      urgentRepair: true,
      startDate: null,
      startWithinWorkingDays: 10,
    });
    // The same body is what the contract accepts, for a new quote and for a change.
    expect(quoteInputSchema.safeParse(result.body).success).toBe(true);
    expect(quotePatchSchema.safeParse(result.body).success).toBe(true);
  });

  it("sends when the work starts: a number of working days, or a date, never both", () => {
    const base = draftOf([line({ unitPrice: "10" })]);
    const dated = draftToBody(
      { ...base, startKind: "date", startDate: "2026-12-14", startDays: "5" },
      {
        vatRegistered: false,
      },
    );
    expect(dated.body).toMatchObject({ startDate: "2026-12-14", startWithinWorkingDays: null });
    const within = draftToBody(
      { ...base, startKind: "within", startDays: "5", startDate: "2026-12-14" },
      {
        vatRegistered: false,
      },
    );
    expect(within.body).toMatchObject({ startDate: null, startWithinWorkingDays: 5 });
    for (const startDays of ["0", "91", "two", ""]) {
      const bad = draftToBody({ ...base, startKind: "within", startDays }, { vatRegistered: false });
      expect(bad.errors?.["startWithinWorkingDays"], startDays).toMatch(/from 1 to 90/);
    }
    const noDate = draftToBody({ ...base, startKind: "date", startDate: "" }, { vatRegistered: false });
    expect(noDate.errors?.["startDate"]).toMatch(/Choose the day/);
    expect(quoteInputSchema.safeParse({ ...dated.body, startWithinWorkingDays: 5 }).success).toBe(false);
  });

  it("sends each line's VAT rate only when VAT-registered", () => {
    const d = draftOf([line({ unitPrice: "10", vatRate: "5" })]);
    expect(draftToBody(d, { vatRegistered: true }).body?.lines[0]?.vatRate).toBe(5);
    expect(draftToBody(d, { vatRegistered: false }).body?.lines[0]).not.toHaveProperty("vatRate");
  });

  it("names each field it cannot read, by line, and sends nothing", () => {
    const result = draftToBody(
      draftOf([line({ description: " ", quantity: "2,5", unitPrice: "ten pounds" })], {
        depositKind: "fixed",
        depositAmount: "lots",
      }),
      { vatRegistered: false },
    );
    expect(result.body).toBeNull();
    expect(Object.keys(result.errors ?? {}).sort()).toEqual([
      "depositPence",
      "lines.0.description",
      "lines.0.quantity",
      "lines.0.unitPence",
    ]);
  });

  it("leaves the limits to the server: a zero quantity or a huge price is sent as typed", () => {
    const result = draftToBody(draftOf([line({ quantity: "0", unitPrice: "100,000.01" })]), {
      vatRegistered: false,
    });
    expect(result.body?.lines[0]).toMatchObject({ quantity: 0, unitPence: 10_000_001 });
    expect(quoteInputSchema.safeParse(result.body).success).toBe(false);
  });

  it("round-trips a stored quote through the form", () => {
    const stored = {
      lines: [
        { description: "Hang a door", quantity: 1.5, unitPence: 8050, vatRate: null, optional: false },
        { description: "Paint it", quantity: 1, unitPence: 3000, vatRate: null, optional: true },
      ],
      note: null,
      validUntil: "2027-01-10",
      depositPence: 5000,
      depositPercent: null,
      urgentRepair: false,
    };
    const d = draftFromQuote(stored);
    expect(d.lines.map((l) => [l.quantity, l.unitPrice])).toEqual([
      ["1.5", "80.50"],
      ["1", "30.00"],
    ]);
    expect(d.depositKind).toBe("fixed");
    expect(draftToBody(d, { vatRegistered: false }).body).toMatchObject({
      lines: stored.lines.map(({ vatRate: _, ...l }) => l),
      depositPence: 5000,
      depositPercent: null,
      note: null,
    });
  });

  it("fills a line from a price list item", () => {
    const l = lineFromItem({ description: "Labour, per hour", unitPence: 4250, vatRate: 20 });
    expect(l).toMatchObject({
      description: "Labour, per hour",
      quantity: "1",
      unitPrice: "42.50",
      vatRate: "20",
    });
  });
});

describe("the live totals", () => {
  it("are the contract's own sums: optional lines apart, the deposit on the total", () => {
    const d = draftOf(
      [
        line({ quantity: "2.5", unitPrice: "45" }),
        line({ quantity: "1", unitPrice: "19.99" }),
        line({ quantity: "1", unitPrice: "120", optional: true }),
      ],
      { depositKind: "percent", depositPercent: "25" },
    );
    const t = liveTotals(d, { vatRegistered: false });
    const lines = [
      { quantity: 2.5, unitPence: 4500 },
      { quantity: 1, unitPence: 1999 },
      { quantity: 1, unitPence: 12000, optional: true },
    ];
    expect(t.base).toEqual(quoteTotals(lines, { vatRegistered: false }));
    expect(t.base.totalPence).toBe(13249);
    expect(t.withOptional.totalPence).toBe(25249);
    expect(t.hasOptional).toBe(true);
    expect(t.depositPence).toBe(depositDuePence(13249, { percent: 25 }));
    expect(t.depositPence).toBe(3312); // 3312.25 rounds down
    expect(t.depositWithOptionalPence).toBe(6312); // 6312.25
  });

  it("work out VAT per rate when registered", () => {
    const d = draftOf([
      line({ unitPrice: "100", vatRate: "20" }),
      line({ unitPrice: "0.03", vatRate: "20" }),
      line({ unitPrice: "50", vatRate: "5" }),
    ]);
    const t = liveTotals(d, { vatRegistered: true });
    expect(t.base.vatByRate).toEqual([
      { rate: 20, netPence: 10003, vatPence: 2000 }, // 2000.6p, rounded down
      { rate: 5, netPence: 5000, vatPence: 250 },
    ]);
    expect(t.base.totalPence).toBe(15003 + 2250);
  });

  it("leave out lines that cannot be read yet, and say how many", () => {
    const t = liveTotals(draftOf([line({ unitPrice: "10" }), line({ unitPrice: "" })]), {
      vatRegistered: false,
    });
    expect(t.base.totalPence).toBe(1000);
    expect(t.incompleteLines).toBe(1);
  });

  it("cap a fixed deposit at the total", () => {
    const t = liveTotals(
      draftOf([line({ unitPrice: "10" })], { depositKind: "fixed", depositAmount: "50" }),
      {
        vatRegistered: false,
      },
    );
    expect(t.depositPence).toBe(1000);
  });
});

describe("the server's messages", () => {
  it("go beside the line's field the message names", () => {
    expect(
      serverErrors({
        lines: "Line 3: The quantity must be more than 0.",
        depositPercent: "The deposit percentage must be at most 100.",
      }),
    ).toEqual({
      "lines.2.quantity": "The quantity must be more than 0.",
      depositPercent: "The deposit percentage must be at most 100.",
    });
    expect(serverErrors({ lines: "Line 1: The unit price must be at most £100,000." })).toEqual({
      "lines.0.unitPence": "The unit price must be at most £100,000.",
    });
    expect(serverErrors({ lines: "Line 2: Please describe the line." })).toEqual({
      "lines.1.description": "Please describe the line.",
    });
  });

  it("go under the whole line, or the list, when no field is named", () => {
    expect(serverErrors({ lines: "Line 2: This line is not valid." })).toEqual({
      "lines.1": "This line is not valid.",
    });
    expect(serverErrors({ lines: "At least one line must not be optional." })).toEqual({
      lines: "At least one line must not be optional.",
    });
    expect(serverErrors({ "lines[4].unitPence": "Too much." })).toEqual({ "lines.4.unitPence": "Too much." });
  });
});
