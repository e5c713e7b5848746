/**
 * Signing in and changing the password, with the brute-force defences (ARCHITECTURE.md, Admin
 * security; docs/decisions/006-admin-security.md):
 * - every attempt counts against a per-client limit in Postgres, checked before the password is
 *   even looked at, so the correct password does not help once the limit is reached (429 with
 *   Retry-After);
 * - each failed attempt is answered more slowly than the one before (100 ms doubling to 2 s);
 * - argon2id makes every guess cost real CPU and memory.
 */
import type { AdminSessionInfo } from "../../lib/schemas/admin";
import { adminMessages } from "../../lib/schemas/admin";
import { ApiError, validationFailed } from "../http/errors";
import { enforceRateLimit, type RateLimitRule } from "./rate-limit";
import { changeAdminPassword, checkAdminPassword, createSession, type AdminSession } from "./admin-auth";

export const loginRules = {
  /** Ten sign-in attempts per client per 15 minutes. */
  login: { name: "admin-login", limit: 10, windowMs: 15 * 60 * 1000 },
  /** Ten password-change attempts per client per 15 minutes (the current password is checked). */
  passwordChange: { name: "admin-password", limit: 10, windowMs: 15 * 60 * 1000 },
} as const satisfies Record<string, RateLimitRule>;

export const failureDelay = { baseMs: 100, maxMs: 2000 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The slowdown for the nth attempt in the window that failed. */
export function failureDelayMs(attempt: number): number {
  return Math.min(failureDelay.maxMs, failureDelay.baseMs * 2 ** Math.max(0, attempt - 1));
}

const notSet = () =>
  new ApiError(
    503,
    "admin_password_not_set",
    "The admin password has not been set yet. Run `npm run admin:set-password` to set it.",
  );

export function sessionInfo(session: AdminSession): AdminSessionInfo {
  return {
    authenticated: true,
    createdAt: session.createdAt.toISOString(),
    expiresAt: session.expiresAt.toISOString(),
    idleExpiresAt: session.idleExpiresAt.toISOString(),
  };
}

/** Checks the password and opens a session; throws 401, 429 or 503 (no password stored). */
export async function login(
  password: string,
  client: string,
): Promise<{ token: string; session: AdminSession }> {
  const attempt = await enforceRateLimit(loginRules.login, client);
  const check = await checkAdminPassword(password);
  if (check === "not_set") throw notSet();
  if (check === "invalid") {
    await sleep(failureDelayMs(attempt.hits));
    throw new ApiError(401, "invalid_password", adminMessages.invalidPassword);
  }
  return createSession();
}

/** Changes the password for a signed-in admin; other sessions are revoked. */
export async function changePassword(
  session: AdminSession,
  client: string,
  input: { currentPassword: string; newPassword: string },
): Promise<void> {
  const attempt = await enforceRateLimit(loginRules.passwordChange, client);
  const result = await changeAdminPassword(session.id, input.currentPassword, input.newPassword);
  if (result === "not_set") throw notSet();
  if (result === "current_incorrect") {
    await sleep(failureDelayMs(attempt.hits));
    throw validationFailed(
      { currentPassword: adminMessages.currentIncorrect },
      adminMessages.currentIncorrect,
    );
  }
}
