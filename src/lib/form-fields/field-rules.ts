/**
 * The public forms' field rules as plain functions and messages, with no zod: the server's zod
 * schemas (src/features/requests/contract/forms.ts, src/features/reviews/contract/testimonial.ts) refine with these, and the islands check the same
 * rules in the browser before sending (src/islands/forms/checks.ts) without loading zod. The
 * server stays the authority; the browser only saves a round trip.
 */
import { limits } from "./limits";
import {
  charLength,
  containsLink,
  isStorableText,
  noLinkMessages,
  unsupportedCharactersMessage,
} from "./text";

export { charLength, containsLink, isStorableText, noLinkMessages, unsupportedCharactersMessage };

/**
 * A person's name on a contact or booking request: letters (any alphabet, accents included),
 * spaces, hyphens and apostrophes, starting with a letter. Nothing else reaches the owner's
 * e-mail subject, so markup such as `<b>Bob</b>` cannot.
 */
const namePattern = /^\p{L}[\p{L}\p{M} '’-]*$/u;
export const isPersonName = (value: string): boolean => namePattern.test(value);

/** A UK postcode anywhere in the text, e.g. "KY1 1AB", "EH1 2NG", "ky11ab". */
const postcodePattern = /(?:^|[^A-Za-z0-9])[A-Za-z]{1,2}[0-9][A-Za-z0-9]? ?[0-9][A-Za-z]{2}(?![A-Za-z0-9])/;
/** A word of at least two letters, e.g. a street's name. */
const wordPattern = /\p{L}{2,}/gu;

/**
 * An address we can find: a UK postcode, or a house number and a street ("12 High Street"), or a
 * house name and a street on separate parts ("Rose Cottage, Main Street").
 */
export function isFindableAddress(value: string): boolean {
  if (postcodePattern.test(value)) return true;
  const words = value.match(wordPattern) ?? [];
  if (/[0-9]/.test(value) && words.length >= 1) return true;
  const parts = value.split(/[,\n]/).filter((part) => (part.match(wordPattern) ?? []).length > 0);
  return parts.length >= 2 && words.length >= 3;
}

/** UK-friendly phone check: digits with optional spaces, brackets, dashes and a leading +; 10-15 digits. */
const phonePattern = /^\+?[0-9\s()-]+$/;
export const isPhoneNumber = (value: string): boolean =>
  phonePattern.test(value) && /^\d{10,15}$/.test(value.replace(/\D/g, ""));

/** The shape of an e-mail address the browser's own `type="email"` check accepts, plus a dot. */
const emailPattern = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[A-Za-z0-9-]{2,}$/;
export const looksLikeEmail = (value: string): boolean => emailPattern.test(value);

export const messages = {
  name: {
    required: "Please enter your name.",
    tooLong: `Please keep your name under ${limits.name} characters.`,
    letters: "Please use only letters, spaces, hyphens and apostrophes in your name.",
  },
  email: {
    required: "Please enter your email address.",
    tooLong: `Please enter an email address of at most ${limits.email} characters.`,
    invalid: "Please enter a valid email address.",
  },
  phone: {
    required: "Please enter your phone number.",
    tooLong: `Please enter a phone number of at most ${limits.phone} characters.`,
    invalid: "Please enter a valid phone number, for example 07700 900123.",
  },
  message: {
    required: "Please enter your message.",
    tooLong: `Please keep your message under ${limits.message} characters.`,
  },
  jobDescription: {
    required: "Please describe the job you need help with.",
    tooLong: `Please keep the job description under ${limits.message} characters.`,
  },
  address: {
    required: "Please enter your address.",
    tooLong: `Please keep the address under ${limits.address} characters.`,
    findable:
      "Please enter your house number or name and street, or your postcode (for example 12 High Street, KY1 1AB).",
  },
  service: { required: "Please select a service." },
  preferredOptions: { required: "Please choose at least one date and time that suits you." },
  review: {
    nameShort: "Name must be at least 2 characters.",
    nameLong: `Name must be at most ${limits.name} characters.`,
    locationShort: "Location must be at least 2 characters.",
    locationLong: `Location must be at most ${limits.location} characters.`,
    textShort: "Review must be at least 10 characters.",
    textLong: `Review must be at most ${limits.reviewText} characters.`,
    rating: "Please choose a rating from 1 to 5 stars.",
  },
} as const;
