/**
 * The database restarting under load (a managed PostgreSQL restarts for maintenance, a pooler
 * drops its connections): the function process must survive it, and every answer must tell the
 * truth. Eight clients post contact messages through the real handler, in a process of their own
 * on the production database path, while a real PostgreSQL server is restarted ten times
 * (`pg_ctl restart -m fast`). The process never dies, every 201 is a stored row, and every refusal
 * is the 503 envelope. See docs/decisions/015-security-hardening.md.
 *
 * Owns its PostgreSQL server, so it runs once (in the PGlite stage) and is skipped where the
 * PostgreSQL binaries are missing.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { site } from "../../src/config/site";
import { migrateUrl } from "../../src/platform/db/migrate";
import { postgresAvailable, startPostgres, type PostgresServer } from "../../scripts/lib/postgres-server";

const root = path.resolve(import.meta.dirname, "../..");
// The test's title names both numbers.
const restarts = 10;
const clients = 8;

interface Answer {
  status: number;
  id?: number;
  code?: string;
  message?: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!postgresAvailable() || process.env["TEST_DATABASE_URL"])("PostgreSQL restarts", () => {
  let server: PostgresServer;
  beforeAll(async () => {
    server = await startPostgres();
    await migrateUrl(server.url);
  });
  afterAll(() => server?.stop());

  // A plain title, so the \`npm test\` summary finds this test's own budget (the 120 s below).
  it("keeps the process alive and every answer true through 10 restarts under 8 clients", async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: server.url, CLIENTS: String(clients) };
    for (const key of Object.keys(env)) if (key.startsWith("VITEST")) delete env[key];
    const child = spawn(process.execPath, ["--import", "tsx", "tests/helpers/contact-load.ts"], {
      cwd: root,
      env,
      stdio: ["pipe", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => (err += d.toString()));
    // "close", not "exit": a large last line can still be in the pipe when the process exits.
    const exited = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));

    const readyBy = Date.now() + 60_000;
    while (!out.includes("ready") && child.exitCode === null && Date.now() < readyBy) await sleep(50);
    expect(out, err).toContain("ready");

    let diedAfter: number | undefined;
    for (let i = 1; i <= restarts && child.exitCode === null; i++) {
      await sleep(300 + Math.floor(Math.random() * 300));
      server.restart("fast");
      if (child.exitCode !== null) diedAfter = i;
    }
    await sleep(1500); // the clients keep posting on the restarted server
    if (child.exitCode === null) child.stdin.end("stop\n");
    const code = await exited;
    if (child.exitCode !== null && diedAfter === undefined && code !== 0) diedAfter = restarts;

    expect(
      code,
      `the process died (exit code ${code}, after restart ${diedAfter}):\n${err.slice(-3000)}`,
    ).toBe(0);
    const { answers } = JSON.parse(out.trim().split("\n").at(-1)!) as { answers: Answer[] };
    const created = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status !== 201);
    console.log(
      `${restarts} restarts, ${clients} clients: ${answers.length} answers, ${created.length} × 201, ` +
        `${refused.length} × ${[...new Set(refused.map((a) => a.status))].join("/") || "-"}`,
    );

    // Every refusal is the honest 503 envelope.
    for (const answer of refused) {
      expect(answer.status).toBe(503);
      expect(answer.code).toBe("database_unavailable");
      expect(answer.message).toContain(site.phone.display);
    }
    // Every 201 is a stored row, and the clients went on after the last restart.
    expect(created.length).toBeGreaterThan(clients);
    const check = new pg.Client({ connectionString: server.url });
    await check.connect();
    try {
      const ids = created.map((a) => a.id!);
      const stored = await check.query<{ n: number }>(
        "select count(*)::int as n from form_submissions where id = any($1::int[])",
        [ids],
      );
      expect(stored.rows[0]!.n).toBe(new Set(ids).size);
      expect(new Set(ids).size).toBe(ids.length);
    } finally {
      await check.end();
    }
    expect(answers.slice(-clients).every((a) => a.status === 201)).toBe(true);
    // Ten restarts of a real server and a child process under load: about 10 s alone, and `npm test`
    // runs it beside the browser tests on two cores.
  }, 120_000);
});
