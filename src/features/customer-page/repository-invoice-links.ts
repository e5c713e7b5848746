/**
 * invoice_links table: invoice-only links for a payer at another address than the request's
 * (docs/decisions/053-invoice-links.md). Only token hashes are stored; rows are written with the
 * e-mail that carries them (src/features/mail/repository.ts `enqueue`). SQL in, plain objects out;
 * the database handle comes last.
 *
 *   findByHash(hash)                  the link with this token hash, or null
 *   markUsed(id, at)                  the link opened its page: its idle time starts again
 *   revokeForRequests(ids, at)        every invoice link of these requests' invoices stops; how many
 *
 * Whether a reminder may point to a link already sent is the invoices' own read
 * (src/features/invoices/repository-links.ts): invoices sit below the page and cannot import it.
 */
import { and, eq, inArray, isNull } from "../../platform/db/orm";
import { getDb, type Db } from "../../platform/db/client";
import { invoiceLinks, invoices } from "../tables";
import type { StoredLink } from "./repository";

export type StoredInvoiceLink = Omit<StoredLink, "submissionId"> & { invoiceId: number };

export async function findByHash(hash: string, db: Db = getDb()): Promise<StoredInvoiceLink | null> {
  const [row] = await db
    .select({
      id: invoiceLinks.id,
      invoiceId: invoiceLinks.invoiceId,
      tokenHash: invoiceLinks.tokenHash,
      createdAt: invoiceLinks.createdAt,
      lastUsedAt: invoiceLinks.lastUsedAt,
      revokedAt: invoiceLinks.revokedAt,
    })
    .from(invoiceLinks)
    .where(eq(invoiceLinks.tokenHash, hash))
    .limit(1);
  return row ?? null;
}

export async function markUsed(id: number, at: Date, db: Db = getDb()): Promise<void> {
  await db.update(invoiceLinks).set({ lastUsedAt: at }).where(eq(invoiceLinks.id, id));
}

export async function revokeForRequests(
  requestIds: readonly number[],
  at: Date,
  db: Db = getDb(),
): Promise<number> {
  if (requestIds.length === 0) return 0;
  const ofRequests = db
    .select({ id: invoices.id })
    .from(invoices)
    .where(inArray(invoices.submissionId, [...requestIds]));
  const rows = await db
    .update(invoiceLinks)
    .set({ revokedAt: at })
    .where(and(inArray(invoiceLinks.invoiceId, ofRequests), isNull(invoiceLinks.revokedAt)))
    .returning({ id: invoiceLinks.id });
  return rows.length;
}
