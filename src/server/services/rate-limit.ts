/**
 * Per-client rate limits kept in Postgres (function instances share nothing; ARCHITECTURE.md).
 * Fixed windows: one row per (bucket, window start), bumped by a single upsert, so concurrent
 * requests on any number of instances count exactly. See docs/decisions/004-spam-guard.md.
 *
 *   const rule = { name: "contact", limit: 10, windowMs: 10 * 60_000 };
 *   await enforceRateLimit(rule, clientKey(req));       // throws 429 (with Retry-After) when over
 *   const r = await hitRateLimit(rule, key);             // { allowed, hits, remaining, retryAfterSeconds }
 *
 * A bucket is `${rule.name}:${key}`; any name, limit and window work (the admin login uses its own).
 */
import { lt, sql } from "drizzle-orm";
import { createHmac } from "node:crypto";
import { getDb, type Executor } from "../db/client";
import { rateLimitSecret } from "../env";
import { rateLimits } from "../db/schema";
import { tooManyRequests } from "../http/errors";

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

/**
 * The bucket key for a value (a client's address, an e-mail address): an HMAC with
 * RATE_LIMIT_SECRET, so nobody holding the table can reverse it by hashing every IPv4 address.
 * Throws (503, fail closed) when the secret is not set.
 */
export function limitKey(purpose: string, value: string): string {
  return createHmac("sha256", rateLimitSecret()).update(`${purpose}:${value}`).digest("hex").slice(0, 32);
}

/**
 * Windows that started this long ago are over for every rule (the longest window is a day) and
 * are deleted by the scheduled housekeeping (src/server/jobs/housekeeping.ts), not by chance
 * during a request.
 */
export const rateLimitKeepMs = 2 * 24 * 60 * 60 * 1000;

export async function hitRateLimit(
  rule: RateLimitRule,
  key: string,
  options: { now?: number; db?: Executor } = {},
): Promise<RateLimitResult> {
  const now = options.now ?? Date.now();
  const db = options.db ?? getDb();
  const windowStart = Math.floor(now / rule.windowMs) * rule.windowMs;
  const bucket = `${rule.name}:${key}`;
  const [row] = await db
    .insert(rateLimits)
    .values({ bucket, windowStart, hits: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.bucket, rateLimits.windowStart],
      set: { hits: sql`${rateLimits.hits} + 1` },
    })
    .returning({ hits: rateLimits.hits });
  const hits = row?.hits ?? 1;
  const retryAfterSeconds = Math.max(1, Math.ceil((windowStart + rule.windowMs - now) / 1000));
  return { allowed: hits <= rule.limit, hits, remaining: Math.max(0, rule.limit - hits), retryAfterSeconds };
}

/** Deletes the counters of windows that started before `before` (epoch ms); returns how many. */
export async function pruneRateLimits(before: number, db: Executor = getDb()): Promise<number> {
  const rows = await db
    .delete(rateLimits)
    .where(lt(rateLimits.windowStart, before))
    .returning({ bucket: rateLimits.bucket });
  return rows.length;
}

/** Counts this request; throws 429 with Retry-After when the client is over the limit. */
export async function enforceRateLimit(
  rule: RateLimitRule,
  key: string,
  options: { now?: number; db?: Executor } = {},
): Promise<RateLimitResult> {
  const result = await hitRateLimit(rule, key, options);
  if (!result.allowed) throw tooManyRequests(result.retryAfterSeconds);
  return result;
}

/**
 * Public form limits: a person sends one message, perhaps corrects and resends it, perhaps
 * books as well; ten posts per endpoint in ten minutes is far beyond that, while a burst of 80
 * from one client is stopped after the tenth.
 */
export const publicFormRules = {
  contact: { name: "contact", limit: 10, windowMs: 10 * 60 * 1000 },
  bookings: { name: "bookings", limit: 10, windowMs: 10 * 60 * 1000 },
  testimonials: { name: "testimonials", limit: 10, windowMs: 10 * 60 * 1000 },
} as const satisfies Record<string, RateLimitRule>;
