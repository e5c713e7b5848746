/**
 * A request may have no e-mail address: a job the owner took by phone or at the door. Every path
 * that writes to the customer checks first. Automatic e-mails (appointment changes, reminders,
 * follow-ups) are skipped; an action whose whole point is an e-mail (sending a quote, an invoice or
 * the private link) is refused with 409 `no_email`.
 */
import { Conflict } from "../../platform/domain-errors";

/** A request the customer can be e-mailed about. */
export type MailableRequest<T extends { email: string | null }> = T & { email: string };

export const hasEmail = <T extends { email: string | null }>(r: T): r is MailableRequest<T> =>
  Boolean(r.email);

/** The refusal of an action that must e-mail the customer. */
export const noEmail = (what: string) =>
  new Conflict(`This customer has no e-mail address, so ${what} cannot be e-mailed to them.`, "no_email");

/**
 * The request as an e-mail to its customer needs it, or the `noEmail` refusal. Use it where an
 * address is certain (a customer who came through an e-mailed link) or where refusing is right.
 */
export function mailable<T extends { email: string | null }>(r: T, what = "this"): MailableRequest<T> {
  if (!hasEmail(r)) throw noEmail(what);
  return r;
}
