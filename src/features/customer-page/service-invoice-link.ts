/**
 * The invoice-only page (docs/decisions/053-invoice-links.md): what a payer at another address than
 * the request's own gets instead of the request's page. It shows one issued invoice (or credit note):
 * its number, amounts, PDF and how to pay, with the card Pay button when card payments are on; and
 * nothing of the request (no name beyond the invoice's bill-to, no phone, no access notes, no
 * actions, no history).
 *
 *   invoiceForToken(token)             the invoice the link opens, or NotFound (the same for every "no")
 *   invoiceLinkView(token)             what the page shows
 *   payFromInvoiceLink(token, id)      the Pay button: the address of Stripe's Checkout
 *
 * A link works while it is not revoked (the owner's "Revoke links" on the request stops it) and has
 * been used within the customer links' idle days, like a request's link.
 */
import { timingSafeEqual } from "node:crypto";
import type { ServiceContext } from "../../platform/context";
import { NotFound, RateLimited } from "../../platform/domain-errors";
import { mailEnv } from "../../platform/env";
import { hashToken, invoicePagePath, invoicePageUrl, tokenPattern } from "../mail";
import type { CustomerInvoices } from "../invoices/contract/customer";
import * as invoicesRepo from "../invoices";
import type { InvoiceRecord } from "../invoices";
import { invoiceForLinkPage } from "../invoices";
import { cardPaymentsOn, checkoutOrigin, startCheckout } from "../payments";
import { hitRateLimit, type RateLimitRule } from "../rate-limits";
import * as links from "./repository-invoice-links";
import { linkIsLive } from "./service";

const notFound = () => new NotFound("This link does not work.");
const dummyHash = Buffer.from(hashToken("not a token"), "hex");

/**
 * The issued invoice a link opens, or NotFound. Every "no" (wrong, malformed, revoked or idle
 * token, a deleted invoice) does the same work as a "yes": hash, read by the hash, compare in
 * constant time, read the invoice.
 */
export async function invoiceForToken(token: string, ctx: ServiceContext): Promise<InvoiceRecord> {
  const wellFormed = tokenPattern.test(token);
  const candidate = Buffer.from(hashToken(wellFormed ? token : `malformed:${token.slice(0, 100)}`), "hex");
  const row = await links.findByHash(candidate.toString("hex"), ctx.db);
  const same = timingSafeEqual(row ? Buffer.from(row.tokenHash, "hex") : dummyHash, candidate);
  const found = wellFormed && same && row !== null && linkIsLive(row, ctx.now);
  const record = await invoicesRepo.findInvoice(found ? row.invoiceId : 0, ctx.db);
  if (!found || !record || record.number === null) throw notFound();
  await links.markUsed(row.id, ctx.now, ctx.db);
  return record;
}

export const invoicePdfPathFor = (token: string) => `${invoicePagePath}/${token}/invoice.pdf`;

export interface InvoiceLinkView {
  /** The invoice's own bill-to name: the only name on the page. */
  billTo: string;
  number: string;
  invoices: CustomerInvoices;
  cardPayments: boolean;
  checkoutOrigin: string | null;
}

export async function invoiceLinkView(token: string, ctx: ServiceContext): Promise<InvoiceLinkView> {
  const record = await invoiceForToken(token, ctx);
  const { invoices, billTo } = await invoiceForLinkPage(record, invoicePdfPathFor(token), ctx);
  return {
    billTo,
    number: record.number!,
    invoices,
    cardPayments: cardPaymentsOn(),
    checkoutOrigin: checkoutOrigin(),
  };
}

/** Pay presses per invoice an hour through its invoice-only links. */
export const invoicePayRule: RateLimitRule = { name: "invoice-link-pay", limit: 20, windowMs: 60 * 60_000 };

/** The Pay button: only for the invoice this link opens (`InvoiceAccess` kind "invoice"). */
export async function payFromInvoiceLink(
  token: string,
  invoiceId: number,
  ctx: ServiceContext,
): Promise<string> {
  const record = await invoiceForToken(token, ctx);
  const hit = await hitRateLimit(invoicePayRule, String(record.id), { now: ctx.now.getTime(), db: ctx.db });
  if (!hit.allowed) {
    throw new RateLimited(hit.retryAfterSeconds, "Too many payment attempts on this invoice just now.");
  }
  const returnUrl = invoicePageUrl(mailEnv().SITE_URL, token);
  const { url } = await startCheckout(
    { invoiceId, access: { kind: "invoice", invoiceId: record.id }, returnUrl },
    ctx,
  );
  return url;
}
