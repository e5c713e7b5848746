/**
 * The business's own details inside an e-mail (phone, e-mail, trading address, bank account): the
 * ones in force when the e-mail is queued, never the config's first values. A composer writes the
 * placeholders of `businessFact` where a detail goes (`call us on ${businessFact.phone}`), as it does
 * for the private link; the outbox's `enqueue` (./service-enqueue.ts) fills them from the business
 * details read in the same transaction, so every e-mail, whoever composes it, states the details
 * the owner saved last. The text and subject get the value as it is; the HTML gets it escaped.
 */
import type { BusinessSettings } from "../business/contract/identity";
import { addressOneLine, telHref } from "../business/contract/public-facts";
import { businessFact, type BusinessFactValues } from "../../lib/business-facts";
import type { OutgoingMessage } from "./kinds";

/** Written where a detail goes until the message is queued (shared with the HTTP edge: src/lib/business-facts.ts). */
export { businessFact };
export type { BusinessFactValues };

/** The values of the placeholders under these settings. */
export function businessFactValues(s: BusinessSettings): BusinessFactValues {
  return {
    phone: s.phone,
    phoneHref: telHref(s.phone),
    email: s.email,
    address: addressOneLine(s.address),
    accountName: s.bank.accountName,
    sortCode: s.bank.sortCode,
    accountNumber: s.bank.accountNumber,
  };
}

const placeholders = Object.entries(businessFact) as [keyof typeof businessFact, string][];

/** Whether a message holds any placeholder of a business detail. */
export function hasBusinessFacts(m: OutgoingMessage): boolean {
  return placeholders.some(([, p]) => m.text.includes(p) || m.html.includes(p) || m.subject.includes(p));
}
