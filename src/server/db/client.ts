/**
 * One database module for every runtime, so every environment runs the same SQL
 * (docs/decisions/005-data-layer-and-local-stack.md):
 * - a postgres:// DATABASE_URL (Supabase's pooler in production, the embedded PGlite server in
 *   local dev) goes through postgres.js, lazily, with a tiny pool and prepared statements off
 *   (Supabase's transaction pooler cannot keep them);
 * - tests hand in an in-process PGlite with `setDatabase()`.
 */
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import postgres from "postgres";
import { sql } from "drizzle-orm";
import { serverEnv } from "../env";
import * as schema from "./schema";

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/**
 * The one handle repositories and services take: the database (a pool or an in-process PGlite) or
 * an open transaction. Both run queries and can open a (nested) transaction.
 */
export type Db = Pick<Database, "select" | "insert" | "update" | "delete" | "execute" | "transaction">;

let current: Database | undefined;
let closeCurrent: (() => Promise<void>) | undefined;

/** The database for this process, opened on first use. */
export function getDb(): Database {
  if (current) return current;
  const client = postgres(serverEnv().DATABASE_URL, {
    max: 1,
    idle_timeout: 5,
    connect_timeout: 5,
    prepare: false,
    onnotice: () => {},
  });
  current = drizzlePostgres(client, { schema }) as unknown as Database;
  closeCurrent = () => client.end({ timeout: 1 });
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

export { schema };

/** One round trip to the database; throws (and so maps to 503) when it cannot be reached. */
export async function pingDatabase(db: Db = getDb()): Promise<void> {
  await db.execute(sql`select 1`);
}
