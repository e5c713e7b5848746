/**
 * Signing in and changing the password, with the brute-force defences
 * (docs/decisions/006-admin-security.md):
 * - failed sign-ins are counted per client in Postgres; once a client has failed
 *   `loginRules.failures.limit` times in the window, every attempt is refused (RateLimited) before
 *   the password is even looked at, so guessing right later does not help;
 * - every attempt, failed or not, also counts against a looser limit that caps the hashing work
 *   one client can cause;
 * - each failure is answered more slowly than the one before (100 ms doubling to 2 s);
 * - argon2id makes every guess cost real CPU and memory.
 * Successful sign-ins never lock the owner out.
 */
import type { AdminSessionInfo } from "../../lib/contracts/admin";
import { adminMessages, type AdminPasswordChange } from "../../lib/schemas/admin";
import { changeAdminPassword, checkAdminPassword, createSession, type AdminSession } from "./admin-auth";
import { serviceContext, type ServiceContext } from "./context";
import { Invalid, NotConfigured, RateLimited, Unauthenticated } from "./errors";
import { enforceRateLimit, hitRateLimit, peekRateLimit, type RateLimitRule } from "./rate-limit";

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

const notSet = () =>
  new NotConfigured(
    "The admin password has not been set yet. Run `npm run admin:set-password` to set it.",
    "admin_password_not_set",
  );

export function sessionInfo(session: AdminSession): AdminSessionInfo {
  return {
    authenticated: true,
    createdAt: session.createdAt.toISOString(),
    expiresAt: session.expiresAt.toISOString(),
    idleExpiresAt: session.idleExpiresAt.toISOString(),
  };
}

/**
 * Checks the password and opens a session. Throws RateLimited, Unauthenticated
 * ("invalid_password") or NotConfigured (no password stored).
 */
export async function login(
  password: string,
  ctx: ServiceContext = serviceContext(),
): Promise<{ token: string; session: AdminSession }> {
  const limits = { now: ctx.now.getTime(), db: ctx.db };
  const failed = await peekRateLimit(loginRules.failures, ctx.client, limits);
  if (failed.hits >= loginRules.failures.limit) throw new RateLimited(failed.retryAfterSeconds);
  await enforceRateLimit(loginRules.attempts, ctx.client, limits);
  const check = await checkAdminPassword(password);
  if (check === "not_set") throw notSet();
  if (check === "invalid") {
    const failure = await hitRateLimit(loginRules.failures, ctx.client, limits);
    await sleep(failureDelayMs(failure.hits));
    throw new Unauthenticated(adminMessages.invalidPassword, "invalid_password");
  }
  return createSession(ctx.now);
}

/** Changes the password for a signed-in admin; every other session is revoked. */
export async function changePassword(
  session: AdminSession,
  input: Pick<AdminPasswordChange, "currentPassword" | "newPassword">,
  ctx: ServiceContext = serviceContext(),
): Promise<void> {
  const attempt = await enforceRateLimit(loginRules.passwordChange, ctx.client, {
    now: ctx.now.getTime(),
    db: ctx.db,
  });
  const result = await changeAdminPassword(session.id, input.currentPassword, input.newPassword, ctx.now);
  if (result === "not_set") throw notSet();
  if (result === "current_incorrect") {
    await sleep(failureDelayMs(attempt.hits));
    throw new Invalid(adminMessages.currentIncorrect, {
      fields: { currentPassword: adminMessages.currentIncorrect },
    });
  }
}
