/**
 * The local database server (scripts/lib/pglite-server.ts) under the load `netlify dev` puts on
 * it: many node-postgres clients at once (the driver the functions use), each running parameterised queries (the extended query
 * protocol) on PGlite's single session. Every answer must be the caller's own; a failing query
 * or a client that vanishes mid-transaction must not stall or disturb anyone else.
 */
import { PGlite } from "@electric-sql/pglite";
import { spawn } from "node:child_process";
import { once } from "node:events";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveLocalDb, type LocalDbServer } from "../../scripts/lib/pglite-server";

let pglite: PGlite;
let server: LocalDbServer;

/** One connection, as each function worker under `netlify dev` opens. */
async function client(): Promise<pg.Client> {
  const c = new pg.Client({ connectionString: server.url, connectionTimeoutMillis: 5000 });
  await c.connect();
  return c;
}
const rows = async (c: pg.Client, text: string, values: unknown[] = []) => (await c.query(text, values)).rows;

beforeAll(async () => {
  pglite = await PGlite.create();
  await pglite.exec("create table notes (id serial primary key, owner int not null, body text not null)");
  server = await serveLocalDb(pglite);
});

afterAll(async () => {
  await server?.stop();
  await pglite?.close();
});

describe("local database server", () => {
  it("gives every one of many concurrent clients its own answers", async () => {
    const clients = await Promise.all(Array.from({ length: 8 }, () => client()));
    try {
      const results = await Promise.all(
        clients.flatMap((sql, c) =>
          Array.from({ length: 40 }, async (_, i) => {
            // Two query shapes with different parameter types, so a crossed Bind shows as an error
            // or as someone else's value.
            if (i % 2 === 0) {
              const [row] = await rows(sql, "select $1::int + 1 as n", [c * 1000 + i]);
              return row?.["n"] === c * 1000 + i + 1;
            }
            const [row] = await rows(sql, "select $1::text || '!' as s, $2::int as i", [
              `client ${c} query ${i}`,
              i,
            ]);
            return row?.["s"] === `client ${c} query ${i}!` && row?.["i"] === i;
          }),
        ),
      );
      expect(results.filter((ok) => !ok)).toHaveLength(0);
      expect(results).toHaveLength(320);
    } finally {
      await Promise.all(clients.map((sql) => sql.end()));
    }
  });

  it("keeps concurrent transactions apart and commits each one whole", async () => {
    const clients = await Promise.all(Array.from({ length: 6 }, () => client()));
    try {
      await Promise.all(
        clients.map(async (sql, c) => {
          await sql.query("begin");
          for (let i = 0; i < 10; i++)
            await sql.query("insert into notes (owner, body) values ($1, $2)", [c, `note ${i}`]);
          await sql.query("commit");
        }),
      );
      const counts = await rows(
        clients[0]!,
        "select owner, count(*)::int as n from notes group by owner order by owner",
      );
      expect(counts.map((r) => [r["owner"], r["n"]])).toEqual(clients.map((_, c) => [c, 10]));
    } finally {
      await Promise.all(clients.map((sql) => sql.end()));
    }
  });

  it("fails only the query that failed and keeps serving everyone", async () => {
    const [a, b] = await Promise.all([client(), client()]);
    try {
      const outcomes = await Promise.allSettled([
        rows(a, "select 1 / $1::int as boom", [0]),
        rows(b, "select $1::int + 1 as n", [41]),
        rows(a, "select $1::text as s", ["still here"]),
      ]);
      expect(outcomes[0]).toMatchObject({ status: "rejected", reason: { code: "22012" } });
      expect(outcomes[1]).toMatchObject({ status: "fulfilled", value: [{ n: 42 }] });
      expect(outcomes[2]).toMatchObject({ status: "fulfilled", value: [{ s: "still here" }] });
    } finally {
      await Promise.all([a.end(), b.end()]);
    }
  });

  it("rolls back a client that dies mid-transaction and lets the others go on", async () => {
    // A separate process opens a transaction, writes, says so, and is then killed outright, the
    // way a crashed function would leave its connection.
    const child = spawn(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        `import { spawn } from "node:child_process";
import { once } from "node:events";
import pg from "pg";
         const tx = new pg.Client({ connectionString: process.env.URL });
         await tx.connect();
         await tx.query("begin");
         await tx.query("insert into notes (owner, body) values ($1, $2)", [99, "never committed"]);
         console.log("in transaction");
         setInterval(() => {}, 1000);`,
      ],
      { env: { ...process.env, URL: server.url }, stdio: ["ignore", "pipe", "inherit"] },
    );
    const other = await client();
    try {
      const [line] = (await once(child.stdout!, "data")) as [Buffer];
      expect(line.toString()).toContain("in transaction");
      // While it holds the session, another client's query waits rather than joining its transaction.
      const waiting = rows(other, "select count(*)::int as n from notes where owner = $1", [99]);
      child.kill("SIGKILL");
      const [row] = await waiting;
      expect(row?.["n"]).toBe(0);
      const [after] = await rows(other, "select $1::int as n", [7]);
      expect(after?.["n"]).toBe(7);
    } finally {
      child.kill("SIGKILL");
      await other.end();
    }
  });
});
