/**
 * The local database server (scripts/lib/pglite-server.ts) under the load `netlify dev` puts on
 * it: many postgres.js clients at once, each running parameterised queries (the extended query
 * protocol) on PGlite's single session. Every answer must be the caller's own; a failing query
 * or a client that vanishes mid-transaction must not stall or disturb anyone else.
 */
import { PGlite } from "@electric-sql/pglite";
import { spawn } from "node:child_process";
import { once } from "node:events";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveLocalDb, type LocalDbServer } from "../../scripts/lib/pglite-server";

let pg: PGlite;
let server: LocalDbServer;

const client = (max = 1) =>
  postgres(server.url, { max, prepare: false, onnotice: () => {}, connect_timeout: 5, idle_timeout: 2 });

beforeAll(async () => {
  pg = await PGlite.create();
  await pg.exec("create table notes (id serial primary key, owner int not null, body text not null)");
  server = await serveLocalDb(pg);
});

afterAll(async () => {
  await server?.stop();
  await pg?.close();
});

describe("local database server", () => {
  it("gives every one of many concurrent clients its own answers", async () => {
    const clients = Array.from({ length: 8 }, () => client());
    try {
      const results = await Promise.all(
        clients.flatMap((sql, c) =>
          Array.from({ length: 40 }, async (_, i) => {
            // Two query shapes with different parameter types, so a crossed Bind shows as an error
            // or as someone else's value.
            if (i % 2 === 0) {
              const [row] = await sql`select ${c * 1000 + i}::int + 1 as n`;
              return row?.["n"] === c * 1000 + i + 1;
            }
            const [row] = await sql`select ${`client ${c} query ${i}`}::text || '!' as s, ${i}::int as i`;
            return row?.["s"] === `client ${c} query ${i}!` && row?.["i"] === i;
          }),
        ),
      );
      expect(results.filter((ok) => !ok)).toHaveLength(0);
      expect(results).toHaveLength(320);
    } finally {
      await Promise.all(clients.map((sql) => sql.end({ timeout: 1 })));
    }
  });

  it("keeps concurrent transactions apart and commits each one whole", async () => {
    const clients = Array.from({ length: 6 }, () => client());
    try {
      await Promise.all(
        clients.map((sql, c) =>
          sql.begin(async (tx) => {
            for (let i = 0; i < 10; i++)
              await tx`insert into notes (owner, body) values (${c}, ${`note ${i}`})`;
          }),
        ),
      );
      const counts =
        await clients[0]!`select owner, count(*)::int as n from notes group by owner order by owner`;
      expect(counts.map((r) => [r["owner"], r["n"]])).toEqual(clients.map((_, c) => [c, 10]));
    } finally {
      await Promise.all(clients.map((sql) => sql.end({ timeout: 1 })));
    }
  });

  it("fails only the query that failed and keeps serving everyone", async () => {
    const a = client();
    const b = client();
    try {
      const outcomes = await Promise.allSettled([
        a`select 1 / ${0}::int as boom`,
        b`select ${41}::int + 1 as n`,
        a`select ${"still here"}::text as s`,
      ]);
      expect(outcomes[0]).toMatchObject({ status: "rejected", reason: { code: "22012" } });
      expect(outcomes[1]).toMatchObject({ status: "fulfilled", value: [{ n: 42 }] });
      expect(outcomes[2]).toMatchObject({ status: "fulfilled", value: [{ s: "still here" }] });
    } finally {
      await Promise.all([a.end({ timeout: 1 }), b.end({ timeout: 1 })]);
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
import postgres from "postgres";
         const sql = postgres(process.env.URL, { max: 1, prepare: false, onnotice: () => {} });
         const tx = await sql.reserve();
         await tx\`begin\`;
         await tx\`insert into notes (owner, body) values (\${99}, \${"never committed"})\`;
         console.log("in transaction");
         setInterval(() => {}, 1000);`,
      ],
      { env: { ...process.env, URL: server.url }, stdio: ["ignore", "pipe", "inherit"] },
    );
    const other = client();
    try {
      const [line] = (await once(child.stdout!, "data")) as [Buffer];
      expect(line.toString()).toContain("in transaction");
      // While it holds the session, another client's query waits rather than joining its transaction.
      const waiting = other`select count(*)::int as n from notes where owner = ${99}`;
      child.kill("SIGKILL");
      const [row] = await waiting;
      expect(row?.["n"]).toBe(0);
      const [after] = await other`select ${7}::int as n`;
      expect(after?.["n"]).toBe(7);
    } finally {
      child.kill("SIGKILL");
      await other.end({ timeout: 1 });
    }
  });
});
