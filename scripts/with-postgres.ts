/**
 * Runs a command against a throwaway real PostgreSQL server (ENVIRONMENT.md, Postgres):
 *
 *   npx tsx scripts/with-postgres.ts npx vitest run --project integration
 *
 * Creates a cluster in a temporary folder (as the `postgres` user when run as root: root may not
 * run the server), starts it on a free loopback port with fsync off, exports
 * TEST_DATABASE_URL=postgres://postgres@127.0.0.1:<port>/postgres to the command, then stops the
 * server and deletes the folder, whatever the command's outcome. Exits with the command's code.
 * PG_BIN overrides the binaries' folder (default /usr/lib/postgresql/15/bin).
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

const command = process.argv.slice(2);
if (command.length === 0) {
  console.error("usage: tsx scripts/with-postgres.ts <command> [args…]");
  process.exit(2);
}

const pgBin = process.env["PG_BIN"] ?? "/usr/lib/postgresql/15/bin";
if (!existsSync(path.join(pgBin, "initdb"))) {
  console.error(
    `with-postgres: PostgreSQL binaries not found in ${pgBin}. Install them (Debian: apt-get install -y postgresql) or set PG_BIN.`,
  );
  process.exit(2);
}

const asRoot = process.getuid?.() === 0;
/** Runs a PostgreSQL binary, as the postgres user when we are root. */
function pg(binary: string, args: string[]): void {
  const [cmd, full] = asRoot
    ? ["runuser", ["-u", "postgres", "--", path.join(pgBin, binary), ...args]]
    : [path.join(pgBin, binary), args];
  const result = spawnSync(cmd, full, { stdio: ["ignore", "pipe", "pipe"], encoding: "utf8" });
  if (result.status !== 0) {
    throw new Error(`${binary} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const dir = mkdtempSync(path.join(tmpdir(), "handyman-pg-"));
if (asRoot) spawnSync("chown", ["postgres:postgres", dir]);
let started = false;

function cleanup(): void {
  if (started) {
    try {
      pg("pg_ctl", ["-D", dir, "-m", "immediate", "stop"]);
    } catch (error) {
      console.error(String(error));
    }
    started = false;
  }
  rmSync(dir, { recursive: true, force: true });
}

let exitCode = 1;
try {
  const t0 = performance.now();
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
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  console.log(`with-postgres: PostgreSQL 15 on port ${port} in ${Math.round(performance.now() - t0)} ms`);

  const child = spawn(command[0]!, command.slice(1), {
    stdio: "inherit",
    env: { ...process.env, TEST_DATABASE_URL: url },
  });
  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  process.on("SIGINT", forward);
  process.on("SIGTERM", forward);
  exitCode = await new Promise<number>((resolve) => child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0))));
} catch (error) {
  console.error(`with-postgres: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  cleanup();
}
process.exit(exitCode);
