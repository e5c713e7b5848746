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
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { closeDb, openDatabase, setDatabase, type Database } from "../../src/platform/db/client";
import { migrateUrl } from "../../src/platform/db/migrate";
import { setLogSink } from "../../src/platform/log";
import {
  migrationsHash,
  pgliteTemplate,
  supabaseRolesSql,
  supabaseTableGrantsSql,
} from "../../scripts/lib/pglite-template";

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
  const db = drizzlePglite(pglite) as unknown as Database;
  return { db, kind: "pglite", pglite, close: () => pglite.close() };
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** One short connection for statements outside the test's own database. */
async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

async function createPostgres(serverUrl: string): Promise<TestDatabase> {
  const name = `handyman_test_${randomBytes(6).toString("hex")}`;
  await withClient(serverUrl, async (admin) => {
    const template = `handyman_template_${await migrationsHash()}`;
    // One worker migrates the template; the others wait on the advisory lock, then find it ready.
    await admin.query("select pg_advisory_lock(4242)");
    try {
      const found = await admin.query("select 1 from pg_database where datname = $1", [template]);
      if (found.rowCount === 0) {
        await admin.query(`create database "${template}"`);
        const url = withDatabase(serverUrl, template);
        // Supabase's roles first, as on Supabase: the migrations meet its default grants.
        await withClient(url, (c) => c.query(supabaseRolesSql));
        await migrateUrl(url);
        await withClient(url, (c) => c.query(supabaseTableGrantsSql));
      }
    } finally {
      await admin.query("select pg_advisory_unlock(4242)");
    }
    await admin.query(`create database "${name}" template "${template}"`);
  });
  const url = withDatabase(serverUrl, name);
  const { db, close } = openDatabase(url, { max: 4 });
  return {
    db,
    kind: "postgres",
    url,
    close: async () => {
      await close();
      await withClient(serverUrl, (a) => a.query(`drop database if exists "${name}" with (force)`));
    },
  };
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
  let inUse = false;
  // A request past its deadline closes the installed database (withDeadline); on Netlify the next
  // request opens a new client. Here the file's own database is installed again, so one request
  // slowed by a busy machine fails its own test, not every later test of the file.
  const reopen = async () => {
    if (inUse) setDatabase(handle.db, reopen);
  };
  beforeAll(async () => {
    if (!process.env["LOG_REQUESTS"]) setLogSink(() => {});
    const t = await createTestDatabase();
    Object.assign(handle, t);
    inUse = true;
    setDatabase(t.db, reopen);
  });
  afterAll(async () => {
    inUse = false;
    await closeDb();
    await handle.close?.();
  });
  return handle;
}
