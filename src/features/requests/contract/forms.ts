/**
 * The contact and booking forms' schemas: the server's authority on what is stored. The rules and
 * messages live in src/lib/form-fields/field-rules.ts, which the islands check in the browser without loading zod
 * (docs/decisions/025-light-forms.md). Written with `zod/mini`, zod's tree-shakable build.
 */
import * as z from "zod/mini";
import {
  charLength,
  containsLink,
  isFindableAddress,
  isPersonName,
  isPhoneNumber,
  isStorableText,
  messages,
  noLinkMessages,
  unsupportedCharactersMessage,
} from "../../../lib/form-fields/field-rules";
import { limits } from "../../../lib/form-fields/limits";

/**
 * A trimmed string that must not be empty after trimming, at most `max` characters (code points,
 * as the database counts), and storable byte-for-byte (src/lib/form-fields/text.ts).
 */
const required = (message: string, max: number, tooLong: string) =>
  z.string({ error: message }).check(
    z.trim(),
    z.minLength(1, message),
    z.refine((v) => charLength(v) <= max, tooLong),
    z.refine(isStorableText, unsupportedCharactersMessage),
  );

export const phoneSchema = z.string({ error: messages.phone.required }).check(
  z.trim(),
  z.minLength(1, messages.phone.required),
  z.refine((v) => charLength(v) <= limits.phone, messages.phone.tooLong),
  z.refine(isPhoneNumber, { error: messages.phone.invalid }),
);

export const emailSchema = z.pipe(
  z.string({ error: messages.email.required }).check(
    z.trim(),
    z.minLength(1, messages.email.required),
    z.refine((v) => charLength(v) <= limits.email, messages.email.tooLong),
  ),
  z.email({ error: messages.email.invalid }),
);

/** Contact form payload: name, email, phone and message, all required. */
export const contactMessageSchema = z.object({
  name: required(messages.name.required, limits.name, messages.name.tooLong).check(
    z.refine((v) => !containsLink(v), noLinkMessages.name),
    z.refine((v) => containsLink(v) || isPersonName(v), messages.name.letters),
  ),
  email: emailSchema,
  phone: phoneSchema,
  message: required(messages.message.required, limits.message, messages.message.tooLong),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

/**
 * Booking form payload: the contact fields plus an address we can find (a house number or name
 * and a street, or a UK postcode) and a service. The service is a published service's address
 * (its slug); which services are offered is the website's content, so the service checks the
 * choice against the published ones (src/features/site-content/service-public.ts).
 */
export const bookingRequestSchema = z.extend(contactMessageSchema, {
  message: required(messages.jobDescription.required, limits.message, messages.jobDescription.tooLong),
  address: required(messages.address.required, limits.address, messages.address.tooLong).check(
    z.refine(isFindableAddress, messages.address.findable),
  ),
  service: z
    .string({ error: messages.service.required })
    .check(
      z.trim(),
      z.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, messages.service.required),
      z.maxLength(60, messages.service.required),
    ),
});
export type BookingRequest = z.infer<typeof bookingRequestSchema>;

export const formTypes = ["contact", "booking"] as const;
export type FormType = (typeof formTypes)[number];
