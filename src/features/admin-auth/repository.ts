/**
 * admin_sessions table (SQL in, plain objects out; the database handle last, default `getDb()`). Only the SHA-256 of a session token is ever stored;
 * the token itself lives in the owner's cookie and nowhere else.
 */
import { and, eq, gt, isNull, lt, ne, or, sql } from "../../platform/db/orm";
import { getDb, type Db } from "../../platform/db/client";
import { adminSessions } from "../tables";

export interface AdminSessionRow {
  id: number;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
}

const columns = {
  id: adminSessions.id,
  createdAt: adminSessions.createdAt,
  lastSeenAt: adminSessions.lastSeenAt,
  expiresAt: adminSessions.expiresAt,
};

export async function insertSession(
  input: {
    tokenHash: string;
    now: Date;
    expiresAt: Date;
  },
  db: Db = getDb(),
): Promise<AdminSessionRow> {
  const [row] = await db
    .insert(adminSessions)
    .values({
      tokenHash: input.tokenHash,
      createdAt: input.now,
      lastSeenAt: input.now,
      expiresAt: input.expiresAt,
    })
    .returning(columns);
  if (!row) throw new Error("Inserting an admin session returned no row.");
  return row;
}

/** The live session with this token hash: not revoked, not past its absolute or idle expiry. */
export async function findLiveSession(
  tokenHash: string,
  now: Date,
  idleSince: Date,
  db: Db = getDb(),
): Promise<AdminSessionRow | undefined> {
  const [row] = await db
    .select(columns)
    .from(adminSessions)
    .where(
      and(
        eq(adminSessions.tokenHash, tokenHash),
        isNull(adminSessions.revokedAt),
        gt(adminSessions.expiresAt, now),
        gt(adminSessions.lastSeenAt, idleSince),
      ),
    )
    .limit(1);
  return row;
}

/** Records activity, at most once per `staleBefore` window so reads stay cheap. */
export async function touchSession(
  id: number,
  now: Date,
  staleBefore: Date,
  db: Db = getDb(),
): Promise<Date | undefined> {
  const [row] = await db
    .update(adminSessions)
    .set({ lastSeenAt: now })
    .where(and(eq(adminSessions.id, id), lt(adminSessions.lastSeenAt, staleBefore)))
    .returning({ lastSeenAt: adminSessions.lastSeenAt });
  return row?.lastSeenAt;
}

export async function revokeSession(id: number, now: Date, db: Db = getDb()): Promise<void> {
  await db
    .update(adminSessions)
    .set({ revokedAt: now })
    .where(and(eq(adminSessions.id, id), isNull(adminSessions.revokedAt)));
}

/** Revokes the live session with this token hash, if any (a device signing in again). */
export async function revokeByTokenHash(tokenHash: string, now: Date, db: Db = getDb()): Promise<void> {
  await db
    .update(adminSessions)
    .set({ revokedAt: now })
    .where(and(eq(adminSessions.tokenHash, tokenHash), isNull(adminSessions.revokedAt)));
}

/** Revokes every live session except `keepId`; returns how many were revoked. */
export async function revokeOtherSessions(keepId: number, now: Date, db: Db = getDb()): Promise<number> {
  const rows = await db
    .update(adminSessions)
    .set({ revokedAt: now })
    .where(and(ne(adminSessions.id, keepId), isNull(adminSessions.revokedAt)))
    .returning({ id: adminSessions.id });
  return rows.length;
}

/** Revokes every live session (used when the password is set from the command line). */
export async function revokeAllSessions(now: Date, db: Db = getDb()): Promise<number> {
  const rows = await db
    .update(adminSessions)
    .set({ revokedAt: now })
    .where(isNull(adminSessions.revokedAt))
    .returning({ id: adminSessions.id });
  return rows.length;
}

/** Deletes sessions that ended (expired or revoked) before `cutoff`; returns how many. */
export async function deleteEndedSessions(cutoff: Date, db: Db = getDb()): Promise<number> {
  const rows = await db
    .delete(adminSessions)
    .where(
      or(
        lt(adminSessions.expiresAt, cutoff),
        and(sql`${adminSessions.revokedAt} is not null`, lt(adminSessions.revokedAt, cutoff)),
      ),
    )
    .returning({ id: adminSessions.id });
  return rows.length;
}
