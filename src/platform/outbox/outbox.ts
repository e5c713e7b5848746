/**
 * The platform's outbox table, `outbox_items` (docs/decisions/048-card-payments-stripe.md,
 * docs/decisions/061-one-outbox-and-the-actor.md): store work first, do it after.
 *
 *   store(item, db)                         stores { topic, key, payload } once per (topic, key)
 *   claim({ topic, now, leaseMs, limit }, db)   takes due items with a lease (FOR UPDATE SKIP LOCKED)
 *   drain({ topic, handle, now, … }, db)    claims, runs `handle` per item, marks it done, or
 *                                           schedules a retry with backoff, or gives up
 *
 * Any feature can put its work through it: a topic names whose work an item is, and the feature's
 * handler knows how to do it. Claiming, leasing, backoff and giving up are ./queue.ts, which the
 * mail and push outboxes run on their own tables too.
 */
import type { Db } from "../db/client";
import { and, eq } from "../db/orm";
import { claimFrom, defineQueue, describeError, drainQueue, settleDone, settleFailed } from "./queue";
import { outboxItems } from "./tables";

export { describeError };

/** outbox_items as a queue; `topicQueue` is one topic of it. */
const items = defineQueue({
  table: outboxItems,
  keys: {
    id: "id",
    status: "status",
    attempts: "attempts",
    availableAt: "availableAt",
    lastError: "lastError",
  },
  statuses: { pending: "pending", done: "done", failed: "failed" },
});
const topicQueue = (topic: string) => ({ ...items, scope: eq(outboxItems.topic, topic) });

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
  return claimFrom(topicQueue(options.topic), options, db);
}

/** Done: kept with the time it was done. */
export async function markDone(id: number, at: Date, db: Db): Promise<void> {
  await settleDone(items, id, at, db, { doneAt: at });
}

/** A retry at `retryAt`, or (null) given up: failed, kept for a person to look at. */
export async function markFailed(id: number, error: string, retryAt: Date | null, db: Db): Promise<void> {
  await settleFailed(items, id, { error, retryAt, at: new Date() }, db);
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

/**
 * Claims due items and runs `handle` for each in turn: done on success; on failure a retry after
 * `backoffMs(attempts)`, or failed when `giveUp` says so. One item's failure never stops the others.
 */
export async function drain(options: DrainOptions, db: Db): Promise<DrainResult> {
  return drainQueue(
    topicQueue(options.topic),
    {
      now: options.now,
      leaseMs: options.leaseMs ?? 60_000,
      limit: options.limit ?? 20,
      ids: options.ids,
      send: options.handle,
      backoffMs: options.backoffMs ?? defaultBackoffMs,
      giveUp: options.giveUp ?? ((item) => item.attempts >= 10),
      doneValues: (_item, at) => ({ doneAt: at }),
    },
    db,
  );
}
