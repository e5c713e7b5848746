/**
 * Admin authentication (docs/decisions/006-admin-security.md).
 *
 * - The password is stored only as an argon2id hash in admin_settings; it is compared here, on the
 *   server, and never sent anywhere.
 * - A session is an opaque 256-bit random token. The browser keeps it in an HttpOnly cookie; the
 *   database keeps only its SHA-256, so a leaked table grants nothing.
 * - A session ends after `idleMs` without a request, or `absoluteMs` after sign-in, whichever is
 *   first, or when revoked (logout, password change, `npm run admin:set-password`).
 */
import { hash, verify } from "@node-rs/argon2";
import { createHash, randomBytes } from "node:crypto";
import * as sessions from "./repository";
import { getSetting, upsertSetting } from "./repository-settings";

/** The admin_settings key that holds the argon2id hash (never a plain password). */
export const passwordHashKey = "admin_password_hash";

export const sessionPolicy = {
  /** Signed out after an hour without activity. */
  idleMs: 60 * 60 * 1000,
  /** Signed out twelve hours after signing in, active or not. */
  absoluteMs: 12 * 60 * 60 * 1000,
  /** Activity is written back at most once a minute. */
  touchEveryMs: 60 * 1000,
  /** Ended sessions are deleted a week after they end (src/features/housekeeping/service.ts). */
  keepEndedMs: 7 * 24 * 60 * 60 * 1000,
} as const;

/**
 * argon2id with OWASP's first recommended setting (19 MiB, 2 passes, 1 lane). A check takes
 * 11-69 ms (p50 21 ms) on the 2-core project machine: cheap for one owner, expensive for anyone
 * guessing offline.
 * https://cheatsheetseries.owasp.org/cheatsheets/Password_Storage_Cheat_Sheet.html#argon2id
 */
const argonOptions = { memoryCost: 19_456, timeCost: 2, parallelism: 1, outputLen: 32 } as const;

export async function hashPassword(password: string): Promise<string> {
  // The package's default algorithm is argon2id (its Algorithm enum is a const enum that isolated
  // modules cannot reference); a test asserts the `$argon2id$` prefix.
  return hash(password, argonOptions);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return verify(passwordHash, password);
}

export type PasswordCheck = "ok" | "invalid" | "not_set";

/** Compares a password with the stored hash. */
export async function checkAdminPassword(password: string): Promise<PasswordCheck> {
  const stored = await getSetting(passwordHashKey);
  if (!stored) return "not_set";
  return (await verifyPassword(stored, password)) ? "ok" : "invalid";
}

export async function isAdminPasswordSet(): Promise<boolean> {
  return (await getSetting(passwordHashKey)) !== null;
}

/** Stores a new password hash. Callers decide which sessions to revoke. */
export async function storeAdminPassword(password: string): Promise<void> {
  await upsertSetting(passwordHashKey, await hashPassword(password));
}

// Sessions ---------------------------------------------------------------------------------------

export interface AdminSession {
  id: number;
  createdAt: Date;
  expiresAt: Date;
  /** When the session ends if no request arrives before then. */
  idleExpiresAt: Date;
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** Tokens are 43 characters of base64url; anything else is refused without a query. */
const tokenPattern = /^[A-Za-z0-9_-]{43}$/;

function toSession(row: sessions.AdminSessionRow, lastSeenAt: Date): AdminSession {
  const idle = new Date(lastSeenAt.getTime() + sessionPolicy.idleMs);
  return {
    id: row.id,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
    idleExpiresAt: idle < row.expiresAt ? idle : row.expiresAt,
  };
}

/** Starts a session; the returned token goes into the cookie and is not kept anywhere else. */
export async function createSession(now = new Date()): Promise<{ token: string; session: AdminSession }> {
  const token = randomBytes(32).toString("base64url");
  const row = await sessions.insertSession({
    tokenHash: hashToken(token),
    now,
    expiresAt: new Date(now.getTime() + sessionPolicy.absoluteMs),
  });
  return { token, session: toSession(row, row.lastSeenAt) };
}

/** The live session for a cookie token, with its activity recorded; undefined when none. */
export async function resolveSession(
  token: string | undefined,
  now = new Date(),
): Promise<AdminSession | undefined> {
  if (!token || !tokenPattern.test(token)) return undefined;
  const row = await sessions.findLiveSession(
    hashToken(token),
    now,
    new Date(now.getTime() - sessionPolicy.idleMs),
  );
  if (!row) return undefined;
  // Activity is written at most once per `touchEveryMs`: a session seen since then needs no second
  // round trip (the update would match nothing), which spares every admin call one statement.
  const staleBefore = new Date(now.getTime() - sessionPolicy.touchEveryMs);
  if (row.lastSeenAt >= staleBefore) return toSession(row, row.lastSeenAt);
  const touched = await sessions.touchSession(row.id, now, staleBefore);
  return toSession(row, touched ?? row.lastSeenAt);
}

export async function endSession(id: number, now = new Date()): Promise<void> {
  await sessions.revokeSession(id, now);
}

/** Ends the session this token opened, if it is still live (the device is signing in afresh). */
export async function endSessionByToken(token: string | undefined, now = new Date()): Promise<void> {
  if (!token || !tokenPattern.test(token)) return;
  await sessions.revokeByTokenHash(hashToken(token), now);
}

export async function endAllSessions(now = new Date()): Promise<number> {
  return sessions.revokeAllSessions(now);
}

// Password change --------------------------------------------------------------------------------

export type PasswordChangeResult = "changed" | "current_incorrect" | "not_set";

/**
 * Changes the password after checking the current one, then revokes every session, the one that
 * made the change included.
 */
export async function changeAdminPassword(
  currentPassword: string,
  newPassword: string,
  now = new Date(),
): Promise<PasswordChangeResult> {
  const check = await checkAdminPassword(currentPassword);
  if (check !== "ok") return check === "invalid" ? "current_incorrect" : "not_set";
  await storeAdminPassword(newPassword);
  // Every session ends, the one that made the change too: the caller opens a fresh one for this
  // device, so no token issued before the change still works.
  await endAllSessions(now);
  return "changed";
}

// Local development ------------------------------------------------------------------------------

/**
 * A new random admin password for a local database: 20 base64url characters (120 bits), never a
 * fixed string, so no two data folders share one and no document can name it
 * (docs/decisions/043-security-by-default.md). Production has no default: `npm run admin:set-password`.
 */
export function newLocalAdminPassword(): string {
  return randomBytes(15).toString("base64url");
}

/**
 * Stores a new random password when none is stored. Returns it (to keep beside the data folder and
 * print), or null when the database already had one.
 */
export async function seedLocalAdminPassword(): Promise<string | null> {
  if (await isAdminPasswordSet()) return null;
  const password = newLocalAdminPassword();
  await storeAdminPassword(password);
  return password;
}
