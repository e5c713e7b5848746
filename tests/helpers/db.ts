/**
 * A fresh, migrated database for each test file.
 *
 *   const t = await createTestDatabase();   // { db, kind, url?, close() }
 *   setDatabase(t.db);                       // the code under test now uses it through getDb()
 *   …
 *   await t.close();
 *
 * or, in a test file, `const t = useTestDatabase()` registers beforeAll/afterAll doing exactly that
 * and `t.db` / `t.kind` are available inside tests.
 *
 * - Default: in-process PGlite. The migrations are applied once into a template data directory,
 *   cached on disk under .data/pglite-template/ (scripts/lib/pglite-template.ts, keyed by a hash of
 *   the migration files), and every test file loads its own copy (~0.5 s instead of ~5 s).
 * - When TEST_DATABASE_URL is set (scripts/with-postgres.ts sets it): a real PostgreSQL server.
 *   One template database is migrated once per migration hash; every test file gets
 *   `CREATE DATABASE … TEMPLATE …` of its own, dropped on close.
 *
 * Both also create Supabase's `anon` and `authenticated` roles with Supabase's default table grants,
 * so tests can prove Row Level Security hides every table from them.
 */
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { afterAll, beforeAll } from "vitest";
import { closeDb, schema, setDatabase, type Database } from "../../src/server/db/client";
import { migrateUrl } from "../../src/server/db/migrate";
import { setLogSink } from "../../src/server/log";
import { migrationsHash, pgliteTemplate, supabaseRolesSql } from "../../scripts/lib/pglite-template";

export interface TestDatabase {
  db: Database;
  kind: "pglite" | "postgres";
  /** Connection URL of this database (PostgreSQL only). */
  url?: string;
  /** The raw PGlite instance (PGlite only). */
  pglite?: PGlite;
  close(): Promise<void>;
}

async function createPglite(): Promise<TestDatabase> {
  const pglite = await PGlite.create({ loadDataDir: await pgliteTemplate() });
  const db = drizzlePglite(pglite, { schema }) as unknown as Database;
  return { db, kind: "pglite", pglite, close: () => pglite.close() };
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function createPostgres(serverUrl: string): Promise<TestDatabase> {
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    const template = `handyman_template_${await migrationsHash()}`;
    // One worker migrates the template; the others wait on the advisory lock, then find it ready.
    await admin`select pg_advisory_lock(4242)`;
    try {
      const found = await admin`select 1 from pg_database where datname = ${template}`;
      if (found.length === 0) {
        await admin.unsafe(`create database "${template}"`);
        const url = withDatabase(serverUrl, template);
        await migrateUrl(url);
        const c = postgres(url, { max: 1, onnotice: () => {} });
        await c.unsafe(supabaseRolesSql);
        await c.end();
      }
    } finally {
      await admin`select pg_advisory_unlock(4242)`;
    }
    const name = `handyman_test_${randomBytes(6).toString("hex")}`;
    await admin.unsafe(`create database "${name}" template "${template}"`);
    const url = withDatabase(serverUrl, name);
    const client = postgres(url, { max: 4, onnotice: () => {} });
    const db = drizzlePostgres(client, { schema }) as unknown as Database;
    return {
      db,
      kind: "postgres",
      url,
      close: async () => {
        await client.end({ timeout: 5 });
        const a = postgres(serverUrl, { max: 1, onnotice: () => {} });
        await a.unsafe(`drop database if exists "${name}" with (force)`);
        await a.end();
      },
    };
  } finally {
    await admin.end();
  }
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env["TEST_DATABASE_URL"];
  return serverUrl ? createPostgres(serverUrl) : createPglite();
}

/**
 * Registers beforeAll/afterAll: a fresh database for this file, installed with setDatabase().
 * Request log lines are dropped unless LOG_REQUESTS=1 (a test can capture them with setLogSink).
 */
export function useTestDatabase(): TestDatabase {
  const handle = {} as TestDatabase;
  beforeAll(async () => {
    if (!process.env["LOG_REQUESTS"]) setLogSink(() => {});
    const t = await createTestDatabase();
    Object.assign(handle, t);
    setDatabase(t.db);
  });
  afterAll(async () => {
    await closeDb();
    await handle.close?.();
  });
  return handle;
}
