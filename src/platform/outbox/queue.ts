/**
 * The one outbox machinery (docs/decisions/061-one-outbox-and-the-actor.md): claim with a lease,
 * retry with backoff, give up by the caller's rule, over any table shaped like a queue. The
 * platform's own `outbox_items` (./outbox.ts), the e-mails' `mail_outbox` and the notifications'
 * `push_outbox` each describe their table once with `defineQueue`; the features keep only what is
 * theirs (what a row says, how it is sent, what a success or a give-up does besides).
 *
 *   claimFrom(queue, { now, leaseMs, limit, ids }, db)   due rows, leased to this worker
 *   settleDone(queue, id, at, db) / settleFailed(queue, id, { error, retryAt, at }, db)
 *   drainQueue(queue, { now, send, backoffMs, giveUp, … }, db)   claims, sends, records each outcome
 *
 * The lease: in one transaction, due rows are chosen and locked with FOR UPDATE SKIP LOCKED, then
 * each one's due time moves to now + lease and its attempt is counted (only if it is still due).
 * Two workers never take the same row (the second skips the locked rows, and a row the first
 * already moved is no longer due), and a row whose worker died becomes due again once its lease
 * runs out.
 */
import type { Db } from "../db/client";
import { and, asc, eq, getTableColumns, inArray, lte, sql, type SQL } from "../db/orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";

type RowOf<T extends PgTable> = T["$inferSelect"];
type Key<T extends PgTable> = keyof RowOf<T> & string;

/** A table the outbox machinery runs: which columns play which part, and its status words. */
export interface Queue<T extends PgTable> {
  table: T;
  /** The property names (not SQL names) of the columns the machinery reads and writes. */
  keys: {
    id: Key<T>;
    status: Key<T>;
    attempts: Key<T>;
    /** When a row may next be claimed: due time, then the lease's end, then the retry's time. */
    availableAt: Key<T>;
    lastError: Key<T>;
    /** Touched at every change, when the table has such a column. */
    updatedAt?: Key<T> | undefined;
  };
  /** The status words: waiting, finished, given up. */
  statuses: { pending: string; done: string; failed: string };
  /** Rows of this queue only (e.g. one topic of a shared table). */
  scope?: SQL | undefined;
}

export function defineQueue<T extends PgTable>(queue: Queue<T>): Queue<T> {
  const columns = getTableColumns(queue.table) as Record<string, PgColumn>;
  for (const key of Object.values(queue.keys)) {
    if (key !== undefined && !columns[key]) throw new Error(`defineQueue: no column ${key}`);
  }
  return queue;
}

function column<T extends PgTable>(queue: Queue<T>, key: Key<T>): PgColumn {
  return (getTableColumns(queue.table) as Record<string, PgColumn>)[key]!;
}

/** The SET part of an update: the given values, and `updatedAt` when the table has one. */
function changes<T extends PgTable>(queue: Queue<T>, at: Date, values: Record<string, unknown>) {
  return (queue.keys.updatedAt ? { ...values, [queue.keys.updatedAt]: at } : values) as never;
}

export interface ClaimFromOptions {
  now: Date;
  /** How long a claimed row stays invisible to other workers. */
  leaseMs: number;
  limit: number;
  /** Only these rows (e.g. the ones just stored), when given. */
  ids?: readonly number[] | undefined;
}

/** Claims due rows for this worker, oldest first: each leased until now + leaseMs, its attempt counted. */
export async function claimFrom<T extends PgTable>(
  queue: Queue<T>,
  options: ClaimFromOptions,
  db: Db,
): Promise<RowOf<T>[]> {
  const id = column(queue, queue.keys.id);
  const attempts = column(queue, queue.keys.attempts);
  const due = and(
    queue.scope,
    eq(column(queue, queue.keys.status), queue.statuses.pending),
    lte(column(queue, queue.keys.availableAt), options.now),
    options.ids ? inArray(id, [...options.ids]) : undefined,
  );
  // Two statements in one transaction: the rows are chosen and locked (SKIP LOCKED: another
  // worker's locked rows are passed over), then leased. One UPDATE … WHERE id IN (SELECT … LIMIT …
  // FOR UPDATE SKIP LOCKED) may run its subquery more than once and take more than `limit` rows.
  const rows = await db.transaction(async (tx) => {
    const chosen = await tx
      .select({ id })
      .from(queue.table as PgTable)
      .where(due)
      .orderBy(asc(id))
      .limit(options.limit)
      .for("update", { skipLocked: true });
    if (chosen.length === 0) return [];
    return (await tx
      .update(queue.table as PgTable)
      .set(
        changes(queue, options.now, {
          [queue.keys.availableAt]: new Date(options.now.getTime() + options.leaseMs),
          [queue.keys.attempts]: sql`${attempts} + 1`,
        }),
      )
      .where(
        and(
          inArray(
            id,
            chosen.map((c) => c.id as number),
          ),
          due,
        ),
      )
      .returning()) as RowOf<T>[];
  });
  return rows.sort((a, b) => Number(a[queue.keys.id]) - Number(b[queue.keys.id]));
}

/** Finished: status done, no error; `extra` sets the feature's own columns in the same statement. */
export async function settleDone<T extends PgTable>(
  queue: Queue<T>,
  id: number,
  at: Date,
  db: Db,
  extra: Partial<RowOf<T>> = {},
): Promise<void> {
  await db
    .update(queue.table as PgTable)
    .set(
      changes(queue, at, {
        ...extra,
        [queue.keys.status]: queue.statuses.done,
        [queue.keys.lastError]: null,
      }),
    )
    .where(eq(column(queue, queue.keys.id), id));
}

/** A failed attempt: pending again from `retryAt`, or (null) given up, kept for a person to look at. */
export async function settleFailed<T extends PgTable>(
  queue: Queue<T>,
  id: number,
  outcome: { error: string; retryAt: Date | null; at: Date },
  db: Db,
): Promise<void> {
  await db
    .update(queue.table as PgTable)
    .set(
      changes(queue, outcome.at, {
        [queue.keys.status]: outcome.retryAt ? queue.statuses.pending : queue.statuses.failed,
        [queue.keys.lastError]: outcome.error.slice(0, 500),
        ...(outcome.retryAt ? { [queue.keys.availableAt]: outcome.retryAt } : {}),
      }),
    )
    .where(eq(column(queue, queue.keys.id), id));
}

/** The error's name and message, short, for `last_error` and the log. */
export function describeError(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`.slice(0, 500);
  return String(error).slice(0, 500);
}

export interface DrainQueueOptions<Row> {
  now: Date;
  leaseMs: number;
  limit: number;
  ids?: readonly number[] | undefined;
  /** Once, after the claim and before any send (e.g. to load what the rows point at in one query). */
  prepare?: ((rows: readonly Row[]) => Promise<void>) | undefined;
  /** Does the row's work; throws when it failed. */
  send: (row: Row) => Promise<void>;
  /** The wait before the next attempt, after `attempts` attempts (counting this one). */
  backoffMs: (attempts: number) => number;
  /** Whether to stop trying after this failure: the row is then marked failed. */
  giveUp: (row: Row, error: unknown, now: Date) => boolean;
  /** What a failure's `last_error` says (default: the error's name and message). */
  describe?: ((error: unknown) => string) | undefined;
  /** The feature's own columns set with the done status (e.g. the sent copy without link tokens). */
  doneValues?: ((row: Row, at: Date) => Record<string, unknown>) | undefined;
  /** After a row is marked done, with the same database handle. */
  afterDone?: ((row: Row, at: Date) => Promise<void>) | undefined;
  /** After a failure is recorded (retry or give-up), with the same database handle. */
  afterFailed?: ((row: Row, error: unknown, gaveUp: boolean) => Promise<void>) | undefined;
  /**
   * Send the claimed rows side by side (each to a different service), then record the outcomes one
   * after another in claim order. Default: one row after another.
   */
  together?: boolean | undefined;
}

export interface DrainReport {
  done: number;
  retrying: number;
  failed: number;
}

type Settled = { ok: true } | { ok: false; error: unknown };
const attempt = (work: Promise<void>): Promise<Settled> =>
  work.then(
    () => ({ ok: true }) as const,
    (error: unknown) => ({ ok: false, error }) as const,
  );

/**
 * Claims due rows and does each one's work: done on success; on failure a retry after
 * `backoffMs(attempts)`, or failed when `giveUp` says so. One row's failure never stops the others.
 */
export async function drainQueue<T extends PgTable>(
  queue: Queue<T>,
  options: DrainQueueOptions<RowOf<T>>,
  db: Db,
): Promise<DrainReport> {
  const rows = await claimFrom(queue, options, db);
  const report: DrainReport = { done: 0, retrying: 0, failed: 0 };
  if (rows.length > 0) await options.prepare?.(rows);
  const early = options.together ? await Promise.all(rows.map((row) => attempt(options.send(row)))) : null;
  for (const [i, row] of rows.entries()) {
    const outcome = early ? early[i]! : await attempt(options.send(row));
    const id = Number(row[queue.keys.id]);
    const at = new Date();
    if (outcome.ok) {
      await settleDone(queue, id, at, db, (options.doneValues?.(row, at) ?? {}) as Partial<RowOf<T>>);
      await options.afterDone?.(row, at);
      report.done++;
      continue;
    }
    const stop = options.giveUp(row, outcome.error, options.now);
    const attempts = Number(row[queue.keys.attempts]);
    const retryAt = stop ? null : new Date(options.now.getTime() + options.backoffMs(attempts));
    const error = (options.describe ?? describeError)(outcome.error);
    await settleFailed(queue, id, { error, retryAt, at }, db);
    await options.afterFailed?.(row, outcome.error, stop);
    if (stop) report.failed++;
    else report.retrying++;
  }
  return report;
}
