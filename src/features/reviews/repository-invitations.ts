/**
 * review_invitations table: one-time links inviting a finished job's customer to review it
 * (docs/decisions/020-verified-reviews.md). Only the token's hash is stored. SQL in, plain objects
 * out; every function takes the database handle last (`Db`); it defaults to `getDb()`.
 *
 *   insert(row)                       a new invitation
 *   lockByTokenHash(hash)             the invitation with this token hash, row-locked (in a transaction)
 *   findByTokenHash(hash)             the same without a lock
 *   setMail(id, mailId)               the outbox row that carries its link
 *   markUsed(id, testimonialId, at)   spends it
 *   expireOpen(submissionId, at)      ends every unused, unexpired link of a request
 *   listForRequest(submissionId)   newest first, with whether its e-mail went out
 *   hasVerifiedReview(submissionId)   whether a review already came through one of its links
 */
import { and, desc, eq, gt, isNotNull, isNull, sql } from "../../platform/db/orm";
import { getDb, type Db } from "../../platform/db/client";
import { mailOutbox, reviewInvitations } from "../tables";

export type Invitation = typeof reviewInvitations.$inferSelect;
export type NewInvitation = typeof reviewInvitations.$inferInsert;

export async function insert(row: NewInvitation, db: Db = getDb()): Promise<Invitation> {
  const [inserted] = await db.insert(reviewInvitations).values(row).returning();
  if (!inserted) throw new Error("Invitation insert returned no row");
  return inserted;
}

export async function lockByTokenHash(hash: string, tx: Db): Promise<Invitation | null> {
  const rows = await tx
    .select()
    .from(reviewInvitations)
    .where(eq(reviewInvitations.tokenHash, hash))
    .for("update");
  return rows[0] ?? null;
}

export async function findByTokenHash(hash: string, db: Db = getDb()): Promise<Invitation | null> {
  const rows = await db
    .select()
    .from(reviewInvitations)
    .where(eq(reviewInvitations.tokenHash, hash))
    .limit(1);
  return rows[0] ?? null;
}

export async function markUsed(id: number, testimonialId: number, at: Date, db: Db = getDb()): Promise<void> {
  await db.update(reviewInvitations).set({ usedAt: at, testimonialId }).where(eq(reviewInvitations.id, id));
}

export async function expireOpen(requestId: number, at: Date, db: Db = getDb()): Promise<number> {
  const rows = await db
    .update(reviewInvitations)
    .set({ expiresAt: at })
    .where(
      and(
        eq(reviewInvitations.submissionId, requestId),
        isNull(reviewInvitations.usedAt),
        gt(reviewInvitations.expiresAt, at),
      ),
    )
    .returning({ id: reviewInvitations.id });
  return rows.length;
}

export async function setMail(id: number, mailId: number, db: Db = getDb()): Promise<void> {
  await db.update(reviewInvitations).set({ mailId }).where(eq(reviewInvitations.id, id));
}

export interface InvitationWithMail extends Invitation {
  mailStatus: "sent" | "pending" | "failed" | null;
}

export async function listForRequest(requestId: number, db: Db = getDb()): Promise<InvitationWithMail[]> {
  const rows = await db
    .select({ invitation: reviewInvitations, mailStatus: mailOutbox.status })
    .from(reviewInvitations)
    .leftJoin(mailOutbox, eq(mailOutbox.id, reviewInvitations.mailId))
    .where(eq(reviewInvitations.submissionId, requestId))
    .orderBy(desc(reviewInvitations.createdAt), desc(reviewInvitations.id));
  return rows.map((r) => ({
    ...r.invitation,
    mailStatus: (r.mailStatus ?? null) as InvitationWithMail["mailStatus"],
  }));
}

export async function hasVerifiedReview(requestId: number, db: Db = getDb()): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(reviewInvitations)
    .where(and(eq(reviewInvitations.submissionId, requestId), isNotNull(reviewInvitations.testimonialId)))
    .limit(1);
  return rows.length > 0;
}
