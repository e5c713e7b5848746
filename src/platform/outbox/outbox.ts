/**
 * A generic outbox (docs/decisions/048-card-payments-stripe.md): store work first, do it after.
 *
 *   store(item, db)                         stores { topic, key, payload } once per (topic, key)
 *   claim({ topic, now, leaseMs, limit }, db)   takes due items with a lease (FOR UPDATE SKIP LOCKED)
 *   drain({ topic, handle, now, … }, db)    claims, runs `handle` per item, marks it done, or
 *                                           schedules a retry with backoff, or gives up
 *
 * Any feature can put its work through it: a topic names whose work an item is, and the feature's
 * handler knows how to do it. The mail and push outboxes predate it and keep their own tables; their
 * claim/lease/backoff rules are the same and could move here.
 *
 * The lease: claiming moves `available_at` to now + lease and counts the attempt, in one statement
 * that skips rows another worker has locked, so two workers never take the same item and an item
 * whose worker died becomes claimable again once its lease runs out.
 */
import type { Db } from "../db/client";
import { and, asc, eq, inArray, lte, sql } from "../db/orm";
import { outboxItems } from "./tables";

export type OutboxItem = typeof outboxItems.$inferSelect;

export interface NewOutboxItem {
  topic: string;
  /** Unique within the topic: a second store with the same key stores nothing. */
  key: string;
  payload: unknown;
}

/** Stores an item unless its key is there already; says whether this call stored it and its id. */
export async function store(
  item: NewOutboxItem,
  db: Db,
  now: Date = new Date(),
): Promise<{ id: number; stored: boolean }> {
  const inserted = await db
    .insert(outboxItems)
    .values({ topic: item.topic, key: item.key, payload: item.payload, availableAt: now, createdAt: now })
    .onConflictDoNothing({ target: [outboxItems.topic, outboxItems.key] })
    .returning({ id: outboxItems.id });
  if (inserted[0]) return { id: inserted[0].id, stored: true };
  const existing = await db
    .select({ id: outboxItems.id })
    .from(outboxItems)
    .where(and(eq(outboxItems.topic, item.topic), eq(outboxItems.key, item.key)));
  return { id: existing[0]!.id, stored: false };
}

export interface ClaimOptions {
  topic: string;
  now: Date;
  /** How long a claimed item stays invisible to other workers. */
  leaseMs: number;
  limit: number;
  /** Only these items (e.g. the one just stored), when given. */
  ids?: readonly number[] | undefined;
}

/** Claims due items of a topic for this worker, oldest first. */
export async function claim(options: ClaimOptions, db: Db): Promise<OutboxItem[]> {
  const due = and(
    eq(outboxItems.topic, options.topic),
    eq(outboxItems.status, "pending"),
    lte(outboxItems.availableAt, options.now),
    options.ids ? inArray(outboxItems.id, [...options.ids]) : undefined,
  );
  const claimable = db
    .select({ id: outboxItems.id })
    .from(outboxItems)
    .where(due)
    .orderBy(asc(outboxItems.id))
    .limit(options.limit)
    .for("update", { skipLocked: true });
  return db
    .update(outboxItems)
    .set({
      availableAt: new Date(options.now.getTime() + options.leaseMs),
      attempts: sql`${outboxItems.attempts} + 1`,
    })
    .where(and(inArray(outboxItems.id, claimable), due))
    .returning();
}

export async function markDone(id: number, at: Date, db: Db): Promise<void> {
  await db
    .update(outboxItems)
    .set({ status: "done", doneAt: at, lastError: null })
    .where(eq(outboxItems.id, id));
}

/** A retry at `retryAt`, or (null) given up: failed, kept for a person to look at. */
export async function markFailed(id: number, error: string, retryAt: Date | null, db: Db): Promise<void> {
  await db
    .update(outboxItems)
    .set({
      status: retryAt ? "pending" : "failed",
      lastError: error.slice(0, 500),
      ...(retryAt ? { availableAt: retryAt } : {}),
    })
    .where(eq(outboxItems.id, id));
}

/** Exponential backoff: 30 s, 1 min, 2 min, … capped at an hour. */
export function defaultBackoffMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(attempts - 1, 0), 60 * 60 * 1000);
}

export interface DrainOptions {
  topic: string;
  now: Date;
  handle: (item: OutboxItem) => Promise<void>;
  leaseMs?: number;
  limit?: number;
  ids?: readonly number[] | undefined;
  backoffMs?: (attempts: number) => number;
  /** Whether to stop retrying after this failure (default: after 10 attempts). */
  giveUp?: (item: OutboxItem, error: unknown) => boolean;
}

export interface DrainResult {
  done: number;
  retrying: number;
  failed: number;
}

/** The error's name and message, short, for `last_error` and the log. */
export function describeError(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`.slice(0, 500);
  return String(error).slice(0, 500);
}

/**
 * Claims due items and runs `handle` for each in turn: done on success; on failure a retry after
 * `backoffMs(attempts)`, or failed when `giveUp` says so. One item's failure never stops the others.
 */
export async function drain(options: DrainOptions, db: Db): Promise<DrainResult> {
  const items = await claim(
    {
      topic: options.topic,
      now: options.now,
      leaseMs: options.leaseMs ?? 60_000,
      limit: options.limit ?? 20,
      ids: options.ids,
    },
    db,
  );
  const result: DrainResult = { done: 0, retrying: 0, failed: 0 };
  const backoff = options.backoffMs ?? defaultBackoffMs;
  const giveUp = options.giveUp ?? ((item) => item.attempts >= 10);
  for (const item of items) {
    try {
      await options.handle(item);
      await markDone(item.id, new Date(), db);
      result.done++;
    } catch (error) {
      const stop = giveUp(item, error);
      const retryAt = stop ? null : new Date(options.now.getTime() + backoff(item.attempts));
      await markFailed(item.id, describeError(error), retryAt, db);
      if (stop) result.failed++;
      else result.retrying++;
    }
  }
  return result;
}
