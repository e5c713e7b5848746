/**
 * Contracts of the quote and price-list endpoints (docs/decisions/029-quotes.md). Amounts are whole
 * pence in fields named `…Pence`; a quantity has up to two decimals (the server stores hundredths);
 * a VAT rate is a percentage and is only used when the business is VAT-registered. Bad input is
 * answered with the error envelope's `fields` (one sentence per field; a line's problem names the
 * line: "Line 3: …"), an unknown id with 404 and a change the quote's status does not allow with 409.
 *
 *   GET    /api/admin/submissions/:id/quotes   every version of the request's quote, newest first
 *   POST   /api/admin/submissions/:id/quotes   a new draft                            → 201 { quote }
 *   GET    /api/admin/quotes/:id               one version                            → { quote }
 *   PATCH  /api/admin/quotes/:id               a draft changes in place; a sent or opened quote
 *                                              gets version n+1 (n is superseded)     → { quote }
 *   POST   /api/admin/quotes/:id/send          e-mails the customer the link and the PDF → { quote }
 *   GET    /api/admin/quotes/:id/pdf           the PDF (`?download=1` as an attachment)
 *   POST   /api/admin/quotes/:id/cancel        a cancellation the customer made by phone or letter
 *   POST   /api/admin/quotes/:id/amount-owed   what is owed for work done before a cancellation
 *   GET    /api/admin/price-list               the owner's usual items, and the quote settings
 *   POST   /api/admin/price-list               a new item                             → 201 { item }
 *   PATCH  /api/admin/price-list/:id           change an item                         → { item }
 *   DELETE /api/admin/price-list/:id           remove an item                         → 204
 */
import { z } from "zod";
import { isIsoDate } from "../../../platform/time";
import * as routes from "../../../lib/contracts/admin-routes";
import { defineEndpoint } from "../../../lib/contracts/endpoint";
import {
  clearableTextField,
  descriptionField,
  documentLineSchema,
  documentSettingsShape,
  hasChange,
  idField as id,
  isoDateField as isoDate,
  lineInputSchema,
  linesField as documentLines,
  nothingToChange,
  optionalTextField as optionalText,
  pdfQuerySchema,
  penceField,
  textField as text,
  timestampField as timestamp,
  totalsSchema,
  vatBandSchema,
  vatRateField,
} from "../../billing/contract";
import { hasAtMostTwoDecimals, maxStartWithinWorkingDays, quoteLimits, quoteStatuses } from "./rules";

const L = quoteLimits;

const validUntilField = z
  .string({ error: "Please give the date the quote is valid until." })
  .trim()
  .refine(isIsoDate, "Please give a real date (YYYY-MM-DD) for valid until.");

const depositPercentField = z
  .number({ error: "The deposit percentage must be a number." })
  .gt(0, "The deposit percentage must be more than 0.")
  .max(100, "The deposit percentage must be at most 100.")
  .refine(hasAtMostTwoDecimals, "The deposit percentage may have at most two decimals.");

/** One line as the owner writes it. */
export const quoteLineInputSchema = lineInputSchema.extend({
  /** A line the customer may tick on their page; it counts only when ticked. */
  optional: z.boolean({ error: "Optional must be true or false." }).optional().default(false),
});

/** The lines; at least one of them not optional. */
const linesField = documentLines({
  line: quoteLineInputSchema,
  what: "quote",
  maxLines: L.maxLines,
  maxTotalPence: L.maxTotalPence,
  also: {
    check: (lines) => lines.some((l) => !l.optional),
    message: "At least one line must not be optional.",
  },
});

/**
 * A new quote (`POST /api/admin/submissions/:id/quotes`). `validUntil` defaults to the configured
 * number of days from today. A deposit is `depositPence` (fixed) or `depositPercent`, not both.
 */
const startDateField = z
  .string({ error: "Please give the start date as YYYY-MM-DD." })
  .refine(isIsoDate, "Please give a real date (YYYY-MM-DD) for the start of the work.");
const startWithinField = z
  .number({ error: "Please give the working days as a whole number." })
  .int("Please give the working days as a whole number.")
  .min(1, "Please give at least 1 working day.")
  .max(maxStartWithinWorkingDays, `Please give at most ${maxStartWithinWorkingDays} working days.`);
const oneStart = {
  message: "Please give a start date or a number of working days, not both.",
  path: ["startDate"],
};

/**
 * A new quote (`POST /api/admin/submissions/:id/quotes`). `validUntil` defaults to the configured
 * number of days from today. A deposit is `depositPence` (fixed) or `depositPercent`, not both.
 * When the work starts: `startDate`, or `startWithinWorkingDays` of acceptance (the default, 10).
 */
export const quoteInputSchema = z
  .object({
    lines: linesField,
    validUntil: validUntilField.optional(),
    startDate: startDateField.nullish(),
    startWithinWorkingDays: startWithinField.nullish(),
    depositPence: penceField("The deposit", 100 * L.maxUnitPence).nullish(),
    depositPercent: depositPercentField.nullish(),
    note: optionalText("The note", L.noteMax),
    urgentRepair: z.boolean({ error: "Urgent repair must be true or false." }).optional().default(false),
  })
  .refine((q) => q.depositPence == null || q.depositPercent == null, {
    message: "Please give the deposit as an amount or as a percentage, not both.",
    path: ["depositPercent"],
  })
  .refine((q) => q.startDate == null || q.startWithinWorkingDays == null, oneStart);
export type QuoteInput = z.input<typeof quoteInputSchema>;
export type QuoteInputParsed = z.output<typeof quoteInputSchema>;

/**
 * A change (`PATCH /api/admin/quotes/:id`): any of the fields; `lines` replaces every line. Clear
 * the deposit or the note with null. Setting `depositPence` clears a percentage and the other way
 * round.
 */
export const quotePatchSchema = z
  .object({
    lines: linesField.optional(),
    validUntil: validUntilField.optional(),
    depositPence: penceField("The deposit", 100 * L.maxUnitPence).nullish(),
    depositPercent: depositPercentField.nullish(),
    note: clearableTextField("The note", L.noteMax),
    urgentRepair: z.boolean({ error: "Urgent repair must be true or false." }).optional(),
    startDate: startDateField.nullish(),
    startWithinWorkingDays: startWithinField.nullish(),
  })
  .refine((q) => q.startDate == null || q.startWithinWorkingDays == null, oneStart)
  .refine((q) => q.depositPence == null || q.depositPercent == null, {
    message: "Please give the deposit as an amount or as a percentage, not both.",
    path: ["depositPercent"],
  })
  .refine(hasChange, nothingToChange);
export type QuotePatchParsed = z.output<typeof quotePatchSchema>;

/** A cancellation the owner records (received by phone or letter). */
export const ownerCancelSchema = z.object({
  /** The day the customer told us (defaults to today); must be within the 14 days. */
  receivedOn: validUntilField.optional(),
  reason: optionalText("The reason", L.reasonMax),
  /** When work had started early at the customer's request: the proportionate amount owed. */
  amountOwedPence: penceField("The amount owed", 100 * L.maxUnitPence).nullish(),
});
export type OwnerCancelInput = z.input<typeof ownerCancelSchema>;

/** The ways a quote can be accepted; the owner records the last two. */
export const acceptanceMethods = ["page", "phone", "in_person"] as const;

/** A verbal acceptance the owner records: who, when, how, the early-start answer, the options. */
export const verbalAcceptanceSchema = z.object({
  acceptedBy: text("The name of who accepted", L.reasonMax).pipe(
    z.string().min(1, "Please give the name of the person who accepted."),
  ),
  /** When the customer said yes (ISO instant); defaults to now, never in the future. */
  acceptedAt: z
    .string({ error: "The time of the acceptance must be a date and time." })
    .datetime({ offset: true, error: "The time of the acceptance must be a date and time." })
    .optional(),
  method: z.enum(["phone", "in_person"], { error: "Please choose by phone or in person." }),
  /** The customer's answer: start within the cancellation period (ignored for an urgent repair). */
  expressStart: z.boolean({ error: "Please record whether they asked for an early start." }),
  /** The optional lines the customer chose. */
  optionalLineIds: z.array(id).max(L.maxLines).default([]),
});
export type VerbalAcceptanceInput = z.input<typeof verbalAcceptanceSchema>;
export type VerbalAcceptance = z.output<typeof verbalAcceptanceSchema>;

/** What is owed for work done before a cancellation (work started early at the customer's request). */
export const amountOwedSchema = z.object({
  amountOwedPence: penceField("The amount owed", 100 * L.maxUnitPence),
  note: optionalText("The note", L.reasonMax),
});
export type AmountOwedInput = z.input<typeof amountOwedSchema>;

const quoteLineSchema = documentLineSchema.extend({ optional: z.boolean() });

/** The evidence kept with an acceptance (never edited). */
export const acceptanceSchema = z.object({
  at: timestamp,
  /** What the customer agreed to pay: the total with the optional lines they ticked. */
  totalPence: z.number().int(),
  /** Its net and VAT (per rate when VAT-registered). */
  netPence: z.number().int(),
  vatByRate: z.array(vatBandSchema),
  vatPence: z.number().int(),
  /** The customer asked for the work to start within the cancellation period. */
  expressStart: z.boolean(),
  /** Ids of the optional lines the customer ticked. */
  optionalLinesChosen: z.array(id),
  /** The deposit due on that total. */
  depositPence: z.number().int(),
  /** The last day the customer may cancel (Europe/London); null for an urgent repair. */
  cancelUntil: isoDate.nullable(),
  /** SHA-256 (hex) of the terms text the page showed before the button. */
  termsHash: z.string(),
  /** On the customer's page, or given by phone or in person and recorded by the owner. */
  method: z.enum(acceptanceMethods),
  /** A verbal acceptance: who accepted, as the owner recorded it. */
  acceptedBy: z.string().nullable(),
});

export const cancellationSchema = z.object({
  at: timestamp,
  /** Who told us: the customer on their page, or the owner recording a phone call or letter. */
  by: z.enum(["customer", "owner"]),
  reason: z.string().nullable(),
  /** Owed for work done before the cancellation (started early at the customer's request). */
  amountOwedPence: z.number().int().nullable(),
});

export const quoteSchema = z.object({
  id,
  submissionId: id,
  /** "Q-000013": one number per request; versions share it. */
  number: z.string(),
  version: z.number().int().positive(),
  status: z.enum(quoteStatuses),
  /** Whether the business was VAT-registered when the quote was written (its prices are then ex-VAT). */
  vatRegistered: z.boolean(),
  lines: z.array(quoteLineSchema),
  note: z.string().nullable(),
  validUntil: isoDate,
  /** A fixed deposit, or null. */
  depositPence: z.number().int().nullable(),
  /** A percentage deposit, or null. */
  depositPercent: z.number().nullable(),
  /** The deposit due on `totalPence` (0 without a deposit). */
  depositDuePence: z.number().int(),
  urgentRepair: z.boolean(),
  /** When the work will start: a date, or within this many working days of acceptance (or neither, on older quotes). */
  startDate: isoDate.nullable(),
  startWithinWorkingDays: z.number().int().nullable(),
  /** Without the optional lines. */
  totals: totalsSchema,
  /** The total without the optional lines (the same as `totals.totalPence`). */
  totalPence: z.number().int(),
  /** The total if every optional line were ticked. */
  maxTotalPence: z.number().int(),
  acceptance: acceptanceSchema.nullable(),
  cancellation: cancellationSchema.nullable(),
  declineReason: z.string().nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
  sentAt: timestamp.nullable(),
  /** When the customer first opened it on their page (a mail scanner's visit does not count). */
  viewedAt: timestamp.nullable(),
  /** When it was accepted, declined, expired, superseded or cancelled. */
  closedAt: timestamp.nullable(),
  followUpSentAt: timestamp.nullable(),
});
export type Quote = z.infer<typeof quoteSchema>;

/** The settings a quote is written under (src/config/site.ts). */
export const quoteSettingsSchema = z.object({
  ...documentSettingsShape,
  /** valid-until's default: this many days from today. */
  validDays: z.number().int().positive(),
  /** Unanswered for this many days after sending: one follow-up e-mail. */
  followUpDays: z.number().int().positive(),
});
export type QuoteSettings = z.infer<typeof quoteSettingsSchema>;

/** An item of the owner's price list: a usual job or a labour rate. */
export const priceListItemInputSchema = z.object({
  description: descriptionField("Please describe the item."),
  unitPence: penceField("The unit price", L.maxUnitPence),
  /** "hour", "m²", "each"; optional. */
  unit: optionalText("The unit", L.unitMax),
  vatRate: vatRateField.nullish(),
});
export type PriceListItemInput = z.input<typeof priceListItemInputSchema>;

export const priceListItemPatchSchema = z
  .object({
    description: descriptionField("Please describe the item.").optional(),
    unitPence: penceField("The unit price", L.maxUnitPence).optional(),
    unit: clearableTextField("The unit", L.unitMax),
    vatRate: vatRateField.nullish(),
  })
  .refine(hasChange, nothingToChange);
export type PriceListItemPatch = z.input<typeof priceListItemPatchSchema>;

export const priceListItemSchema = z.object({
  id,
  description: z.string(),
  unitPence: z.number().int(),
  unit: z.string().nullable(),
  vatRate: z.number().nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type PriceListItem = z.infer<typeof priceListItemSchema>;

/**
 * A service's starting price as the website publishes it, offered beside the price list so a quote
 * starts from the price the customer read (the website's content, not the owner's price list).
 */
export const websitePriceSchema = z.object({
  slug: z.string(),
  name: z.string(),
  unitPence: z.number().int(),
  /** "room", "hour"; null for a fixed price. */
  unit: z.string().nullable(),
  /** "from £150 per room", as the site shows it. */
  priceText: z.string(),
});
export type WebsitePrice = z.infer<typeof websitePriceSchema>;

const quoteAnswer = z.object({ quote: quoteSchema });

export const quoteEndpoints = {
  /** Every version of the request's quote, newest first, and the settings for a new one. */
  listQuotes: defineEndpoint({
    ...routes.listQuotesRoute,
    status: 200,
    response: z.object({ quotes: z.array(quoteSchema), settings: quoteSettingsSchema }),
  }),
  /** A new draft. 409 when the request already has a draft or a quote out or accepted. */
  createQuote: defineEndpoint({
    ...routes.createQuoteRoute,
    status: 201,
    request: quoteInputSchema,
    response: quoteAnswer,
  }),
  getQuote: defineEndpoint({ ...routes.getQuoteRoute, status: 200, response: quoteAnswer }),
  /**
   * A draft changes in place; a sent or opened quote becomes version n+1 (sent again with `send`),
   * and n is superseded. Accepted, declined, expired, superseded or cancelled: 409.
   */
  updateQuote: defineEndpoint({
    ...routes.updateQuoteRoute,
    status: 200,
    request: quotePatchSchema,
    response: quoteAnswer,
  }),
  /**
   * A draft goes out: the request moves to quoted, the customer gets the link and the PDF. With
   * `?by=text`, for a customer without an e-mail address, it is marked sent and nothing is e-mailed:
   * the owner texts the page's link himself (without it such a customer is 409 no_email).
   */
  sendQuote: defineEndpoint({
    ...routes.sendQuoteRoute,
    status: 200,
    query: z.object({ by: z.enum(["text"]).optional() }),
    response: quoteAnswer,
  }),
  /** The PDF; no JSON answer. */
  quotePdf: defineEndpoint({
    ...routes.quotePdfRoute,
    status: 200,
    query: pdfQuerySchema,
  }),
  /** A cancellation received by phone or letter, within the 14 days (409 after, or for an urgent repair). */
  cancelQuote: defineEndpoint({
    ...routes.cancelQuoteRoute,
    status: 200,
    request: ownerCancelSchema,
    response: quoteAnswer,
  }),
  /**
   * A verbal acceptance (by phone or in person) of a draft, sent or opened quote: the same evidence
   * as the page's, recorded by the owner. 409 `quote_already_accepted` when it was already accepted.
   */
  recordVerbalAcceptance: defineEndpoint({
    ...routes.verbalAcceptanceRoute,
    status: 200,
    request: verbalAcceptanceSchema,
    response: quoteAnswer,
  }),
  /** Records what is owed for work done before a cancellation. */
  recordAmountOwed: defineEndpoint({
    ...routes.recordAmountOwedRoute,
    status: 200,
    request: amountOwedSchema,
    response: quoteAnswer,
  }),
  listPriceList: defineEndpoint({
    ...routes.listPriceListRoute,
    status: 200,
    response: z.object({
      items: z.array(priceListItemSchema),
      websitePrices: z.array(websitePriceSchema),
      settings: quoteSettingsSchema,
    }),
  }),
  addPriceListItem: defineEndpoint({
    ...routes.addPriceListItemRoute,
    status: 201,
    request: priceListItemInputSchema,
    response: z.object({ item: priceListItemSchema }),
  }),
  updatePriceListItem: defineEndpoint({
    ...routes.updatePriceListItemRoute,
    status: 200,
    request: priceListItemPatchSchema,
    response: z.object({ item: priceListItemSchema }),
  }),
  deletePriceListItem: defineEndpoint({ ...routes.deletePriceListItemRoute, status: 204 }),
};
