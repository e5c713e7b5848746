/**
 * The parts of the quote and invoice endpoints' shapes that are the same for both
 * (docs/decisions/075-billing-server-shared.md): the fields a person types (text, pence, a
 * quantity, a VAT rate), one document line as the owner writes it and the list of them (each
 * problem named by its line: "Line 3: …"), and the wire shapes of a priced line, a VAT band and a
 * document's totals. Browser-safe.
 */
import { z } from "zod";
import { formatMoney, type Pence } from "../../../platform/money";
import { charLength, isStorableText } from "../../../lib/form-fields/text";
import { hasAtMostTwoDecimals } from "./hundredths";
import { largestTotalPence, overCapMessage, type LineForTotals } from "./totals";

/** The limits of one document line, a quote's or an invoice's; the tables' CHECKs repeat them. */
export const documentLineLimits = {
  /** Characters in one line's description. */
  descriptionMax: 500,
  /** A unit price is at most £100,000. */
  maxUnitPence: 10_000_000,
  /** A quantity is more than 0 and at most this, with up to two decimals. */
  maxQuantity: 10_000,
} as const;

const L = documentLineLimits;

/** A row's id in a path or an answer. */
export const idField = z.number().int().positive();
/** An ISO timestamp in an answer. */
export const timestampField = z.string();
/** A YYYY-MM-DD date in an answer. */
export const isoDateField = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** Text a person types: trimmed, storable, at most `max` characters. */
export function textField(what: string, max: number) {
  return z
    .string({ error: `${what} must be text.` })
    .trim()
    .refine(isStorableText, `${what} contains characters we cannot store.`)
    .refine((v) => charLength(v) <= max, `${what} must be at most ${max} characters.`);
}

/** Optional text; empty or absent means none (null). */
export const optionalTextField = (what: string, max: number) =>
  textField(what, max)
    .nullish()
    .transform((v) => (v ? v : null));

/** Text in a change: absent leaves it (undefined), empty or null clears it (null). */
export const clearableTextField = (what: string, max: number) =>
  textField(what, max)
    .nullish()
    .transform((v) => (v === undefined ? undefined : v ? v : null));

/** A whole number of pence from 0 to `max`. */
export const penceField = (what: string, max: Pence) =>
  z
    .number({ error: `${what} must be a whole number of pence.` })
    .int(`${what} must be a whole number of pence.`)
    .min(0, `${what} cannot be negative.`)
    .max(max, `${what} must be at most ${formatMoney(max, { dropZeroPence: true })}.`);

const quantityField = z
  .number({ error: "The quantity must be a number." })
  .gt(0, "The quantity must be more than 0.")
  .max(L.maxQuantity, `The quantity must be at most ${L.maxQuantity.toLocaleString("en-GB")}.`)
  .refine(hasAtMostTwoDecimals, "The quantity may have at most two decimals.");

/** A VAT rate in percent, 0 to 100 with up to two decimals. */
export const vatRateField = z
  .number({ error: "The VAT rate must be a percentage." })
  .min(0, "The VAT rate cannot be negative.")
  .max(100, "The VAT rate must be at most 100%.")
  .refine(hasAtMostTwoDecimals, "The VAT rate may have at most two decimals.");

/** A description the owner writes: 1 to 500 characters (`empty` is the message for none). */
export const descriptionField = (empty: string) =>
  textField("The description", L.descriptionMax).refine((v) => v.length > 0, empty);

/** One line as the owner writes it, a quote's or an invoice's. */
export const lineInputSchema = z.object({
  description: descriptionField("Please describe the line."),
  quantity: quantityField,
  unitPence: penceField("The unit price", L.maxUnitPence),
  /** Percent; required when VAT-registered (one of the configured rates), ignored otherwise. */
  vatRate: vatRateField.nullish(),
});

/** What the list of a document's lines is checked against. */
export interface LinesFieldOptions<S extends z.ZodType<LineForTotals>> {
  /** One line's schema. */
  readonly line: S;
  readonly what: "quote" | "invoice";
  readonly maxLines: number;
  readonly maxTotalPence: Pence;
  /** A rule over every line, checked before the total's cap (a quote's: not every line optional). */
  readonly also?: { readonly check: (lines: z.output<S>[]) => boolean; readonly message: string };
}

/**
 * A document's lines, with each problem named by its line ("Line 3: The quantity must be more
 * than 0."), so the one `lines` field of the error envelope says which line to fix; the most the
 * lines can come to (every optional line, with VAT) is at most `maxTotalPence`.
 */
export function linesField<S extends z.ZodType<LineForTotals>>(options: LinesFieldOptions<S>) {
  const { line, what, maxLines, maxTotalPence, also } = options;
  const lines = z
    .array(z.unknown(), { error: `Please add the ${what}'s lines.` })
    .min(1, "Please add at least one line.")
    .max(maxLines, `A${what === "invoice" ? "n" : ""} ${what} may have at most ${maxLines} lines.`)
    .transform((raw, ctx) => {
      const out: z.output<S>[] = [];
      raw.forEach((item, i) => {
        const parsed = line.safeParse(item);
        if (parsed.success) out.push(parsed.data);
        else
          ctx.addIssue({ code: "custom", message: `Line ${i + 1}: ${lineProblem(parsed.error)}`, path: [i] });
      });
      return out;
    });
  const checked = also ? lines.refine(also.check, also.message) : lines;
  return checked.refine((l) => largestTotalPence(l) <= maxTotalPence, overCapMessage(what, maxTotalPence));
}

/** The first problem of one line, as a sentence. */
function lineProblem(error: z.ZodError): string {
  const first = error.issues[0];
  return first?.code === "invalid_type" && first.path.length === 0
    ? "Each line needs a description, a quantity and a unit price."
    : (first?.message ?? "This line is not valid.");
}

/** One VAT rate's net and VAT. */
export const vatBandSchema = z.object({
  rate: z.number(),
  netPence: z.number().int(),
  vatPence: z.number().int(),
});

/** A document's net, VAT per rate (highest first), VAT and total. */
export const totalsSchema = z.object({
  netPence: z.number().int(),
  vatByRate: z.array(vatBandSchema),
  vatPence: z.number().int(),
  totalPence: z.number().int(),
});

/** A priced line in an answer, a quote's or an invoice's. */
export const documentLineSchema = z.object({
  id: idField,
  /** 0-based order on the document. */
  position: z.number().int().nonnegative(),
  description: z.string(),
  quantity: z.number(),
  /** Negative only on an invoice, for a deduction the server writes (a deposit already invoiced). */
  unitPence: z.number().int(),
  /** Null when the business is not VAT-registered. */
  vatRate: z.number().nullable(),
  /** quantity × unit price, rounded to the penny. */
  netPence: z.number().int(),
});

/** The settings a quote and an invoice are both written under. */
export const documentSettingsShape = {
  vatRegistered: z.boolean(),
  /** The rates a line may carry (percent), when registered. */
  vatRates: z.array(z.number()),
  /** Today in Europe/London, for the editors' defaults. */
  today: isoDateField,
};

/** A change's last rule: at least one field given, else "Nothing to change." on `_form`. */
export const hasChange = (patch: object): boolean => Object.values(patch).some((v) => v !== undefined);
export const nothingToChange = { message: "Nothing to change.", path: ["_form"] };

/** A document's PDF: `?download=1` as an attachment, else inline. */
export const pdfQuerySchema = z.object({ download: z.string().optional() });
