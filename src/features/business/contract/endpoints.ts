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
import { publicFactFields } from "./public-facts";
import { checklistItems } from "./checklist";

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

export const phoneMessage = "Please enter a UK phone number, for example 0131 496 0472 or 07700 900123.";
export const emailMessage = "Please enter an e-mail address, for example hello@yourbusiness.co.uk.";
export const postcodeMessage = "Please enter a UK postcode, for example KY1 3LP.";
export const plainTextMessage = (label: string) => `Please enter ${label} without < or > characters.`;

/** A line of plain text: trimmed, storable, 1 to `max` characters, no markup. */
const line = (label: string, max = maxBusinessNameLength) =>
  z
    .string({ message: `Please enter ${label}.` })
    .trim()
    .refine(isStorableText, unsupportedCharactersMessage)
    .refine((v) => charLength(v) >= 1, `Please enter ${label}.`)
    .refine((v) => charLength(v) <= max, `Please keep ${label} to ${max} characters.`)
    .refine((v) => !/[<>]/.test(v), plainTextMessage(label));

/**
 * A UK number as people dial it: spaces, dashes and brackets allowed; +44 or 0044 for the 0; then
 * 9 or 10 digits after the 0, not starting with 0. Stored spaced as typed, tidied of extra spaces.
 */
export const ukPhoneSchema = z
  .string({ message: phoneMessage })
  .trim()
  .transform((v) => v.replace(/\s+/g, " "))
  .refine((v) => {
    if (!/^\+?[\d\s()-]+$/.test(v)) return false;
    const national = v.replace(/\D/g, "").replace(/^(0044|44)/, "0");
    return /^0[1-9]\d{8,9}$/.test(national);
  }, phoneMessage);

export const emailSchema = z
  .string({ message: emailMessage })
  .trim()
  .refine(
    (v) => v.length <= 254 && /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[A-Za-z0-9-]{2,}$/.test(v),
    emailMessage,
  );

/** A UK postcode ("ky13lp", "KY1 3LP"), stored upper case with one space before the last three. */
export const postcodeSchema = z
  .string({ message: postcodeMessage })
  .transform((v) => v.replace(/\s+/g, "").toUpperCase())
  .refine((v) => /^(GIR0AA|[A-Z]{1,2}\d[A-Z\d]?\d[A-Z]{2})$/.test(v), postcodeMessage)
  .transform((v) => `${v.slice(0, -3)} ${v.slice(-3)}`);

export const postalAddressSchema = z
  .object({
    lines: z
      .array(line("the address line"))
      .min(1, "Please enter the first line of the address.")
      .max(3, "Please use at most three address lines before the town."),
    town: line("the town"),
    postcode: postcodeSchema,
  })
  .strict();

export const sortCodeMessage = "Please enter the sort code as six digits, for example 12-34-56.";
export const accountNumberMessage = "Please enter the account number: eight digits, for example 12345678.";
export const foundedMessage = "Please enter the year the business started, for example 2010.";

/** The year the business started: four digits, not in the future. */
const foundedSchema = z
  .number({ message: foundedMessage })
  .int(foundedMessage)
  .min(1900, foundedMessage)
  .refine(
    (y) => y <= new Date().getUTCFullYear() + 1,
    "The year the business started cannot be in the future.",
  );

export const statsSchema = z
  .object({
    founded: foundedSchema,
    yearsExperience: line("the years of experience", 20),
    projectsCompleted: line("the projects completed", 20),
    happyClients: line("the share of happy clients", 20),
  })
  .strict();

export const processorsSchema = z
  .array(
    z.object({ name: line("the processor's name", 60), role: line("what the processor does", 200) }).strict(),
    { message: "Please list the data processors." },
  )
  .min(1, "Please name at least one data processor (the host of this website).")
  .max(8, "Please list at most eight data processors.");

/** A sort code as people write it ("123456", "12 34 56"), stored as "12-34-56". */
export const sortCodeSchema = z
  .string({ message: sortCodeMessage })
  .transform((v) => v.replace(/[\s-]/g, ""))
  .refine((v) => /^\d{6}$/.test(v), sortCodeMessage)
  .transform((v) => `${v.slice(0, 2)}-${v.slice(2, 4)}-${v.slice(4)}`);

export const bankSchema = z
  .object({
    accountName: name("the account's name"),
    sortCode: sortCodeSchema,
    accountNumber: z
      .string({ message: accountNumberMessage })
      .transform((v) => v.replace(/\s/g, ""))
      .refine((v) => /^\d{8}$/.test(v), accountNumberMessage),
  })
  .strict();

const publicFactsShape = {
  phone: ukPhoneSchema,
  email: emailSchema,
  address: postalAddressSchema,
  registeredOffice: postalAddressSchema.nullable(),
  publicLiability: line("the public liability cover", 60),
  gasPartner: line("the gas partner's registration"),
  electricalPartner: line("the electrical partner's registration"),
  stats: statsSchema,
  blurb: line("the footer's short description", 300),
  processors: processorsSchema,
};

/** The public facts as stored and published (checked again when read back). */
export const publicFactsSchema = z.object({
  phone: z.string(),
  email: z.string(),
  address: z.object({ lines: z.array(z.string()), town: z.string(), postcode: z.string() }),
  registeredOffice: z
    .object({ lines: z.array(z.string()), town: z.string(), postcode: z.string() })
    .nullable(),
  publicLiability: z.string(),
  gasPartner: z.string(),
  electricalPartner: z.string(),
  stats: z.object({
    founded: z.number().int(),
    yearsExperience: z.string(),
    projectsCompleted: z.string(),
    happyClients: z.string(),
  }),
  blurb: z.string(),
  processors: z.array(z.object({ name: z.string(), role: z.string() })),
});

export const bankDetailsSchema = z.object({
  accountName: z.string(),
  sortCode: z.string(),
  accountNumber: z.string(),
});

/** The public facts on the Website screen: as saved, as published, and which differ. */
export const siteBusinessSchema = z.object({
  draft: publicFactsSchema,
  published: publicFactsSchema.nullable(),
  drafts: z.array(z.enum(publicFactFields)),
});

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
    ...publicFactsShape,
    bank: bankSchema,
    /** Confirms one item of the launch checklist (recorded with who and when). */
    confirm: z.enum(checklistItems, { message: "Please name an item of the launch checklist." }),
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
  ...publicFactsSchema.shape,
  bank: bankDetailsSchema,
  /** The launch checklist's confirmations, by item. */
  confirmations: z.partialRecord(
    z.enum(checklistItems),
    z.object({ at: z.string(), sessionId: z.number().int().nullable() }),
  ),
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
  /** The public facts as the live website states them (null before the first publish that held them). */
  published: publicFactsSchema.nullable(),
  /** The launch checklist: each claim only the owner can vouch for, and whether he has. */
  checklist: z.array(
    z.object({
      id: z.enum(checklistItems),
      label: z.string(),
      /** What the site states now, for the owner to check. */
      detail: z.string(),
      confirmedAt: z.string().nullable(),
    }),
  ),
  /** The public facts saved but not yet published: the pages show them after Publish. */
  drafts: z.array(z.enum(publicFactFields)),
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
