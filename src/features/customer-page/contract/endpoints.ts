/**
 * Contracts of the customer's own page (docs/decisions/019-customer-page.md). Its answers are
 * server-rendered HTML pages, so no response schema; what the forms post is checked here only for
 * its shape (every field a string, as a browser form sends it). What the customer wrote and the
 * times they ask for are checked by the service, which names the field that fails, so the form can
 * be shown again with what they typed.
 */
import { z } from "zod";
import { emailSchema } from "../../requests/contract/forms";
import { bookingExtrasFields } from "../../appointments/contract/endpoints";
import { defineEndpoint } from "../../../lib/contracts/endpoint";
import { payInvoiceSchema } from "../../payments/contract/endpoints";
import * as routes from "../../../lib/contracts/public-routes";

/** What a customer can do on their page. */
export const customerActions = ["accept", "reschedule", "message", "cancel"] as const;
export type CustomerAction = (typeof customerActions)[number];

/**
 * What a customer can do with the quote on their page (docs/decisions/031-quote-acceptance-page.md):
 * accept it (the form under its terms), see the total for the optional lines they ticked without
 * JavaScript, decline it and, once accepted, cancel it (each of the last two after a confirmation
 * step, `?step=decline-quote|cancel-quote`). `accept-and-pay` accepts it the same way and then
 * opens card payment for its deposit (docs/decisions/048-card-payments-stripe.md). `quote-seen` is the page's script saying the customer
 * is looking at it (after a real key press, tap or click), which marks the quote opened.
 */
export const quoteActions = [
  "accept-quote",
  "accept-and-pay",
  "update-total",
  "decline-quote",
  "cancel-quote",
  "quote-seen",
] as const;
export type QuoteAction = (typeof quoteActions)[number];
/** The quote actions that have a confirmation step. */
export const quoteSteps = ["decline-quote", "cancel-quote"] as const;
export type QuoteStep = (typeof quoteSteps)[number];

/** An optional line's box is named `option-<line id>`; its value is whatever the browser sends. */
export const optionFieldPrefix = "option-";
const optionField = /^option-(\d{1,9})$/;

/** The ids of the optional lines ticked on a posted form (`option-<id>` fields), in one array. */
function collectOptions(data: unknown): unknown {
  if (data === null || typeof data !== "object" || Array.isArray(data)) return data;
  const record = data as Record<string, unknown>;
  const options = Object.keys(record)
    .map((key) => optionField.exec(key)?.[1])
    .filter((id): id is string => id !== undefined)
    .map(Number);
  return { ...record, options };
}

export const customerMessageMax = 1000;
export const customerReasonMax = 500;

export const customerPageQuerySchema = z.object({
  /** An action's confirmation step; anything else shows the page itself. */
  step: z
    .enum([...customerActions, ...quoteSteps])
    .optional()
    .catch(undefined),
  /** `accepted`, `declined`, `cancelled`: said once after a quote action (the answer redirects here). */
  done: z.enum(["accepted", "declined", "cancelled"]).optional().catch(undefined),
  /** The optional lines ticked, as `3.7.12` (after "Update the total" without JavaScript). */
  options: z
    .string()
    .regex(/^\d{1,9}(\.\d{1,9}){0,99}$/)
    .transform((v) => v.split(".").map(Number))
    .optional()
    .catch(undefined),
  /** `1`: the express-start box was ticked when "Update the total" was pressed. */
  start: z.enum(["1"]).optional().catch(undefined),
  /** An invoice's id: back from Stripe's Checkout (the payment shows once the webhook records it). */
  paid: z
    .string()
    .regex(/^[1-9]\d{0,8}$/)
    .transform(Number)
    .optional()
    .catch(undefined),
  /** `calendar`: the confirmed appointment as an .ics file ("Add to calendar"). */
  download: z.enum(["calendar"]).optional().catch(undefined),
});

export const customerActionSchema = z.preprocess(
  collectOptions,
  z.object({
    action: z.enum([...customerActions, ...quoteActions, "withdraw-photos"], {
      error: "Please choose what to do.",
    }),
    /** The confirmation step's one-time form key: a reload or a double click changes nothing twice. */
    nonce: z.string({ error: "This form has expired; please open it again." }).max(100),
    message: z.string().optional(),
    reason: z.string().optional(),
    option1Date: bookingExtrasFields.option1Date,
    option1Window: bookingExtrasFields.option1Window,
    option2Date: bookingExtrasFields.option2Date,
    option2Window: bookingExtrasFields.option2Window,
    option3Date: bookingExtrasFields.option3Date,
    option3Window: bookingExtrasFields.option3Window,
    /** The quote the form was about (its id); another request's quote is not found. */
    quote: z
      .string()
      .regex(/^\d{1,9}$/)
      .transform(Number)
      .optional()
      .catch(undefined),
    /** The optional lines ticked (from the `option-<id>` boxes). */
    options: z.array(z.number().int().positive()).max(100).optional(),
    /** The total the button showed, in pence: accepting a different one is refused. */
    total: z
      .string()
      .regex(/^\d{1,12}$/)
      .transform(Number)
      .optional()
      .catch(undefined),
    /** The day (YYYY-MM-DD) the terms were shown for: their cancellation end date depends on it. */
    day: z.string().max(10).optional(),
    /** The express-start box: present when ticked. */
    expressStart: z.string().max(10).optional(),
  }),
);
export type CustomerActionInput = z.output<typeof customerActionSchema>;
/** One of the request's own actions (not the quote's). */
export type RequestActionInput = CustomerActionInput & { action: CustomerAction };
/** One of the quote's actions. */
export type QuoteActionInput = CustomerActionInput & { action: QuoteAction };

export const lostLinkSchema = z.object({ email: emailSchema });
export type LostLinkInput = z.output<typeof lostLinkSchema>;

export const customerPageEndpoints = {
  /** The page (404 page for a wrong, expired or unknown token), or an action's confirmation step. */
  customerPage: defineEndpoint({
    ...routes.customerPageRoute,
    status: 200,
    query: customerPageQuerySchema,
  }),
  /** One change: accept, reschedule, message or cancel; answered with the page that says so. */
  customerAction: defineEndpoint({
    ...routes.customerActionRoute,
    status: 200,
    request: customerActionSchema,
  }),
  /** The form asking for a fresh link. */
  lostLinkForm: defineEndpoint({ ...routes.lostLinkFormRoute, status: 200 }),
  /** Fresh links to that address's open requests; the same answer whether or not it is known. */
  lostLink: defineEndpoint({ ...routes.lostLinkRoute, status: 200, request: lostLinkSchema }),
};

/** The invoice-only page's query: back from Stripe's Checkout (`?paid=<invoice id>`). */
export const invoiceLinkQuerySchema = z.object({
  paid: z
    .string()
    .regex(/^[1-9]\d{0,8}$/)
    .transform(Number)
    .optional()
    .catch(undefined),
});

/**
 * The invoice-only page for a payer at another address (docs/decisions/053-invoice-links.md): one
 * invoice, its PDF and its Pay button, under the invoice link's token.
 */
export const invoiceLinkEndpoints = {
  invoiceLinkPage: defineEndpoint({
    ...routes.invoiceLinkPageRoute,
    status: 200,
    query: invoiceLinkQuerySchema,
  }),
  invoiceLinkPdf: defineEndpoint({ ...routes.invoiceLinkPdfRoute, status: 200 }),
  invoiceLinkPay: defineEndpoint({
    ...routes.invoiceLinkPayRoute,
    status: 200,
    request: payInvoiceSchema,
  }),
};
