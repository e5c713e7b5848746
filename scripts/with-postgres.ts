/**
 * Runs a command against a throwaway real PostgreSQL server:
 *
 *   npx tsx scripts/with-postgres.ts npx vitest run --project integration
 *
 * Starts PostgreSQL 15 in a temporary folder on a free loopback port (scripts/lib/postgres-server.ts),
 * exports TEST_DATABASE_URL=postgres://postgres@127.0.0.1:<port>/postgres to the command, then stops
 * the server and deletes the folder, whatever the command's outcome. Exits with the command's code.
 */
import { spawn } from "node:child_process";
import { startPostgres, type PostgresServer } from "./lib/postgres-server";

const command = process.argv.slice(2);
if (command.length === 0) {
  console.error("usage: tsx scripts/with-postgres.ts <command> [args…]");
  process.exit(2);
}

let server: PostgresServer | undefined;
let exitCode = 1;
try {
  server = await startPostgres();
  console.log(`with-postgres: PostgreSQL on port ${server.port}, ready in ${server.startMs} ms`);
  const child = spawn(command[0]!, command.slice(1), {
    stdio: "inherit",
    env: { ...process.env, TEST_DATABASE_URL: server.url },
  });
  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  process.on("SIGINT", forward);
  process.on("SIGTERM", forward);
  exitCode = await new Promise<number>((resolve) =>
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0))),
  );
} catch (error) {
  console.error(`with-postgres: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  server?.stop();
}
process.exit(exitCode);
