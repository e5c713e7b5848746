/**
 * Whether an invoice's reminder may point to a private link already sent
 * (docs/decisions/053-invoice-links.md): was a link ever made, and is one still not revoked. The
 * links are the customer page's tables (invoice_links, customer_links), read here through the
 * schema (src/features/tables.ts): the page sits above invoices, which may not import it
 * (docs/decisions/073-no-feature-imports-a-higher-one.md).
 *
 *   linkState(invoiceId)              the invoice's own invoice-only links
 *   requestLinkState(requestId)       the request's page links
 */
import { eq } from "../../platform/db/orm";
import { getDb, type Db } from "../../platform/db/client";
import { customerLinks, invoiceLinks } from "../tables";

/** What a reminder needs to know: was a link ever made, and is one still not revoked. */
export interface LinkState {
  any: boolean;
  live: boolean;
}

export async function linkState(invoiceId: number, db: Db = getDb()): Promise<LinkState> {
  const rows = await db
    .select({ revokedAt: invoiceLinks.revokedAt })
    .from(invoiceLinks)
    .where(eq(invoiceLinks.invoiceId, invoiceId));
  return { any: rows.length > 0, live: rows.some((r) => r.revokedAt === null) };
}

export async function requestLinkState(requestId: number, db: Db = getDb()): Promise<LinkState> {
  const rows = await db
    .select({ revokedAt: customerLinks.revokedAt })
    .from(customerLinks)
    .where(eq(customerLinks.submissionId, requestId));
  return { any: rows.length > 0, live: rows.some((r) => r.revokedAt === null) };
}
