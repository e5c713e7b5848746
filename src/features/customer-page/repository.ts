/**
 * customer_links table: the private links to a request's page (docs/decisions/019-customer-page.md).
 * Only token hashes are stored; rows are written with the e-mail that carries them
 * (./mail-outbox.ts `enqueue`). SQL in, plain objects out; the database handle comes last.
 *
 *   findByHash(hash)            the link with this token hash, or null
 *   listForRequest(id)          what the admin is shown: when, and in which e-mail (never a token)
 */
import { desc, eq } from "../../platform/db/orm";
import { getDb, type Db } from "../../platform/db/client";
import { customerLinks, mailOutbox } from "../tables";

export interface StoredLink {
  submissionId: number;
  tokenHash: string;
}

export async function findByHash(hash: string, db: Db = getDb()): Promise<StoredLink | null> {
  const [row] = await db
    .select({ submissionId: customerLinks.submissionId, tokenHash: customerLinks.tokenHash })
    .from(customerLinks)
    .where(eq(customerLinks.tokenHash, hash))
    .limit(1);
  return row ?? null;
}

export interface SentLink {
  id: number;
  createdAt: Date;
  mailKind: string | null;
  mailSubject: string | null;
  mailStatus: "pending" | "sent" | "failed" | null;
  mailSentAt: Date | null;
}

/** Newest first. */
export async function listForRequest(submissionId: number, db: Db = getDb()): Promise<SentLink[]> {
  const rows = await db
    .select({
      id: customerLinks.id,
      createdAt: customerLinks.createdAt,
      mailKind: mailOutbox.kind,
      mailSubject: mailOutbox.subject,
      mailStatus: mailOutbox.status,
      mailSentAt: mailOutbox.sentAt,
    })
    .from(customerLinks)
    .leftJoin(mailOutbox, eq(mailOutbox.id, customerLinks.mailId))
    .where(eq(customerLinks.submissionId, submissionId))
    .orderBy(desc(customerLinks.id));
  return rows.map((r) => ({ ...r, mailStatus: r.mailStatus as SentLink["mailStatus"] }));
}
