/**
 * Placeholders for the business's own details (phone, e-mail, trading address, bank account),
 * written where a detail goes in any text a customer reads: an e-mail, a function's JSON message
 * or HTML page. They are filled with the details the owner saved last, once, where the text
 * leaves: the outbox's `enqueue` for an e-mail (src/features/mail/service-enqueue.ts), the HTTP
 * edge for a function's answer (src/platform/http/business-facts.ts). So no text states the
 * config's first values once the owner has changed them (docs/decisions/070-business-facts-at-the-edge.md).
 */
export const businessFact = {
  phone: "__business_phone__",
  /** The phone as a `tel:` link target ("tel:+44…"). */
  phoneHref: "__business_phone_href__",
  email: "__business_email__",
  address: "__business_address__",
  accountName: "__bank_account_name__",
  sortCode: "__bank_sort_code__",
  accountNumber: "__bank_account_number__",
} as const;

export type BusinessFactValues = Record<keyof typeof businessFact, string>;

const placeholders = Object.entries(businessFact) as [keyof typeof businessFact, string][];

/** Whether a text holds any placeholder. */
export function hasBusinessFact(text: string): boolean {
  return placeholders.some(([, p]) => text.includes(p));
}

/** The text with every placeholder replaced by its value, encoded for where it goes. */
export function fillBusinessFactText(
  text: string,
  values: BusinessFactValues,
  encode: (value: string) => string,
): string {
  return placeholders.reduce((out, [key, p]) => out.replaceAll(p, encode(values[key])), text);
}
