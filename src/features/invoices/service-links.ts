/**
 * Which private link an invoice's e-mail carries (docs/decisions/053-invoice-links.md). A link only
 * reaches the person it belongs to: the request's page (name, phone, access notes, its actions) only
 * when the e-mail goes to the request's own address; a payer at another address (a landlord paying
 * for a tenant's job) gets an invoice-only link instead. A reminder never makes a link: it points to
 * the one sent, while that is not revoked, or carries none (and the owner is told). A direct
 * invoice (no request) has no request's page, so its e-mail carries an invoice-only link, like a
 * payer's (docs/decisions/063-schedule-at-a-busy-years-size.md).
 */
import type { Db } from "../../platform/db/client";
import * as workflow from "../requests";
import * as links from "./repository-links";
import type { MailLink } from "./mail";

interface Addressed {
  id: number;
  submissionId: number | null;
  customerEmail: string | null;
}

const sameAddress = (a: string | null | undefined, b: string | null | undefined) =>
  !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase();

/** Whether the invoice goes to its request's own e-mail address (false without a request). */
async function toRequestAddress(r: Addressed, db: Db): Promise<boolean> {
  if (r.submissionId === null) return false;
  const [request] = await workflow.findMany([r.submissionId], db);
  return sameAddress(request?.email, r.customerEmail);
}

/** The invoice (or credit note) e-mail: the request's page, or an invoice-only link. */
export async function sentInvoiceLink(r: Addressed, db: Db): Promise<MailLink> {
  return (await toRequestAddress(r, db)) ? "request" : "invoice";
}

/** A receipt or a correction: the request's page for the request's own address, else no link. */
export async function followUpLink(r: Addressed, db: Db): Promise<MailLink> {
  return (await toRequestAddress(r, db)) ? "request" : "none";
}

/**
 * A reminder: "earlier" (a pointer to the link already sent) while that link is not revoked, else
 * "none"; `revoked` when there was a link and the owner revoked it (he is told it went without one).
 */
export async function reminderLink(
  r: Addressed,
  db: Db,
): Promise<{ link: "earlier" | "none"; revoked: boolean }> {
  const state =
    r.submissionId !== null && (await toRequestAddress(r, db))
      ? await links.requestLinkState(r.submissionId, db)
      : await links.linkState(r.id, db);
  return state.live ? { link: "earlier", revoked: false } : { link: "none", revoked: state.any };
}
