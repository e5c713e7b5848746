/**
 * How a one-off script (mail:outbox, admin:set-password) reaches the database, in this order:
 *  1. DATABASE_URL, when set (production: the Supabase connection string);
 *  2. the running local stack, through its socket server (the URL in `<data-dir>.lock`), because
 *     only one process may open the embedded data folder;
 *  3. otherwise the embedded data folder itself, holding the same lock as the stack while it works,
 *     migrated first so a fresh checkout works.
 * The returned database is also installed for getDb() users.
 */
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import path from "node:path";
import { closeDb, getDb, setDatabase, type Database } from "../../src/platform/db/client";
import { migratePglite } from "../../src/platform/db/migrate";
import { acquireLock, defaultDataDir, readLock } from "./local-db";

export interface ScriptDatabase {
  db: Database;
  /** Where it is, for messages: "DATABASE_URL", "the running local stack" or the folder. */
  where: string;
  close(): Promise<void>;
}

export async function openScriptDatabase(dataDir = defaultDataDir): Promise<ScriptDatabase> {
  const fromStack = readLock(dataDir)?.databaseUrl;
  const url = process.env["DATABASE_URL"] ?? fromStack;
  if (url) {
    process.env["DATABASE_URL"] = url;
    return {
      db: getDb(),
      where: process.env["DATABASE_URL"] === fromStack ? "the running local stack" : "DATABASE_URL",
      close: closeDb,
    };
  }
  const lock = acquireLock(dataDir);
  try {
    const pg = await PGlite.create(path.resolve(dataDir));
    await migratePglite(pg);
    const db = drizzlePglite(pg) as unknown as Database;
    setDatabase(db, async () => {
      await pg.close();
    });
    return {
      db,
      where: path.relative(process.cwd(), path.resolve(dataDir)) || dataDir,
      close: async () => {
        try {
          await closeDb();
        } finally {
          lock.release();
        }
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}
