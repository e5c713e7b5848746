/**
 * Signing in and changing the password, with the brute-force defences
 * (docs/decisions/006-admin-security.md, docs/decisions/015-security-hardening.md):
 * - every sign-in attempt is counted per client BEFORE the password is looked at, in one atomic
 *   upsert, so concurrent guesses cannot all slip in before the count catches up: once a client
 *   has `loginRules.failures.limit` attempts in the window, the rest are refused (RateLimited)
 *   unverified. A sign-in that succeeds gives its count back, so the owner's own sign-ins never
 *   count against them;
 * - every attempt, failed or not, also counts against a looser limit that caps the hashing work
 *   one client can cause;
 * - each failure is answered more slowly than the one before (100 ms doubling to 2 s);
 * - across all clients: once `loginRules.globalFailures.limit` sign-ins have failed within the
 *   hour, every sign-in is slowed by `underAttackDelayMs` and the owner gets one e-mail (at most
 *   one a day). Nothing global ever refuses a sign-in, so strangers cannot lock the owner out;
 * - argon2id makes every guess cost real CPU and memory.
 */
import type { AdminSessionInfo } from "./contract/endpoints";
import { adminMessages, type AdminPasswordChange } from "./contract/forms";
import { logEvent } from "../../platform/log";
import { deliverSoon, queueSignInAlert } from "../mail";
import {
  changeAdminPassword,
  checkAdminPassword,
  createSession,
  endSessionByToken,
  type AdminSession,
} from "./service";
import { inTransaction, serviceContext, type ServiceContext } from "../../platform/context";
import { Invalid, NotConfigured, RateLimited, Unauthenticated } from "../../platform/domain-errors";
import {
  enforceRateLimit,
  giveBackRateLimit,
  hitRateLimit,
  peekRateLimit,
  type RateLimitRule,
} from "../rate-limits";

export const loginRules = {
  /** Ten failed sign-ins per client per 15 minutes, then 429 until the window ends. */
  failures: { name: "admin-login-failed", limit: 10, windowMs: 15 * 60 * 1000 },
  /** Thirty sign-in attempts of any outcome per client per 15 minutes. */
  attempts: { name: "admin-login", limit: 30, windowMs: 15 * 60 * 1000 },
  /** Ten password-change attempts per client per 15 minutes (the current password is checked). */
  passwordChange: { name: "admin-password", limit: 10, windowMs: 15 * 60 * 1000 },
  /** Failed sign-ins from all clients together in an hour before every sign-in is slowed. */
  globalFailures: { name: "admin-login-failed-all", limit: 50, windowMs: 60 * 60 * 1000 },
  /** The owner's e-mail about it: at most one a day. */
  alert: { name: "admin-login-alert", limit: 1, windowMs: 24 * 60 * 60 * 1000 },
} as const satisfies Record<string, RateLimitRule>;

/** Added to every sign-in while the site is under a guessing attack (see `globalFailures`). */
export const underAttack = { delayMs: 3000 };

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
  /** The token this device already holds, if any: it is ended, so the device has one live token. */
  previousToken?: string,
): Promise<{ token: string; session: AdminSession }> {
  const limits = { now: ctx.now.getTime(), db: ctx.db };
  // Counted before anything is verified, each in one atomic statement.
  await enforceRateLimit(loginRules.attempts, ctx.client, limits);
  const attempt = await hitRateLimit(loginRules.failures, ctx.client, limits);
  if (!attempt.allowed) throw new RateLimited(attempt.retryAfterSeconds);
  const global = await peekRateLimit(loginRules.globalFailures, "all", limits);
  if (global.hits >= loginRules.globalFailures.limit) await sleep(underAttack.delayMs);
  const check = await checkAdminPassword(password);
  if (check === "not_set") throw notSet();
  if (check === "invalid") {
    await recordGlobalFailure(ctx);
    await sleep(failureDelayMs(attempt.hits));
    throw new Unauthenticated(adminMessages.invalidPassword, "invalid_password");
  }
  await giveBackRateLimit(loginRules.failures, ctx.client, limits);
  await endSessionByToken(previousToken, ctx.now);
  return createSession(ctx.now);
}

/**
 * Counts a failed sign-in across all clients. The request that takes the count to the limit (one
 * request exactly, the upsert being atomic) queues the owner's e-mail, if none went out today.
 */
async function recordGlobalFailure(ctx: ServiceContext): Promise<void> {
  const limits = { now: ctx.now.getTime(), db: ctx.db };
  const global = await hitRateLimit(loginRules.globalFailures, "all", limits);
  if (global.hits !== loginRules.globalFailures.limit) return;
  logEvent({ event: "admin.sign_in_under_attack", level: "warn", failures: global.hits });
  const ids = await inTransaction(ctx, async (tx) => {
    const alert = await hitRateLimit(loginRules.alert, "owner", { now: limits.now, db: tx });
    if (!alert.allowed) return [];
    return queueSignInAlert(
      { failures: global.hits, windowMinutes: loginRules.globalFailures.windowMs / 60_000 },
      tx,
    );
  });
  await deliverSoon(ctx, ids);
}

/**
 * Changes the password for a signed-in admin. Every session is revoked, this device's too, and a
 * fresh one is returned for this device: no token issued before the change survives it.
 */
export async function changePassword(
  input: Pick<AdminPasswordChange, "currentPassword" | "newPassword">,
  ctx: ServiceContext = serviceContext(),
): Promise<{ token: string; session: AdminSession }> {
  const attempt = await enforceRateLimit(loginRules.passwordChange, ctx.client, {
    now: ctx.now.getTime(),
    db: ctx.db,
  });
  const result = await changeAdminPassword(input.currentPassword, input.newPassword, ctx.now);
  if (result === "not_set") throw notSet();
  if (result === "current_incorrect") {
    await sleep(failureDelayMs(attempt.hits));
    throw new Invalid(adminMessages.currentIncorrect, {
      fields: { currentPassword: adminMessages.currentIncorrect },
    });
  }
  return createSession(ctx.now);
}
