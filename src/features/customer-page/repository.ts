/**
 * customer_links table: the private links to a request's page (docs/decisions/019-customer-page.md).
 * Only token hashes are stored; rows are written with the e-mail that carries them
 * (./mail-outbox.ts `enqueue`). SQL in, plain objects out; the database handle comes last.
 *
 *   findByHash(hash)            the link with this token hash, or null
 *   markUsed(id, at)            the link opened the page: its idle time starts again
 *   revokeForRequests(ids, at)  every link of these requests stops working; returns how many
 *   listForRequest(id)          what the admin is shown: when, and in which e-mail (never a token)
 *   insertHandedOut(id, hash, at)  a link the owner hands over himself (a text): no e-mail carries it
 */
import { and, desc, eq, inArray, isNull } from "../../platform/db/orm";
import { getDb, type Db } from "../../platform/db/client";
import { customerLinks, mailOutbox } from "../tables";

export interface StoredLink {
  id: number;
  submissionId: number;
  tokenHash: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

export async function findByHash(hash: string, db: Db = getDb()): Promise<StoredLink | null> {
  const [row] = await db
    .select({
      id: customerLinks.id,
      submissionId: customerLinks.submissionId,
      tokenHash: customerLinks.tokenHash,
      createdAt: customerLinks.createdAt,
      lastUsedAt: customerLinks.lastUsedAt,
      revokedAt: customerLinks.revokedAt,
    })
    .from(customerLinks)
    .where(eq(customerLinks.tokenHash, hash))
    .limit(1);
  return row ?? null;
}

export async function markUsed(id: number, at: Date, db: Db = getDb()): Promise<void> {
  await db.update(customerLinks).set({ lastUsedAt: at }).where(eq(customerLinks.id, id));
}

export async function revokeForRequests(
  requestIds: readonly number[],
  at: Date,
  db: Db = getDb(),
): Promise<number> {
  if (requestIds.length === 0) return 0;
  const rows = await db
    .update(customerLinks)
    .set({ revokedAt: at })
    .where(and(inArray(customerLinks.submissionId, [...requestIds]), isNull(customerLinks.revokedAt)))
    .returning({ id: customerLinks.id });
  return rows.length;
}

export interface SentLink {
  id: number;
  createdAt: Date;
  mailKind: string | null;
  mailSubject: string | null;
  mailStatus: "pending" | "sent" | "failed" | null;
  mailSentAt: Date | null;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

/** Newest first. */
export async function listForRequest(requestId: number, db: Db = getDb()): Promise<SentLink[]> {
  const rows = await db
    .select({
      id: customerLinks.id,
      createdAt: customerLinks.createdAt,
      mailKind: mailOutbox.kind,
      mailSubject: mailOutbox.subject,
      mailStatus: mailOutbox.status,
      mailSentAt: mailOutbox.sentAt,
      lastUsedAt: customerLinks.lastUsedAt,
      revokedAt: customerLinks.revokedAt,
    })
    .from(customerLinks)
    .leftJoin(mailOutbox, eq(mailOutbox.id, customerLinks.mailId))
    .where(eq(customerLinks.submissionId, requestId))
    .orderBy(desc(customerLinks.id));
  return rows.map((r) => ({ ...r, mailStatus: r.mailStatus as SentLink["mailStatus"] }));
}

/** A link with no e-mail: the owner copies it into a text for a customer without an e-mail address. */
export async function insertHandedOut(
  submissionId: number,
  tokenHash: string,
  at: Date,
  db: Db = getDb(),
): Promise<void> {
  await db.insert(customerLinks).values({ submissionId, tokenHash, createdAt: at, mailId: null });
}
