/**
 * A document line as the owner types it (text), shared by the quote and invoice editors: prices
 * typed in pounds become integer pence through the money module, a quantity keeps up to two
 * decimals, and the server's messages about a line go beside the field they name
 * (docs/decisions/066-billing-core.md). Pure and browser-safe.
 */
import { formatMoney, parseTypedPounds, poundsDecimal, type Pence } from "../../../platform/money";
import { lineNetPence } from "../contract/totals";

export interface LineDraft {
  /** A key for React only (never sent). */
  readonly key: string;
  description: string;
  /** As typed: "1", "2.5". */
  quantity: string;
  /** Pounds as typed: "45", "1,250.50", "£12.05". */
  unitPrice: string;
  /** The VAT rate in percent as text ("20"); "" when the business is not VAT-registered. */
  vatRate: string;
  optional: boolean;
}

/** Messages per field: `lines.<i>.<field>` for a line, the field's name for the rest. */
export type DraftErrors = Record<string, string>;

let nextKey = 0;
export const newLineKey = (): string => `line-${++nextKey}`;

export function emptyLine(defaultVatRate: number | null): LineDraft {
  return {
    key: newLineKey(),
    description: "",
    quantity: "1",
    unitPrice: "",
    vatRate: defaultVatRate === null ? "" : String(defaultVatRate),
    optional: false,
  };
}

/** A line filled from the price list: its description, price and rate; quantity 1. */
export function lineFromItem(item: {
  description: string;
  unitPence: Pence;
  vatRate?: number | null | undefined;
}): LineDraft {
  return {
    key: newLineKey(),
    description: item.description,
    quantity: "1",
    unitPrice: poundsDecimal(item.unitPence),
    vatRate: item.vatRate === null || item.vatRate === undefined ? "" : String(item.vatRate),
    optional: false,
  };
}

const quantityPattern = /^\d+(?:\.\d{1,2})?$/;

/** A quantity as typed ("2.5", "2,5" is refused), or null. Up to two decimals. */
export function parseQuantity(text: string): number | null {
  const t = text.trim();
  return quantityPattern.test(t) ? Number(t) : null;
}

/** What a line's field says when it cannot be read. */
export const lineMessages = {
  description: "Describe the work on this line.",
  quantity: "Enter a quantity such as 1, 2.5 or 0.25 (two decimals at most).",
  unitPrice: "Enter the price in pounds, such as 45 or 1,250.50.",
  vatRate: "Choose a VAT rate.",
  lines: "Add at least one line.",
} as const;

/** The net of a line as typed, or null while its quantity or price cannot be read. */
export function lineNetText(line: LineDraft): string | null {
  const quantity = parseQuantity(line.quantity);
  const unitPence = parseTypedPounds(line.unitPrice);
  if (quantity === null || unitPence === null) return null;
  try {
    return formatMoney(lineNetPence({ quantity, unitPence }));
  } catch {
    return null;
  }
}

/** A line nothing has been typed into (its quantity may still be the 1 it starts with). */
export const isBlankLine = (l: LineDraft) => !l.description.trim() && !l.unitPrice.trim() && !l.optional;

/** Which field of a line a server message is about, from its words ("Line 2: The quantity …"). */
function lineFieldOf(message: string): keyof typeof lineFieldWords | null {
  for (const [field, pattern] of Object.entries(lineFieldWords)) {
    if (pattern.test(message)) return field as keyof typeof lineFieldWords;
  }
  return null;
}
const lineFieldWords = {
  quantity: /quantity/i,
  unitPence: /price/i,
  vatRate: /VAT/,
  description: /descri/i,
} as const;

/**
 * The server's per-field messages keyed the way the editor shows them. The server names a line's
 * problem in its `lines` message ("Line 3: The quantity must be more than 0."): that goes beside
 * the line's field it is about (`lines.2.quantity`), or under the whole line (`lines.2`) when the
 * words name none. A key such as `lines.2.unitPence` or `lines[2].unitPence` is kept as it is.
 */
export function serverErrors(fields: Record<string, string>): DraftErrors {
  const out: DraftErrors = {};
  for (const [key, message] of Object.entries(fields)) {
    const normal = key.replace(/\[(\d+)\]/g, ".$1").replace(/^\./, "");
    const line = normal === "lines" ? /^Line (\d+): (.+)$/s.exec(message) : null;
    if (line) {
      const index = Number(line[1]) - 1;
      const field = lineFieldOf(line[2]!);
      out[field ? `lines.${index}.${field}` : `lines.${index}`] ??= line[2]!;
    } else {
      out[normal] ??= message;
    }
  }
  return out;
}
