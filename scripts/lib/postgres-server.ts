/**
 * A throwaway PostgreSQL server for tests and benchmarks: a fresh
 * cluster in a temporary folder, started on a free loopback port with fsync off, run as the
 * `postgres` user when we are root (root may not run the server). `stop()` removes everything.
 * PG_BIN overrides the binaries' folder (default /usr/lib/postgresql/15/bin).
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

export const pgBin = process.env["PG_BIN"] ?? "/usr/lib/postgresql/15/bin";

export function postgresAvailable(): boolean {
  return existsSync(path.join(pgBin, "initdb"));
}

const asRoot = process.getuid?.() === 0;

function pg(binary: string, args: string[]): void {
  const [cmd, full] = asRoot
    ? ["runuser", ["-u", "postgres", "--", path.join(pgBin, binary), ...args]]
    : [path.join(pgBin, binary), args];
  const result = spawnSync(cmd, full, { stdio: ["ignore", "pipe", "pipe"], encoding: "utf8" });
  if (result.status !== 0)
    throw new Error(`${binary} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface PostgresServer {
  url: string;
  port: number;
  startMs: number;
  stop(): void;
}

export async function startPostgres(): Promise<PostgresServer> {
  if (!postgresAvailable()) {
    throw new Error(
      `PostgreSQL binaries not found in ${pgBin}. Install them (Debian: apt-get install -y postgresql) or set PG_BIN.`,
    );
  }
  const t0 = performance.now();
  const dir = mkdtempSync(path.join(tmpdir(), "handyman-pg-"));
  if (asRoot) spawnSync("chown", ["postgres:postgres", dir]);
  let started = false;
  const stop = () => {
    if (started) {
      try {
        pg("pg_ctl", ["-D", dir, "-m", "immediate", "stop"]);
      } catch (error) {
        console.error(String(error));
      }
      started = false;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    pg("initdb", ["-D", dir, "-U", "postgres", "-A", "trust", "--no-sync", "-E", "UTF8", "--locale=C"]);
    const port = await freePort();
    pg("pg_ctl", [
      "-D",
      dir,
      "-w",
      "-l",
      path.join(dir, "server.log"),
      "start",
      "-o",
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`,
    ]);
    started = true;
    return {
      url: `postgres://postgres@127.0.0.1:${port}/postgres`,
      port,
      startMs: Math.round(performance.now() - t0),
      stop,
    };
  } catch (error) {
    stop();
    throw error;
  }
}
