/**
 * A job the owner adds by hand (POST /api/admin/submissions): a phone call, an e-mail, a walk-in or
 * a repeat customer. The same fields and rules as the booking form (src/features/requests/contract/
 * forms.ts), except that the e-mail address or the phone number may be left out, never both: the
 * customer must be reachable. Optionally a visit booked at once, through the appointment rules.
 */
import { z } from "zod";
import { bookingRequestSchema, emailSchema, phoneSchema } from "../../requests/contract/forms";
import { ownerSources } from "../../requests/contract/states";
import { isoDateSchema, windowIdSchema } from "./option-fields";
import { isStorableText } from "../../../lib/form-fields/text";

export const unreachableMessage =
  "Please enter a phone number or an e-mail address: we need a way to reach the customer.";

const reason = z
  .string()
  .trim()
  .max(1000, "Please keep it under 1000 characters.")
  .refine(isStorableText, "That text contains characters we cannot store.")
  .optional();

export const ownerJobSchema = z
  .object({
    source: z.enum(ownerSources, { error: "Please choose how the job came in." }),
    name: bookingRequestSchema.shape.name,
    email: z.optional(emailSchema),
    phone: z.optional(phoneSchema),
    address: bookingRequestSchema.shape.address,
    service: bookingRequestSchema.shape.service,
    message: bookingRequestSchema.shape.message,
    /** Send the customer the request's confirmation with their private link (needs `email`). */
    sendConfirmation: z.boolean().optional(),
    /** A visit booked at once: confirmed (agreed on the phone) or offered for the customer to accept. */
    visit: z
      .object({
        date: isoDateSchema,
        window: windowIdSchema,
        status: z.enum(["confirmed", "proposed"], { error: "Please choose confirmed or offered." }),
        /** Why the visit goes on a day customers cannot book (refused with 409 without it). */
        dayOverrideReason: reason,
      })
      .optional(),
  })
  .refine((job) => job.email !== undefined || job.phone !== undefined, {
    error: unreachableMessage,
    path: ["phone"],
  })
  .refine((job) => !job.sendConfirmation || job.email !== undefined, {
    error: "A confirmation needs the customer's e-mail address.",
    path: ["sendConfirmation"],
  });
export type OwnerJobInput = z.input<typeof ownerJobSchema>;
export type OwnerJob = z.output<typeof ownerJobSchema>;
