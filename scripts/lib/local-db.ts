/**
 * The local embedded database: a PGlite data folder that
 * exactly one process may open. PGlite does not lock its folder and two openers corrupt it, so
 * the owner holds `<data-dir>.lock` (created exclusively, holding its pid and URLs) and everyone
 * else reads that file instead of opening the folder.
 */
import { closeSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, writeSync } from "node:fs";
import path from "node:path";

export const defaultDataDir = ".data/dev";

export interface LockInfo {
  pid: number;
  /** postgres:// URL of the socket server, once it listens. */
  databaseUrl?: string;
  /** The site's URL, once it answers. */
  siteUrl?: string;
  startedAt: string;
}

export const lockPath = (dataDir: string) => `${path.resolve(dataDir)}.lock`;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The running owner of this data folder, if any (a lock left by a dead process does not count). */
export function readLock(dataDir: string): LockInfo | null {
  try {
    const info = JSON.parse(readFileSync(lockPath(dataDir), "utf8")) as LockInfo;
    return alive(info.pid) ? info : null;
  } catch {
    return null;
  }
}

export class DataDirBusy extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: LockInfo,
  ) {
    super(
      `Another local stack (pid ${owner.pid}${owner.siteUrl ? `, ${owner.siteUrl}` : ""}) is already using ${dataDir}. ` +
        `Only one process may open the embedded database. Stop it first (Ctrl-C in its terminal, or kill ${owner.pid}), ` +
        `or start this one with another --data-dir.`,
    );
  }
}

/** Takes the lock or throws DataDirBusy. Returns an updater and a release function. */
export function acquireLock(dataDir: string): { update(info: Partial<LockInfo>): void; release(): void } {
  const file = lockPath(dataDir);
  mkdirSync(path.dirname(file), { recursive: true });
  let info: LockInfo = { pid: process.pid, startedAt: new Date().toISOString() };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, "wx");
      writeSync(fd, JSON.stringify(info));
      closeSync(fd);
      let held = true;
      return {
        update(more) {
          info = { ...info, ...more };
          if (held) {
            const fd2 = openSync(file, "w");
            writeSync(fd2, JSON.stringify(info));
            closeSync(fd2);
          }
        },
        release() {
          if (held) rmSync(file, { force: true });
          held = false;
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = readLock(dataDir);
      if (owner) throw new DataDirBusy(dataDir, owner);
      rmSync(file, { force: true }); // left behind by a process that no longer runs
    }
  }
  throw new Error(`Could not take the lock ${file}`);
}

/**
 * Other local stacks running from this checkout (live locks next to this data folder). netlify-cli
 * builds functions into the project's shared `.netlify/functions-serve`, so two stacks at once can
 * break each other's functions.
 */
export function otherStacks(dataDir: string): Array<{ lock: string; info: LockInfo }> {
  const dir = path.dirname(path.resolve(dataDir));
  const mine = lockPath(dataDir);
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith(".lock"));
  } catch {
    return [];
  }
  return names
    .map((n) => path.join(dir, n))
    .filter((file) => file !== mine)
    .map((file) => ({ lock: file, info: readLock(file.slice(0, -".lock".length)) }))
    .filter((x): x is { lock: string; info: LockInfo } => x.info !== null);
}
