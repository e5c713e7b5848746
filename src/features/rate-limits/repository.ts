/**
 * rate_limits table: fixed-window counters, one row per (bucket, window start). The window maths
 * and the rules live in src/features/rate-limits/service.ts; this file only counts.
 *
 *   hit(bucket, windowStart)        adds one and returns the new count (one upsert, so concurrent
 *                                   requests on any number of instances count exactly)
 *   peek(bucket, windowStart)       the count so far, without adding one
 *   giveBack(bucket, windowStart)   takes one off again (never below zero)
 *   deleteBefore(cutoff)            removes windows that started before `cutoff` (epoch ms) and
 *                                   returns how many
 */
import { and, eq, lt, sql } from "../../platform/db/orm";
import { getDb, type Db } from "../../platform/db/client";
import { rateLimits } from "../tables";

export async function hit(bucket: string, windowStart: number, db: Db = getDb()): Promise<number> {
  const [row] = await db
    .insert(rateLimits)
    .values({ bucket, windowStart, hits: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.bucket, rateLimits.windowStart],
      set: { hits: sql`${rateLimits.hits} + 1` },
    })
    .returning({ hits: rateLimits.hits });
  return row?.hits ?? 1;
}

export async function peek(bucket: string, windowStart: number, db: Db = getDb()): Promise<number> {
  const [row] = await db
    .select({ hits: rateLimits.hits })
    .from(rateLimits)
    .where(and(eq(rateLimits.bucket, bucket), eq(rateLimits.windowStart, windowStart)))
    .limit(1);
  return row?.hits ?? 0;
}

export async function giveBack(bucket: string, windowStart: number, db: Db = getDb()): Promise<void> {
  await db
    .update(rateLimits)
    .set({ hits: sql`greatest(${rateLimits.hits} - 1, 0)` })
    .where(and(eq(rateLimits.bucket, bucket), eq(rateLimits.windowStart, windowStart)));
}

export async function deleteBefore(cutoff: number, db: Db = getDb()): Promise<number> {
  const rows = await db
    .delete(rateLimits)
    .where(lt(rateLimits.windowStart, cutoff))
    .returning({ bucket: rateLimits.bucket });
  return rows.length;
}
