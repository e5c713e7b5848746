/**
 * Signing in and changing the password, with the brute-force defences (ARCHITECTURE.md, Admin
 * security; docs/decisions/006-admin-security.md):
 * - failed sign-ins are counted per client in Postgres; once a client has failed
 *   `loginRules.failures.limit` times in the window, every attempt is refused with 429 and
 *   Retry-After before the password is even looked at, so guessing right later does not help;
 * - every attempt, failed or not, also counts against a looser limit that caps the hashing work
 *   one client can cause;
 * - each failure is answered more slowly than the one before (100 ms doubling to 2 s);
 * - argon2id makes every guess cost real CPU and memory.
 * Successful sign-ins never lock the owner out.
 */
import type { AdminSessionInfo } from "../../lib/schemas/admin";
import { adminMessages } from "../../lib/schemas/admin";
import { and, eq } from "drizzle-orm";
import { getDb } from "../db/client";
import { rateLimits } from "../db/schema";
import { ApiError, tooManyRequests, validationFailed } from "../http/errors";
import { enforceRateLimit, hitRateLimit, type RateLimitRule } from "./rate-limit";
import { changeAdminPassword, checkAdminPassword, createSession, type AdminSession } from "./admin-auth";

export const loginRules = {
  /** Ten failed sign-ins per client per 15 minutes, then 429 until the window ends. */
  failures: { name: "admin-login-failed", limit: 10, windowMs: 15 * 60 * 1000 },
  /** Thirty sign-in attempts of any outcome per client per 15 minutes. */
  attempts: { name: "admin-login", limit: 30, windowMs: 15 * 60 * 1000 },
  /** Ten password-change attempts per client per 15 minutes (the current password is checked). */
  passwordChange: { name: "admin-password", limit: 10, windowMs: 15 * 60 * 1000 },
} as const satisfies Record<string, RateLimitRule>;

export const failureDelay = { baseMs: 100, maxMs: 2000 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The slowdown for the nth attempt in the window that failed. */
export function failureDelayMs(attempt: number): number {
  return Math.min(failureDelay.maxMs, failureDelay.baseMs * 2 ** Math.max(0, attempt - 1));
}

/**
 * Hits so far in the rule's current window, without counting one. Same bucket and window
 * arithmetic as ./rate-limit.ts (`${name}:${key}`, windows aligned to multiples of windowMs).
 */
async function peekRateLimit(rule: RateLimitRule, key: string, now = Date.now()) {
  const windowStart = Math.floor(now / rule.windowMs) * rule.windowMs;
  const [row] = await getDb()
    .select({ hits: rateLimits.hits })
    .from(rateLimits)
    .where(and(eq(rateLimits.bucket, `${rule.name}:${key}`), eq(rateLimits.windowStart, windowStart)))
    .limit(1);
  return {
    hits: row?.hits ?? 0,
    retryAfterSeconds: Math.max(1, Math.ceil((windowStart + rule.windowMs - now) / 1000)),
  };
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
  const failed = await peekRateLimit(loginRules.failures, client);
  if (failed.hits >= loginRules.failures.limit) throw tooManyRequests(failed.retryAfterSeconds);
  await enforceRateLimit(loginRules.attempts, client);
  const check = await checkAdminPassword(password);
  if (check === "not_set") throw notSet();
  if (check === "invalid") {
    const failure = await hitRateLimit(loginRules.failures, client);
    await sleep(failureDelayMs(failure.hits));
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
