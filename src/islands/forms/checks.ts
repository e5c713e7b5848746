/**
 * The public forms' checks in the browser: the same rules and messages as the server's zod schemas
 * (src/lib/form-fields/field-rules.ts), as plain functions, so the form pages load no zod. The server
 * re-checks everything and its per-field answer is shown the same way
 * (docs/decisions/025-light-forms.md); tests/unit/islands-checks.test.ts keeps the two in step.
 */
import {
  charLength,
  containsLink,
  isFindableAddress,
  isPersonName,
  isPhoneNumber,
  isStorableText,
  looksLikeEmail,
  messages,
  noLinkMessages,
  unsupportedCharactersMessage,
} from "../../lib/form-fields/field-rules";
import { limits } from "../../lib/form-fields/limits";

export type FormValues = Readonly<Record<string, string | undefined>>;
/** The first problem with each field, keyed by the field's name. */
export type FieldErrors = Record<string, string>;

/** One rule: the message when the trimmed value breaks it. */
type Rule = readonly [(value: string) => boolean, string];

function firstBroken(value: string, rules: readonly Rule[]): string | undefined {
  return rules.find(([ok]) => !ok(value))?.[1];
}

const filled = (v: string) => v.length > 0;
const atMost = (max: number) => (v: string) => charLength(v) <= max;
const atLeast = (min: number) => (v: string) => charLength(v) >= min;

function requiredText(required: string, max: number, tooLong: string, ...more: Rule[]): Rule[] {
  return [
    [filled, required],
    [atMost(max), tooLong],
    [isStorableText, unsupportedCharactersMessage],
    ...more,
  ];
}

const contactRules: Record<string, readonly Rule[]> = {
  name: requiredText(
    messages.name.required,
    limits.name,
    messages.name.tooLong,
    [(v) => !containsLink(v), noLinkMessages.name],
    [isPersonName, messages.name.letters],
  ),
  email: [
    [filled, messages.email.required],
    [atMost(limits.email), messages.email.tooLong],
    [looksLikeEmail, messages.email.invalid],
  ],
  phone: [
    [filled, messages.phone.required],
    [atMost(limits.phone), messages.phone.tooLong],
    [isPhoneNumber, messages.phone.invalid],
  ],
  message: requiredText(messages.message.required, limits.message, messages.message.tooLong),
};

const bookingRules: Record<string, readonly Rule[]> = {
  ...contactRules,
  address: requiredText(messages.address.required, limits.address, messages.address.tooLong, [
    isFindableAddress,
    messages.address.findable,
  ]),
  // The list holds only the published services; the server checks the choice is still offered.
  service: [[filled, messages.service.required]],
  message: requiredText(messages.jobDescription.required, limits.message, messages.jobDescription.tooLong),
};

const reviewRules: Record<string, readonly Rule[]> = {
  name: [
    [atLeast(2), messages.review.nameShort],
    [atMost(limits.name), messages.review.nameLong],
    [isStorableText, unsupportedCharactersMessage],
    [(v) => !containsLink(v), noLinkMessages.name],
  ],
  location: [
    [atLeast(2), messages.review.locationShort],
    [atMost(limits.location), messages.review.locationLong],
    [isStorableText, unsupportedCharactersMessage],
    [(v) => !containsLink(v), noLinkMessages.location],
  ],
  text: [
    [atLeast(10), messages.review.textShort],
    [atMost(limits.reviewText), messages.review.textLong],
    [isStorableText, unsupportedCharactersMessage],
  ],
  rating: [[(v) => /^[1-5]$/.test(v), messages.review.rating]],
};

function check(rules: Record<string, readonly Rule[]>, values: FormValues): FieldErrors {
  const errors: FieldErrors = {};
  for (const [name, fieldRules] of Object.entries(rules)) {
    const message = firstBroken((values[name] ?? "").trim(), fieldRules);
    if (message) errors[name] = message;
  }
  return errors;
}

export const checkContact = (values: FormValues): FieldErrors => check(contactRules, values);

/** The booking fields, plus at least one preferred date (whether it is bookable is the server's call). */
export function checkBooking(values: FormValues): FieldErrors {
  const errors = check(bookingRules, values);
  if (![1, 2, 3].some((n) => (values[`option${n}Date`] ?? "").trim() !== ""))
    errors["option1Date"] = messages.preferredOptions.required;
  return errors;
}

export const checkReview = (values: FormValues): FieldErrors => check(reviewRules, values);
