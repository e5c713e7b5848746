/**
 * `npm run admin:set-password`: sets the admin password (stored only as an argon2id hash) and signs
 * every admin session out. There is no default password in production; run this once after the
 * first deploy, and whenever the password must change without the old one.
 *
 *   ADMIN_PASSWORD='…' DATABASE_URL='postgres://…supabase…' npm run admin:set-password   # production
 *   npm run admin:set-password                                                            # local: prompts
 *
 * Where it writes:
 * - DATABASE_URL when set (Supabase's connection string in production);
 * - otherwise the local stack's database (--data-dir, default .data/dev): through the running
 *   stack's socket server when `npm run dev` is up (PGlite's folder may be opened by one process
 *   only), else by opening the folder itself under the same lock the stack takes.
 *
 * The password comes from ADMIN_PASSWORD, else a hidden prompt (asked twice), else one line of
 * standard input when it is not a terminal. It is never printed or logged.
 */
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import path from "node:path";
import { parseArgs } from "node:util";
import { minPasswordLength } from "../src/features/admin-auth/contract/forms";
import { limits } from "../src/lib/form-fields/limits";
import { openDatabase, setDatabase, type Database } from "../src/platform/db/client";
import { migratePglite } from "../src/platform/db/migrate";
import { endAllSessions, storeAdminPassword } from "../src/features/admin-auth";
import { acquireLock, DataDirBusy, defaultDataDir, readLock } from "./lib/local-db";

const { values } = parseArgs({ options: { "data-dir": { type: "string", default: defaultDataDir } } });

function fail(message: string): never {
  console.error(`admin:set-password: ${message}`);
  process.exit(1);
}

/** Reads one line without echoing it (a terminal), or one line of piped input. */
function readSecret(prompt: string): Promise<string> {
  const stdin = process.stdin;
  if (!stdin.isTTY) {
    return new Promise((resolve) => {
      let data = "";
      stdin.setEncoding("utf8");
      stdin.on("data", (chunk) => (data += chunk));
      stdin.on("end", () => resolve(data.split(/\r?\n/)[0] ?? ""));
    });
  }
  process.stdout.write(prompt);
  return new Promise((resolve) => {
    let value = "";
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding("utf8");
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === "\r" || ch === "\n") {
          stdin.setRawMode(false);
          stdin.pause();
          stdin.off("data", onData);
          process.stdout.write("\n");
          resolve(value);
          return;
        }
        if (ch === "\u0003") {
          stdin.setRawMode(false);
          process.stdout.write("\n");
          process.exit(130);
        }
        if (ch === "\u007f" || ch === "\b") value = value.slice(0, -1);
        else if (ch >= " ") value += ch;
      }
    };
    stdin.on("data", onData);
  });
}

async function readPassword(): Promise<string> {
  const fromEnv = process.env["ADMIN_PASSWORD"];
  if (fromEnv !== undefined && fromEnv !== "") return fromEnv;
  const first = await readSecret(`New admin password (at least ${minPasswordLength} characters): `);
  if (process.stdin.isTTY) {
    const again = await readSecret("Type it again: ");
    if (again !== first) fail("Passwords do not match. Nothing was changed.");
  }
  return first;
}

const password = await readPassword();
if ([...password].length < minPasswordLength) {
  fail(`the password must have at least ${minPasswordLength} characters. Nothing was changed.`);
}
if ([...password].length > limits.password) {
  fail(`the password must have at most ${limits.password} characters. Nothing was changed.`);
}

/** Opens the target database and installs it for the services; returns where and how to close. */
async function open(): Promise<{ where: string; close: () => Promise<void> }> {
  const dataDir = path.resolve(values["data-dir"]);
  const url = process.env["DATABASE_URL"] ?? readLock(dataDir)?.databaseUrl;
  if (url) {
    if (!/^postgres(ql)?:\/\//.test(url)) fail("DATABASE_URL must be a postgres:// URL.");
    const target = openDatabase(url, { connectionTimeoutMillis: 10_000 });
    setDatabase(target.db);
    const u = new URL(url);
    const running = process.env["DATABASE_URL"] ? "" : " (the running local stack)";
    return {
      where: `${u.hostname}:${u.port || 5432}${u.pathname}${running}`,
      close: target.close,
    };
  }
  // No stack is running: open the folder ourselves, holding the lock so none starts meanwhile.
  let lock: ReturnType<typeof acquireLock>;
  try {
    lock = acquireLock(dataDir);
  } catch (error) {
    if (error instanceof DataDirBusy) fail(error.message);
    throw error;
  }
  try {
    const pg = await PGlite.create(dataDir);
    await migratePglite(pg);
    setDatabase(drizzlePglite(pg) as unknown as Database);
    return {
      where: `${path.relative(process.cwd(), dataDir)} (local database)`,
      close: async () => {
        await pg.close();
        lock.release();
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}

const target = await open();
try {
  await storeAdminPassword(password);
  const ended = await endAllSessions();
  console.log(
    `admin:set-password: the admin password is set on ${target.where}; ${ended} signed-in session${ended === 1 ? "" : "s"} signed out.`,
  );
} catch (error) {
  const e = error as { message?: string; cause?: { message?: string } };
  console.error(`admin:set-password: failed: ${e.cause?.message ?? e.message ?? String(error)}`);
  process.exitCode = 1;
} finally {
  await target.close();
}
