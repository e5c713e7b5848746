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
import * as routes from "../../../lib/contracts/public-routes";

/** What a customer can do on their page. */
export const customerActions = ["accept", "reschedule", "message", "cancel"] as const;
export type CustomerAction = (typeof customerActions)[number];

export const customerMessageMax = 1000;
export const customerReasonMax = 500;

export const customerPageQuerySchema = z.object({
  /** An action's confirmation step; anything else shows the page itself. */
  step: z.enum(customerActions).optional().catch(undefined),
  /** `calendar`: the confirmed appointment as an .ics file ("Add to calendar"). */
  download: z.enum(["calendar"]).optional().catch(undefined),
});

export const customerActionSchema = z.object({
  action: z.enum(customerActions, { error: "Please choose what to do." }),
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
});
export type CustomerActionInput = z.output<typeof customerActionSchema>;

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
