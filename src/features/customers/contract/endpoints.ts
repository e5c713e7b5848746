/**
 * Contracts of the customer endpoints (docs/decisions/038-customers.md). A customer is one person
 * across their requests, matched by e-mail address or UK phone number; amounts are whole pence.
 *
 *   GET   /api/admin/customers?q=&request=&cursor=&limit=   a page, most recent activity first; `q` finds a
 *                                                   name, a phone number however it is typed, an
 *                                                   e-mail address or a postcode
 *   GET   /api/admin/customers/:id                 the customer with their requests, visits, the
 *                                                   owner's notes, quotes and invoices
 *   PATCH /api/admin/customers/:id                 the owner's own notes on the customer
 *
 * 404 for an unknown id, 400 for a query that cannot be read, 422 for a note that breaks a rule.
 */
import { z } from "zod";
import { charLength, isStorableText, unsupportedCharactersMessage } from "../../../lib/form-fields/text";
import * as routes from "../../../lib/contracts/admin-routes";
import { defineEndpoint } from "../../../lib/contracts/endpoint";
import { decodeCursor } from "../../requests/contract/inbox-cursor";
import { formTypes } from "../../requests/contract/forms";
import { requestStates } from "../../requests/contract/states";
import { appointmentStatuses } from "../../appointments/contract/status";
import { windowIds } from "../../appointments/contract/windows";
import { quoteStatuses } from "../../quotes/contract/rules";
import { invoiceKinds, invoiceStatuses } from "../../invoices/contract/rules";

export const maxCustomerSearchLength = 200;

/** A stored postcode ("KY12AB", upper case without spaces) as written: "KY1 2AB". */
export const formatPostcode = (compact: string | null): string | null =>
  compact && compact.length > 3 ? `${compact.slice(0, -3)} ${compact.slice(-3)}` : compact;
export const defaultCustomerPageSize = 50;
export const maxCustomerPageSize = 200;
export const maxCustomerNotesLength = 2000;

const id = z.number().int().positive();
/** ISO timestamp. */
const timestamp = z.string();

/**
 * GET /api/admin/customers query: `q` (optional search), `request` (only that request's customer),
 * `cursor` (the previous page's `nextCursor`), `limit` 1-200 (default 50).
 */
export const customerQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(maxCustomerSearchLength, `q must be at most ${maxCustomerSearchLength} characters.`)
    .refine(isStorableText, unsupportedCharactersMessage)
    .optional()
    .transform((v) => (v ? v : undefined)),
  cursor: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === "") return undefined;
      const cursor = decodeCursor(v);
      if (!cursor || cursor.sort !== "newest") {
        ctx.addIssue({ code: "custom", message: "That page link is not valid; please reload the list." });
        return z.NEVER;
      }
      return cursor;
    }),
  /** Only the customer of this request (the request screen's link). */
  request: z.coerce
    .number({ error: "request must be a request number." })
    .int("request must be a request number.")
    .positive("request must be a request number.")
    .max(2_147_483_647, "request must be a request number.")
    .optional(),
  limit: z.coerce
    .number({ error: "limit must be a number." })
    .int("limit must be a whole number.")
    .min(1, "limit must be at least 1.")
    .max(maxCustomerPageSize, `limit must be at most ${maxCustomerPageSize}.`)
    .default(defaultCustomerPageSize),
});
export type CustomerQuery = z.output<typeof customerQuerySchema>;

/** PATCH /api/admin/customers/:id: the owner's notes; empty or null clears them. */
export const customerPatchSchema = z.object({
  notes: z
    .string({ error: "The notes must be text." })
    .trim()
    .refine(isStorableText, unsupportedCharactersMessage)
    .refine(
      (v) => charLength(v) <= maxCustomerNotesLength,
      `Please keep the notes under ${maxCustomerNotesLength} characters.`,
    )
    .nullable()
    .transform((v) => (v ? v : null)),
});
export type CustomerPatchParsed = z.output<typeof customerPatchSchema>;

/** One customer in the list. */
export const customerSummarySchema = z.object({
  id,
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  /** "KY1 2AB", from the latest address; null when it holds none. */
  postcode: z.string().nullable(),
  /** Their requests (spam not counted). */
  jobs: z.number().int(),
  /** When their latest request arrived. */
  lastActivityAt: timestamp,
});
export type CustomerSummary = z.infer<typeof customerSummarySchema>;

export const customerSchema = customerSummarySchema.extend({
  notes: z.string().nullable(),
  createdAt: timestamp,
});
export type AdminCustomer = z.infer<typeof customerSchema>;

export const customerRequestSchema = z.object({
  id,
  /** "KB-000042" or "KC-000042". */
  reference: z.string(),
  formType: z.enum(formTypes),
  state: z.enum(requestStates),
  service: z.string().nullable(),
  address: z.string().nullable(),
  submittedAt: timestamp,
  stateChangedAt: timestamp,
});

export const customerVisitSchema = z.object({
  id,
  submissionId: id,
  reference: z.string(),
  /** YYYY-MM-DD, Europe/London. */
  date: z.string(),
  window: z.enum(windowIds),
  status: z.enum(appointmentStatuses),
});

export const customerNoteSchema = z.object({
  id,
  submissionId: id,
  reference: z.string(),
  body: z.string(),
  createdAt: timestamp,
});

export const customerQuoteSchema = z.object({
  id,
  submissionId: id,
  /** "Q-000042" or "Q-000042 version 2". */
  title: z.string(),
  status: z.enum(quoteStatuses),
  totalPence: z.number().int(),
  createdAt: timestamp,
  sentAt: timestamp.nullable(),
});

export const customerInvoiceSchema = z.object({
  id,
  /** Null for a direct invoice (no request behind it) or once its request is deleted. */
  submissionId: id.nullable(),
  kind: z.enum(invoiceKinds),
  /** "KH-0007"; null while a draft. */
  number: z.string().nullable(),
  status: z.enum(invoiceStatuses),
  totalPence: z.number().int(),
  paidPence: z.number().int(),
  issuedOn: z.string().nullable(),
  dueOn: z.string().nullable(),
  createdAt: timestamp,
});

export const customerDetailSchema = z.object({
  customer: customerSchema,
  /**
   * Money kept on account from overpayments of the invoices below (pence, never negative): not
   * yet taken off an invoice automatically.
   */
  onAccountPence: z.number().int().nonnegative(),
  /** Newest first. */
  requests: z.array(customerRequestSchema),
  /** Visits of those requests with a date, newest date first. */
  visits: z.array(customerVisitSchema),
  /** The owner's notes on those requests, newest first. */
  notes: z.array(customerNoteSchema),
  /** Every quote version of those requests, newest first. */
  quotes: z.array(customerQuoteSchema),
  /** Invoices and credit notes of those requests, and direct ones to the customer's e-mail address. */
  invoices: z.array(customerInvoiceSchema),
});
export type CustomerDetail = z.infer<typeof customerDetailSchema>;

export const customerEndpoints = {
  listCustomers: defineEndpoint({
    ...routes.listCustomersRoute,
    status: 200,
    query: customerQuerySchema,
    response: z.object({ customers: z.array(customerSummarySchema), nextCursor: z.string().nullable() }),
  }),
  getCustomer: defineEndpoint({
    ...routes.getCustomerRoute,
    status: 200,
    response: customerDetailSchema,
  }),
  updateCustomer: defineEndpoint({
    ...routes.updateCustomerRoute,
    status: 200,
    request: customerPatchSchema,
    response: z.object({ customer: customerSchema }),
  }),
};
