/**
 * The business's own details inside an e-mail (phone, e-mail, trading address, bank account): the
 * ones in force when the e-mail is queued, never the config's first values nor a draft. A composer
 * writes the placeholders of `businessFact` where a detail goes (`call us on ${businessFact.phone}`),
 * as it does for the private link; the outbox's `enqueue` (./service-enqueue.ts) fills them with the
 * business feature's `businessFactValues`, the same values a function answer gets at the HTTP edge:
 * the public facts the live website states, the bank account saved now
 * (docs/decisions/071-published-facts-everywhere.md). The text and subject get the value as it is;
 * the HTML gets it escaped.
 */
import { businessFact, hasBusinessFact, type BusinessFactValues } from "../../lib/business-facts";
import type { OutgoingMessage } from "./kinds";

/** Written where a detail goes until the message is queued (shared with the HTTP edge: src/lib/business-facts.ts). */
export { businessFact };
export type { BusinessFactValues };

/** Whether a message holds any placeholder of a business detail. */
export function hasBusinessFacts(m: OutgoingMessage): boolean {
  return hasBusinessFact(m.subject) || hasBusinessFact(m.text) || hasBusinessFact(m.html);
}
