/**
 * Contracts of the business details (docs/decisions/045-business-details.md): the trading identity
 * and VAT registration the quotes, invoices, customer pages and e-mails follow.
 *
 *   GET   /api/admin/settings/business   { business, tradingName, limits, audit }
 *   PATCH /api/admin/settings/business   any of the fields below → the same
 *
 * 422 for a field of the wrong shape (a VAT number that is not GB and 9 or 12 digits, a company
 * number that is not 8 characters, a name with markup) or a combination the rules refuse (VAT on
 * without its number or effective date, an effective date before the first issued invoice or more
 * than a year ahead, a sole trader without a name).
 */
import { z } from "zod";
import * as routes from "../../../lib/contracts/admin-routes";
import { defineEndpoint } from "../../../lib/contracts/endpoint";
import { charLength, isStorableText, unsupportedCharactersMessage } from "../../../lib/form-fields/text";
import { isIsoDate } from "../../../platform/time";
import { tradingForms } from "./identity";

export const maxBusinessNameLength = 100;

/** Spaces and case do not matter in an official number: "gb 123 4567 89" is GB123456789. */
const compact = (v: string) => v.replace(/\s+/g, "").toUpperCase();

export const vatNumberMessage =
  "Please enter the VAT number as GB followed by 9 or 12 digits, for example GB123456789.";
export const companyNumberMessage =
  "Please enter the Companies House number: 8 characters, for example SC123456 or 01234567.";
export const markupMessage = "Please enter the name without < or > characters.";

const name = (label: string) =>
  z
    .string()
    .trim()
    .refine(isStorableText, unsupportedCharactersMessage)
    .refine((v) => charLength(v) >= 2, `Please enter ${label} (at least 2 characters).`)
    .refine(
      (v) => charLength(v) <= maxBusinessNameLength,
      `Please keep ${label} to ${maxBusinessNameLength} characters.`,
    )
    .refine((v) => !/[<>]/.test(v), markupMessage);

export const vatNumberSchema = z
  .string()
  .transform(compact)
  .refine((v) => /^GB(\d{9}|\d{12})$/.test(v), vatNumberMessage);
export const companyNumberSchema = z
  .string()
  .transform(compact)
  .refine((v) => /^([A-Z]{2}\d{6}|\d{8})$/.test(v), companyNumberMessage);
const isoDate = z
  .string()
  .refine(isIsoDate, "Please give a real date (YYYY-MM-DD) for the VAT registration's effective date.");

/** PATCH body: any of the fields; the service checks the result as a whole. */
export const businessPatchSchema = z
  .object({
    tradingAs: z.enum(tradingForms, { message: 'Please choose "company" or "sole_trader".' }),
    soleTraderName: name("your name").nullable(),
    companyName: name("the company's registered name"),
    companyNumber: companyNumberSchema.nullable(),
    vatRegistered: z.boolean({
      message: "Please say whether the business is VAT registered (true or false).",
    }),
    vatNumber: vatNumberSchema.nullable(),
    vatRegisteredFrom: isoDate.nullable(),
  })
  .partial()
  .strict();
export type BusinessPatch = z.input<typeof businessPatchSchema>;
export type BusinessPatchParsed = z.output<typeof businessPatchSchema>;

export const businessSettingsSchema = z.object({
  tradingAs: z.enum(tradingForms),
  soleTraderName: z.string().nullable(),
  companyName: z.string(),
  companyNumber: z.string().nullable(),
  vatRegistered: z.boolean(),
  vatNumber: z.string().nullable(),
  vatRegisteredFrom: z.string().nullable(),
});

export const businessAuditEntrySchema = z.object({
  id: z.number().int().positive(),
  savedAt: z.string(),
  /** "owner" (with the admin session that saved it) or "system". */
  actor: z.string(),
  sessionId: z.number().int().nullable(),
  changes: z.array(z.object({ field: z.string(), from: z.unknown(), to: z.unknown() })),
});
export type BusinessAuditEntry = z.infer<typeof businessAuditEntrySchema>;

/** The range the VAT effective date may take today. */
export const businessLimitsSchema = z.object({
  vatFromEarliest: z.string(),
  vatFromLatest: z.string(),
  /** The first issued invoice's date, when there is one (the effective date may not be before it). */
  firstInvoiceOn: z.string().nullable(),
});

const businessResponse = z.object({
  business: businessSettingsSchema,
  /** The brand the business trades under: a sole trader's papers say "Jane Smith trading as …" it. */
  tradingName: z.string(),
  limits: businessLimitsSchema,
  /** Every saved change, newest first (the most recent 100). */
  audit: z.array(businessAuditEntrySchema),
});
export type BusinessDetails = z.infer<typeof businessResponse>;

export const businessEndpoints = {
  getBusinessSettings: defineEndpoint({
    ...routes.getBusinessSettingsRoute,
    status: 200,
    response: businessResponse,
  }),
  updateBusinessSettings: defineEndpoint({
    ...routes.updateBusinessSettingsRoute,
    status: 200,
    request: businessPatchSchema,
    response: businessResponse,
  }),
};
