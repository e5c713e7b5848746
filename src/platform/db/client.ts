/**
 * One database module for every runtime, so every environment runs the same SQL
 * (docs/decisions/005-data-layer-and-local-stack.md):
 * - a postgres:// DATABASE_URL (Supabase's transaction pooler in production, the embedded PGlite
 *   server in local dev) goes through node-postgres (`pg`): one small pool per function instance,
 *   opened on first use. Its statements are unnamed, which the transaction pooler requires.
 *   Why not postgres.js: docs/decisions/015-security-hardening.md.
 * - tests hand in an in-process PGlite with `setDatabase()`.
 */
import type { PgDatabase, PgQueryResultHKT, PgTransactionConfig } from "drizzle-orm/pg-core";
import pg from "pg";
import { drizzleNodePostgres, sql } from "./orm";
import { serverEnv } from "../env";
import { logEvent } from "../log";
/**
 * The database handle. It carries no table map: repositories name their tables
 * (src/features/<name>/tables.ts) in each query, so the platform knows no feature.
 */
export type Database = PgDatabase<PgQueryResultHKT>;
/**
 * The one handle repositories and services take: the database (a pool or an in-process PGlite) or
 * an open transaction. Both run queries and can open a (nested) transaction.
 */
export type Db = Pick<Database, "select" | "insert" | "update" | "delete" | "execute" | "transaction">;

let current: Database | undefined;
let closeCurrent: (() => Promise<void>) | undefined;

/**
 * A connection that breaks (a restart, a pooler dropping it) makes node-postgres emit `error` on
 * its client, idle or checked out; an `error` event nobody listens to ends the process. The query
 * in flight, if any, is rejected on its own (and answered 503), so here it is only logged.
 */
function logConnectionError(error: Error): void {
  logEvent({
    event: "db.connection_error",
    level: "warn",
    error: `${error.name} ${(error as { code?: string }).code ?? ""}`.trim(),
  });
}

/** A connection attempt that failed before any statement was sent, so trying again is safe. */
function isConnectFailure(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown };
  if (typeof e?.code === "string" && ["ECONNREFUSED", "ECONNRESET", "57P03", "57P01"].includes(e.code))
    return true;
  return typeof e?.message === "string" && e.message.startsWith("Connection terminated unexpectedly");
}

/** How long a request waits for the database to come back (a restart takes well under a second). */
export const connectRetry = { firstDelayMs: 50, maxDelayMs: 500, budgetMs: 3000 };

/**
 * A pg Pool whose new connections are retried for a few seconds when the server refuses them or
 * is starting up, as during a restart or a pooler failover: the visitor's request waits a moment
 * instead of failing. Only the connection is retried, never a statement, so nothing runs twice.
 */
class RetryingPool extends pg.Pool {
  private async connectWithRetry(): Promise<pg.PoolClient> {
    const started = Date.now();
    for (let delay = connectRetry.firstDelayMs; ; delay = Math.min(delay * 2, connectRetry.maxDelayMs)) {
      try {
        return await super.connect();
      } catch (error) {
        if (this.ending || !isConnectFailure(error) || Date.now() - started + delay > connectRetry.budgetMs)
          throw error;
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  }

  // pg-pool's own query() calls connect with a callback; everything else awaits the promise.
  override connect(): Promise<pg.PoolClient>;
  override connect(
    callback: (
      err: Error | undefined,
      client: pg.PoolClient | undefined,
      done: (release?: unknown) => void,
    ) => void,
  ): void;
  override connect(
    callback?: (
      err: Error | undefined,
      client: pg.PoolClient | undefined,
      done: (release?: unknown) => void,
    ) => void,
  ): Promise<pg.PoolClient> | void {
    const connecting = this.connectWithRetry();
    if (!callback) return connecting;
    connecting.then(
      (client) => callback(undefined, client, (release) => client.release(release as Error | undefined)),
      (error: Error) => callback(error, undefined, () => {}),
    );
  }
}

/** A small pool for DATABASE_URL, with every connection's errors handled. */
export function openPool(url: string, options: pg.PoolConfig = {}): pg.Pool {
  const pool = new RetryingPool({
    connectionString: url,
    max: 1,
    idleTimeoutMillis: 5000,
    connectionTimeoutMillis: 5000,
    // A warm instance may be frozen between requests; idle connections must not keep it alive.
    allowExitOnIdle: true,
    ...options,
  });
  pool.on("error", logConnectionError);
  pool.on("connect", (client) => client.on("error", logConnectionError));
  return pool;
}

/**
 * Closes a pool now, also ending the connections that are checked out (a transaction open on one
 * is rolled back by the server when its connection ends). `pool.end()` alone would wait for them.
 */
function closePoolNow(pool: pg.Pool, inUse: Set<pg.PoolClient>): Promise<void> {
  for (const client of inUse) (client as pg.PoolClient & { end(): Promise<void> }).end().catch(() => {});
  return pool.end();
}

/**
 * Drizzle over a pool, with transactions that always give their connection back. Drizzle 0.45's
 * node-postgres `transaction()` sends BEGIN before its try/finally, so a BEGIN that fails (the
 * connection died while idle, the server restarted) never releases the client, and a one-connection
 * pool then waits forever (drizzle-orm issues 6023, 6241). Here each transaction checks a client
 * out itself, runs Drizzle's transaction on that one client, and releases it on every path; after
 * a failure with the error, so the pool drops the connection rather than reuse it.
 */
export function drizzlePool(pool: pg.Pool): Database {
  const db = drizzleNodePostgres(pool);
  type Work<T> = Parameters<typeof db.transaction<T>>[0];
  const transaction = async <T>(work: Work<T>, config?: PgTransactionConfig): Promise<T> => {
    const client = await pool.connect();
    let failure: Error | undefined;
    try {
      return await drizzleNodePostgres(client).transaction(work, config);
    } catch (error) {
      failure = error instanceof Error ? error : new Error(String(error));
      throw error;
    } finally {
      client.release(failure);
    }
  };
  return Object.assign(db, { transaction }) as unknown as Database;
}

/**
 * A database over a pool of its own, for `url`: what `getDb()` opens, and what scripts, tests and
 * benchmarks open with their own options (e.g. `{ max: 10 }`). `close()` ends the pool at once,
 * connections in use included.
 */
export function openDatabase(
  url: string,
  options: pg.PoolConfig = {},
): { db: Database; close: () => Promise<void> } {
  const pool = openPool(url, options);
  const inUse = new Set<pg.PoolClient>();
  pool.on("acquire", (client) => inUse.add(client));
  pool.on("release", (_error, client) => inUse.delete(client));
  return { db: drizzlePool(pool), close: () => closePoolNow(pool, inUse) };
}

/** The database for this process, opened on first use. */
export function getDb(): Database {
  if (current) return current;
  const opened = openDatabase(serverEnv().DATABASE_URL);
  current = opened.db;
  closeCurrent = opened.close;
  return current;
}

/** Use this database from now on (tests, scripts); `close` is what `closeDb()` will call. */
export function setDatabase(db: Database, close?: () => Promise<void>): void {
  current = db;
  closeCurrent = close;
}

export async function closeDb(): Promise<void> {
  const close = closeCurrent;
  current = undefined;
  closeCurrent = undefined;
  if (close) await close();
}

/** One round trip to the database; throws (and so maps to 503) when it cannot be reached. */
export async function pingDatabase(db: Db = getDb()): Promise<void> {
  await db.execute(sql`select 1`);
}
