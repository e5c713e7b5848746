/**
 * The contact and booking forms' schemas, shared by the browser (the islands' validation) and the
 * server. Written with `zod/mini`, zod's tree-shakable build, so the form pages ship a few KB of it
 * instead of the full library (docs/decisions/018-appointments-stored.md, JavaScript budget); the
 * rules and messages are the same.
 */
import * as z from "zod/mini";
import { serviceIds } from "../../../lib/service-catalog";
import { limits } from "../../../lib/form-fields/limits";
import {
  charLength,
  containsLink,
  isStorableText,
  noLinkMessages,
  unsupportedCharactersMessage,
} from "../../../lib/form-fields/text";

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

/** UK-friendly phone check: digits with optional spaces, brackets, dashes and a leading +; 10-15 digits. */
const phonePattern = /^\+?[0-9\s()-]+$/;

export const phoneSchema = z.string({ error: "Please enter your phone number." }).check(
  z.trim(),
  z.minLength(1, "Please enter your phone number."),
  z.refine((v) => charLength(v) <= limits.phone, "Please enter a phone number of at most 30 characters."),
  z.refine((v) => phonePattern.test(v) && /^\d{10,15}$/.test(v.replace(/\D/g, "")), {
    error: "Please enter a valid phone number, for example 07700 900123.",
  }),
);

export const emailSchema = z.pipe(
  z.string({ error: "Please enter your email address." }).check(
    z.trim(),
    z.minLength(1, "Please enter your email address."),
    z.refine(
      (v) => charLength(v) <= limits.email,
      "Please enter an email address of at most 254 characters.",
    ),
  ),
  z.email({ error: "Please enter a valid email address." }),
);

/** Contact form payload: name, email, phone and message, all required. */
export const contactMessageSchema = z.object({
  name: required("Please enter your name.", limits.name, "Please keep your name under 100 characters.").check(
    z.refine((v) => !containsLink(v), noLinkMessages.name),
  ),
  email: emailSchema,
  phone: phoneSchema,
  message: required(
    "Please enter your message.",
    limits.message,
    "Please keep your message under 5000 characters.",
  ),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

/** Booking form payload: the contact fields plus a required address and one of the four services. */
export const bookingRequestSchema = z.extend(contactMessageSchema, {
  message: required(
    "Please describe the job you need help with.",
    limits.message,
    "Please keep the job description under 5000 characters.",
  ),
  address: required(
    "Please enter your address.",
    limits.address,
    "Please keep the address under 300 characters.",
  ),
  service: z.enum(serviceIds, { error: "Please select a service." }),
});
export type BookingRequest = z.infer<typeof bookingRequestSchema>;

export const formTypes = ["contact", "booking"] as const;
export type FormType = (typeof formTypes)[number];
