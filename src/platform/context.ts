/**
 * What every service call gets besides its typed input. The HTTP edge builds one per request
 * (src/platform/http/endpoint.ts); a script, a scheduled function or a test builds one with
 * `serviceContext({ … })` and calls the same service, no `Request` needed.
 */
import { getDb, type Db } from "./db/client";

export interface ServiceContext {
  /** Where the SQL runs: the database, or a transaction the caller opened. */
  db: Db;
  /** The time the rules use (rate-limit windows, fill time, session expiry). */
  now: Date;
  /** An opaque, stable key for whoever is calling (a hash of the IP), for per-client limits. */
  client: string;
  /** The caller's Idempotency-Key, when it sent one: a repeat returns the first result. */
  idempotencyKey?: string | undefined;
  /** A solved proof-of-work challenge the caller sent (`Challenge-Solution` header), if any. */
  challengeSolution?: string | undefined;
  /**
   * Work that may finish after the answer is sent (Netlify's `waitUntil`). Without it the service
   * awaits the work itself.
   */
  defer?: ((work: Promise<unknown>) => void) | undefined;
  /**
   * Told right before a write starts and right after it commits. The edge's deadline uses it: a
   * request that already answered 503 must not write, and one that committed must not answer 503.
   */
  writes?: { starting(): void; committed(): void } | undefined;
}

/** What a create that honours the Idempotency-Key answers: the row, and whether this call stored it. */
export interface Accepted<Row> {
  row: Row;
  /** False when an Idempotency-Key repeat returned the row stored by the first request. */
  created: boolean;
}

/** A context for a script or a test: the process's database, the current time, a fixed client. */
export function serviceContext(overrides: Partial<ServiceContext> = {}): ServiceContext {
  return { db: getDb(), now: new Date(), client: "local", ...overrides };
}

/**
 * Runs `work` in one transaction on the context's database, telling the edge before it starts and
 * after it commits. Whatever `work` writes commits together or not at all.
 */
export async function inTransaction<T>(ctx: ServiceContext, work: (tx: Db) => Promise<T>): Promise<T> {
  ctx.writes?.starting();
  const result = await ctx.db.transaction((tx) => work(tx));
  ctx.writes?.committed();
  return result;
}

/** Runs `work` after the answer when the platform allows, else now; never throws. */
export async function runAfterAnswer(ctx: ServiceContext, work: Promise<unknown>): Promise<void> {
  const settled = work.catch(() => {});
  if (ctx.defer) ctx.defer(settled);
  else await settled;
}
