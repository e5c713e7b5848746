/**
 * Per-client rate limits, counted in Postgres because function instances share no memory
 * (docs/decisions/004-spam-guard.md). Fixed windows aligned to multiples of `windowMs`; the counter
 * for a window is `${rule.name}:${key}` (src/features/rate-limits/repository.ts holds the SQL).
 *
 *   const rule = { name: "contact", limit: 10, windowMs: 10 * 60_000 };
 *   await enforceRateLimit(rule, ctx.client);       // throws RateLimited (429 at the edge) when over
 *   const r = await hitRateLimit(rule, key);          // { allowed, hits, remaining, retryAfterSeconds }
 *   const p = await peekRateLimit(rule, key);         // { hits, retryAfterSeconds }, counts nothing
 */
import { site } from "../../config/site";
import { getDb, type Db } from "../../platform/db/client";
import { limitKey } from "../../platform/limit-key";
import * as counters from "./repository";

export { limitKey };
import { RateLimited } from "../../platform/domain-errors";

export interface RateLimitRule {
  /** Bucket name, e.g. "contact" or "admin-login". */
  name: string;
  /** Requests allowed per window. */
  limit: number;
  windowMs: number;
}

export interface RateLimitResult {
  allowed: boolean;
  hits: number;
  remaining: number;
  /** Seconds until the window ends (what `Retry-After` says when not allowed). */
  retryAfterSeconds: number;
}

interface Options {
  /** Epoch ms; defaults to now. */
  now?: number;
  db?: Db;
}

/**
 * Windows that started this long ago are over for every rule (the longest window is a day) and
 * are deleted by the scheduled housekeeping (src/features/housekeeping/service.ts), not by chance
 * during a request.
 */
export const rateLimitKeepMs = 2 * 24 * 60 * 60 * 1000;

function window(rule: RateLimitRule, key: string, now: number) {
  const windowStart = Math.floor(now / rule.windowMs) * rule.windowMs;
  return {
    bucket: `${rule.name}:${key}`,
    windowStart,
    retryAfterSeconds: Math.max(1, Math.ceil((windowStart + rule.windowMs - now) / 1000)),
  };
}

/** Counts one request against the rule and says whether it is within the limit. */
export async function hitRateLimit(
  rule: RateLimitRule,
  key: string,
  options: Options = {},
): Promise<RateLimitResult> {
  const now = options.now ?? Date.now();
  const db = options.db ?? getDb();
  const { bucket, windowStart, retryAfterSeconds } = window(rule, key, now);
  const hits = await counters.hit(bucket, windowStart, db);
  return { allowed: hits <= rule.limit, hits, remaining: Math.max(0, rule.limit - hits), retryAfterSeconds };
}

/** Deletes the counters of windows that are over for every rule; returns how many. */
export function pruneRateLimits(now = Date.now(), db: Db = getDb()): Promise<number> {
  return counters.deleteBefore(now - rateLimitKeepMs, db);
}

/** Counts this request; throws RateLimited when the client is over the limit. */
export async function enforceRateLimit(
  rule: RateLimitRule,
  key: string,
  options: Options = {},
): Promise<RateLimitResult> {
  const result = await hitRateLimit(rule, key, options);
  if (!result.allowed) throw new RateLimited(result.retryAfterSeconds);
  return result;
}

/** Takes back one hit counted by `hitRateLimit` in the same window (e.g. a sign-in that succeeded). */
export async function giveBackRateLimit(
  rule: RateLimitRule,
  key: string,
  options: Options = {},
): Promise<void> {
  const now = options.now ?? Date.now();
  const { bucket, windowStart } = window(rule, key, now);
  await counters.giveBack(bucket, windowStart, options.db ?? getDb());
}

/** Hits so far in the rule's current window, without counting one. */
export async function peekRateLimit(
  rule: RateLimitRule,
  key: string,
  options: Options = {},
): Promise<{ hits: number; retryAfterSeconds: number }> {
  const now = options.now ?? Date.now();
  const { bucket, windowStart, retryAfterSeconds } = window(rule, key, now);
  return { hits: await counters.peek(bucket, windowStart, options.db ?? getDb()), retryAfterSeconds };
}

/**
 * Public form limits: a person sends one message, perhaps corrects and resends it, perhaps
 * books as well; ten posts per endpoint in ten minutes is far beyond that, while a burst of 80
 * from one client is stopped after the tenth.
 */
/**
 * All public forms together, per client per day (docs/decisions/027-security-review-fixes.md): from
 * `challengeFromClientPosts` posts on, each further post must carry a solved proof-of-work
 * challenge (./challenge.ts); above `limit` (the ceiling, `ceilingTimes` × `clientPostsPerDay`)
 * posts are refused, so one connection cannot spend the site's daily confirmation e-mails.
 */
export const clientDailyRule: RateLimitRule = {
  name: "public-posts-day",
  limit: site.security.clientPostsPerDay * site.security.challenge.ceilingTimes,
  windowMs: 24 * 60 * 60 * 1000,
};

/** A client that has already made this many posts today must solve a challenge for the next. */
export const challengeFromClientPosts = Math.floor(
  site.security.clientPostsPerDay * site.security.challenge.fromShare,
);

export const publicFormRules = {
  contact: { name: "contact", limit: 10, windowMs: 10 * 60 * 1000 },
  bookings: { name: "bookings", limit: 10, windowMs: 10 * 60 * 1000 },
  testimonials: { name: "testimonials", limit: 10, windowMs: 10 * 60 * 1000 },
} as const satisfies Record<string, RateLimitRule>;
