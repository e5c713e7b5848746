/**
 * What the quote and invoice editors share in the billing core's screens: typed lines read into
 * what the server is sent (judged by the server's own line schemas), the live totals read from the
 * same lines (judged by the billing core's sums over the server's parsed lines), a stored line back
 * into the form, and the sentence shown above a form the server refused.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { documentTotals } from "../../src/features/billing/contract";
import {
  draftLineOf,
  incompleteLinesText,
  lineMessages,
  readablePricedLines,
  readTypedLines,
  refusal,
  type LineDraft,
} from "../../src/features/billing/screens";
import { quoteLineInputSchema } from "../../src/features/quotes/contract/endpoints";
import { lineInputSchema as invoiceLineInputSchema } from "../../src/features/billing/contract";
import { draftToBody, emptyDraft } from "../../src/features/quotes/screens/quote-draft";
import { linesBody, liveInvoiceTotals } from "../../src/features/invoices/screens/invoice-form";
import { ApiError } from "../../src/admin/api";
import { poundsDecimal } from "../../src/platform/money";

const typed = (patch: Partial<LineDraft>): LineDraft => ({
  key: Math.random().toString(36),
  description: "Labour",
  quantity: "1",
  unitPrice: "45",
  vatRate: "",
  optional: false,
  ...patch,
});

/** A line as the owner could type it: a quantity of up to two decimals, a price in pounds, a rate. */
const typedLine = fc.record({
  description: fc.constantFrom("Labour", "Replacement radiator valve", "Flush the system"),
  hundredths: fc.integer({ min: 1, max: 100_000 }),
  unitPence: fc.integer({ min: 0, max: 10_000_000 }),
  vatRate: fc.constantFrom(0, 5, 20),
  optional: fc.boolean(),
});

function draftOf(l: {
  description: string;
  hundredths: number;
  unitPence: number;
  vatRate: number;
  optional: boolean;
}): LineDraft {
  return typed({
    description: l.description,
    quantity: String(l.hundredths / 100),
    unitPrice: poundsDecimal(l.unitPence),
    vatRate: String(l.vatRate),
    optional: l.optional,
  });
}

describe("typed lines into what the server is sent", () => {
  it("are what the server's own line schemas take, pence and quantity unchanged", () => {
    fc.assert(
      fc.property(fc.array(typedLine, { minLength: 1, maxLength: 8 }), fc.boolean(), (lines, vat) => {
        const read = readTypedLines(lines.map(draftOf), { vatRegistered: vat });
        expect(read.errors).toEqual({});
        read.lines.forEach((line, i) => {
          const parsed = quoteLineInputSchema.parse(line);
          expect(parsed.unitPence).toBe(lines[i]!.unitPence);
          expect(parsed.quantity).toBe(lines[i]!.hundredths / 100);
          expect(parsed.optional).toBe(lines[i]!.optional);
          expect(parsed.vatRate ?? null).toBe(vat ? lines[i]!.vatRate : null);
        });
        // The invoice sends the same lines without "optional", which its schema does not know.
        const invoice = linesBody(lines.map(draftOf), { vatRegistered: vat });
        for (const line of invoice.lines ?? []) {
          expect(line).not.toHaveProperty("optional");
          expect(invoiceLineInputSchema.strict().safeParse(line).success).toBe(true);
        }
      }),
    );
  });

  it("name each field that cannot be read, by line, with the editors' messages", () => {
    const read = readTypedLines(
      [typed({}), typed({ description: " ", quantity: "2,5", unitPrice: "12.345", vatRate: "" })],
      { vatRegistered: true },
    );
    expect(read.errors).toEqual({
      "lines.0.vatRate": lineMessages.vatRate,
      "lines.1.description": lineMessages.description,
      "lines.1.quantity": lineMessages.quantity,
      "lines.1.unitPence": lineMessages.unitPrice,
      "lines.1.vatRate": lineMessages.vatRate,
    });
    expect(readTypedLines([], { vatRegistered: false }).errors).toEqual({ lines: lineMessages.lines });
  });

  it("give the quote and the invoice the same messages for the same lines", () => {
    const lines = [typed({ unitPrice: "£" }), typed({ quantity: "" })];
    const quote = draftToBody({ ...emptyDraft("2026-12-31", null), lines }, { vatRegistered: false });
    const invoice = linesBody(lines, { vatRegistered: false });
    expect(quote.errors).toEqual(invoice.errors);
    expect(Object.keys(invoice.errors ?? {})).toEqual(["lines.0.unitPence", "lines.1.quantity"]);
  });
});

describe("the live totals", () => {
  it("are the billing core's sums of the lines the server would store, unreadable lines left out", () => {
    fc.assert(
      fc.property(fc.array(typedLine, { maxLength: 8 }), fc.boolean(), (lines, vat) => {
        const drafts = [...lines.map(draftOf), typed({ unitPrice: "twelve" }), typed({ quantity: "" })];
        const { priced, incompleteLines } = readablePricedLines(drafts, { vatRegistered: vat });
        expect(incompleteLines).toBe(2);
        const stored = lines.map((l) =>
          quoteLineInputSchema.parse(readTypedLines([draftOf(l)], { vatRegistered: vat }).lines[0]),
        );
        const options = { vatRegistered: vat };
        expect(documentTotals(priced, options)).toEqual(documentTotals(stored, options));
        expect(liveInvoiceTotals(drafts, options).totals).toEqual(
          documentTotals(
            stored.map((l) => ({ ...l, optional: false })),
            options,
          ),
        );
      }),
    );
  });

  it("say how many lines are not counted yet", () => {
    expect(incompleteLinesText(1)).toBe("1 line has no quantity or price yet and is not counted.");
    expect(incompleteLinesText(3)).toBe("3 lines have no quantity or price yet and are not counted.");
  });
});

describe("a stored line back into the form", () => {
  it("reads back as the same line", () => {
    fc.assert(
      fc.property(typedLine, fc.boolean(), (l, vat) => {
        const stored = {
          description: l.description,
          quantity: l.hundredths / 100,
          unitPence: l.unitPence,
          vatRate: vat ? l.vatRate : null,
          optional: l.optional,
        };
        const draft = draftLineOf(stored);
        const [again] = readTypedLines([draft], { vatRegistered: vat }).lines;
        expect({ ...again, vatRate: again!.vatRate ?? null }).toEqual(stored);
      }),
    );
  });

  it("has a key of its own for each line", () => {
    const stored = { description: "Labour", quantity: 1, unitPence: 4500 };
    expect(draftLineOf(stored).key).not.toBe(draftLineOf(stored).key);
    expect(draftLineOf({ ...stored, quantity: 2.5 }).quantity).toBe("2.5");
  });
});

describe("the sentence above a refused form", () => {
  const refused = (fields?: Record<string, string>) =>
    new ApiError(422, {
      error: {
        code: "invalid",
        message: "Please check the highlighted fields.",
        ...(fields ? { fields } : {}),
      },
    });

  it("is the server's own for a refusal, after the form's words when it named fields", () => {
    expect(refusal(refused(), "No answer.", "The quote was not saved.")).toBe(
      "Please check the highlighted fields.",
    );
    expect(refusal(refused({ validUntil: "Too late." }), "No answer.", "The quote was not saved.")).toBe(
      "The quote was not saved. Please check the highlighted fields.",
    );
    expect(refusal(refused({ validUntil: "Too late." }), "No answer.")).toBe(
      "Please check the highlighted fields.",
    );
  });

  it("is the form's own when the server did not answer or failed", () => {
    expect(refusal(new ApiError(0, undefined), "No answer.", "Not saved.")).toBe("No answer.");
    expect(refusal(new ApiError(503, undefined), "No answer.")).toBe("No answer.");
    expect(refusal(new Error("boom"), "No answer.")).toBe("No answer.");
  });
});
