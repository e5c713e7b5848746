/**
 * A document's lines as the owner typed them, read the one way both editors need
 * (docs/decisions/074-billing-screens.md): into the lines the server is sent, with a message
 * beside each field that cannot be read; into the priced lines the live totals are summed from;
 * and a stored line back into the form. Pure and browser-safe.
 */
import { parseTypedPounds, poundsDecimal, type Pence } from "../../../platform/money";
import { quantityText } from "../contract/hundredths";
import type { LineForTotals } from "../contract/totals";
import { lineMessages, newLineKey, parseQuantity, type DraftErrors, type LineDraft } from "./line-draft";

/** A line as the server is sent it: `vatRate` only when VAT-registered. */
export interface TypedLine {
  description: string;
  quantity: number;
  unitPence: Pence;
  vatRate?: number;
  optional: boolean;
}

/**
 * The lines to send, and the fields to fix first (`lines.<i>.<field>`, "lines" for none at all),
 * empty when every line can be read. Only what cannot become the wire shape is checked here; the
 * limits (a price over the maximum, a zero quantity) are the server's to refuse in its own words.
 */
export function readTypedLines(
  lines: readonly LineDraft[],
  options: { vatRegistered: boolean },
): { lines: TypedLine[]; errors: DraftErrors } {
  const errors: DraftErrors = {};
  if (lines.length === 0) errors["lines"] = lineMessages.lines;
  const out = lines.map((l, i): TypedLine => {
    const quantity = parseQuantity(l.quantity);
    const unitPence = parseTypedPounds(l.unitPrice);
    if (!l.description.trim()) errors[`lines.${i}.description`] = lineMessages.description;
    if (quantity === null) errors[`lines.${i}.quantity`] = lineMessages.quantity;
    if (unitPence === null) errors[`lines.${i}.unitPence`] = lineMessages.unitPrice;
    const vatRate = options.vatRegistered ? Number(l.vatRate) : undefined;
    if (options.vatRegistered && (l.vatRate === "" || !Number.isFinite(vatRate))) {
      errors[`lines.${i}.vatRate`] = lineMessages.vatRate;
    }
    return {
      description: l.description.trim(),
      quantity: quantity ?? 0,
      unitPence: unitPence ?? 0,
      ...(vatRate !== undefined ? { vatRate } : {}),
      optional: l.optional,
    };
  });
  return { lines: out, errors };
}

/**
 * The lines whose quantity, price (and rate, when VAT-registered) can be read so far, for the live
 * totals, and how many cannot be counted yet.
 */
export function readablePricedLines(
  lines: readonly LineDraft[],
  options: { vatRegistered: boolean },
): { priced: LineForTotals[]; incompleteLines: number } {
  const priced: LineForTotals[] = [];
  let incompleteLines = 0;
  for (const l of lines) {
    const quantity = parseQuantity(l.quantity);
    const unitPence = parseTypedPounds(l.unitPrice);
    const rate = l.vatRate === "" ? null : Number(l.vatRate);
    if (quantity === null || unitPence === null || (options.vatRegistered && rate === null)) {
      incompleteLines++;
      continue;
    }
    priced.push({ quantity, unitPence, vatRate: options.vatRegistered ? rate : null, optional: l.optional });
  }
  return { priced, incompleteLines };
}

/** A stored line back into the form (to change a draft, or to start a quote's next version). */
export function draftLineOf(line: {
  description: string;
  quantity: number;
  unitPence: Pence;
  vatRate?: number | null | undefined;
  optional?: boolean | undefined;
}): LineDraft {
  return {
    key: newLineKey(),
    description: line.description,
    quantity: quantityText(line.quantity),
    unitPrice: poundsDecimal(line.unitPence),
    vatRate: line.vatRate === null || line.vatRate === undefined ? "" : String(line.vatRate),
    optional: Boolean(line.optional),
  };
}

/** "1 line has no quantity or price yet…": the live totals' note about the lines not counted. */
export const incompleteLinesText = (count: number): string =>
  count === 1
    ? "1 line has no quantity or price yet and is not counted."
    : `${count} lines have no quantity or price yet and are not counted.`;
