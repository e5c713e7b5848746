/**
 * `npm run bench:api`: concurrent requests straight into the function handlers (not through
 * `netlify dev`, whose worker-per-call start-up would be all we measured), on PGlite in-process
 * the same PGlite behind the local server `npm run dev` uses, and a throwaway PostgreSQL 15 server. Prints p50/p95/p99 latency, throughput, and the rows
 * stored against the 2xx answers, which must be equal (exit code 1 otherwise).
 *
 * Mix per request: 35% contact, 30% booking, 10% review, 20% testimonial list, 5% a retry of an
 * earlier post with its Idempotency-Key (must answer with the same id and store nothing).
 * Options: --requests N (default 2000), --concurrency N (default 32), --only pglite|local-server|postgres.
 * PostgreSQL is reached with a pool of 10 connections (like 10 warm function instances with max 1).
 * Results also go to bench-results/api.json.
 */
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import bookings from "../netlify/functions/bookings.mts";
import contact from "../netlify/functions/contact.mts";
import testimonialsFn from "../netlify/functions/testimonials.mts";
import { closeDb, openDatabase, setDatabase, type Database } from "../src/platform/db/client";
import * as schema from "../src/features/tables";
import { migratePglite, migrateUrl } from "../src/platform/db/migrate";
import { seed } from "../src/features/reviews";
import { bookableDates } from "../src/features/appointments";
import { setLogSink } from "../src/platform/log";
import { serveLocalDb } from "./lib/pglite-server";
import { postgresAvailable, startPostgres } from "./lib/postgres-server";
import { percentile } from "./lib/bench-stats";

const { values } = parseArgs({
  options: {
    requests: { type: "string", default: "2000" },
    concurrency: { type: "string", default: "32" },
    only: { type: "string" },
  },
});
const totalRequests = Number(values.requests);
const concurrency = Number(values.concurrency);
/** Every benchmark booking asks for the first date the site takes bookings on. */
const firstBookableDate = bookableDates({ now: new Date() })[0]!.date;
setLogSink(() => {});
// The handlers key their rate limits with this secret, as `npm run dev` provides it.
process.env["RATE_LIMIT_SECRET"] ??= randomBytes(32).toString("hex");
// Each simulated client names its address in X-Forwarded-For, as the tests do.
process.env["SIMULATE_CLIENTS"] ??= "1";

type Kind = "contact" | "booking" | "review" | "list" | "retry";
interface Sent {
  path: string;
  body: Record<string, unknown>;
  key: string;
  id: number;
  handler: (req: Request) => Promise<Response>;
}

let ipCounter = 0;
const nextIp = () => {
  ipCounter++;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

function request(path: string, body?: Record<string, unknown>, key?: string): Request {
  return new Request(`http://localhost${path}`, {
    method: body ? "POST" : "GET",
    headers: {
      "x-forwarded-for": nextIp(),
      ...(body ? { "content-type": "application/json" } : {}),
      ...(key ? { "idempotency-key": key } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
}

function pickKind(i: number): Kind {
  const r = (i * 7919) % 100; // deterministic spread
  if (r < 35) return "contact";
  if (r < 65) return "booking";
  if (r < 75) return "review";
  if (r < 95) return "list";
  return "retry";
}

interface Result {
  backend: string;
  requests: number;
  concurrency: number;
  seconds: number;
  throughput: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  statuses: Record<string, number>;
  newRows2xx: number;
  rowsStored: number;
  retries: number;
  retriesSameId: number;
  equal: boolean;
}

async function run(backend: string, db: Database): Promise<Result> {
  setDatabase(db);
  await seed(db);
  const count = async () => {
    const [s] = await db.select({ n: sql<number>`count(*)::int` }).from(schema.requests);
    const [t] = await db.select({ n: sql<number>`count(*)::int` }).from(schema.testimonials);
    return Number(s!.n) + Number(t!.n);
  };
  const before = await count();
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  const sent: Sent[] = [];
  let newRows2xx = 0;
  let retries = 0;
  let retriesSameId = 0;
  let next = 0;

  const one = async (i: number) => {
    let kind = pickKind(i);
    if (kind === "retry" && sent.length === 0) kind = "list";
    const started = performance.now();
    let response: Response;
    let post: Omit<Sent, "id"> | undefined;
    let retryOf: Sent | undefined;
    if (kind === "list") {
      response = await testimonialsFn(request("/api/testimonials"));
    } else if (kind === "retry") {
      retryOf = sent[(i * 31) % sent.length]!;
      response = await retryOf.handler(request(retryOf.path, retryOf.body, retryOf.key));
    } else {
      const key = `bench-${backend.replace(/[^a-z0-9]+/gi, "-")}-${Date.now()}-${i}`;
      const person = {
        // The spam guard's fields, as a browser sends them.
        website: "",
        formStartedAt: Date.now() - 60_000,
        // Names are letters only (the form rule): the number written in letters a-z.
        name: `Bench Person ${i.toString(26).replace(/./g, (c) => String.fromCharCode(97 + parseInt(c, 26)))}`,
        email: `bench${i}@example.com`,
        phone: "07700 900123",
      };
      post =
        kind === "contact"
          ? {
              path: "/api/contact",
              handler: contact,
              key,
              body: { ...person, message: `Benchmark message ${i}` },
            }
          : kind === "booking"
            ? {
                path: "/api/bookings",
                handler: bookings,
                key,
                body: {
                  ...person,
                  message: `Job ${i}`,
                  address: `${i} High Street, Kirkcaldy`,
                  service: "floor-carpet",
                  preferredOptions: [{ date: firstBookableDate, window: "any" }],
                },
              }
            : {
                path: "/api/testimonials",
                handler: testimonialsFn,
                key,
                body: {
                  website: "",
                  formStartedAt: Date.now() - 60_000,
                  name: `Bench Reviewer ${i}`,
                  location: "Kirkcaldy",
                  rating: 4,
                  text: `Benchmark review number ${i}.`,
                },
              };
      response = await post.handler(request(post.path, post.body, key));
    }
    latencies.push(performance.now() - started);
    statuses[response.status] = (statuses[response.status] ?? 0) + 1;
    if (response.status === 201) {
      const { id } = (await response.json()) as { id: number };
      if (retryOf) {
        retries++;
        if (id === retryOf.id) retriesSameId++;
      } else if (post) {
        newRows2xx++;
        sent.push({ ...post, id });
      }
    } else {
      await response.arrayBuffer();
    }
  };

  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = next++; i < totalRequests; i = next++) await one(i);
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  const rowsStored = (await count()) - before;
  const sorted = [...latencies].sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    backend,
    requests: totalRequests,
    concurrency,
    seconds: round(seconds),
    throughput: round(totalRequests / seconds),
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? NaN),
    statuses,
    newRows2xx,
    rowsStored,
    retries,
    retriesSameId,
    equal: rowsStored === newRows2xx && retries === retriesSameId,
  };
}

function print(r: Result): void {
  console.log(`\n${r.backend}: ${r.requests} requests, ${r.concurrency} concurrent, ${r.seconds} s`);
  console.log(`  latency ms   p50 ${r.p50}   p95 ${r.p95}   p99 ${r.p99}   max ${r.max}`);
  console.log(`  throughput   ${r.throughput} requests/s`);
  console.log(`  statuses     ${JSON.stringify(r.statuses)}`);
  console.log(
    `  rows stored  ${r.rowsStored}  vs new 2xx answers ${r.newRows2xx}  ${r.rowsStored === r.newRows2xx ? "(equal)" : "(MISMATCH)"}`,
  );
  console.log(
    `  retries      ${r.retries} answered 201, ${r.retriesSameId} with the first id, none stored again`,
  );
}

const results: Result[] = [];
if (values.only === undefined || values.only === "pglite") {
  const pg = await PGlite.create();
  await migratePglite(pg);
  results.push(await run("PGlite (in-process)", drizzlePglite(pg) as unknown as Database));
  await closeDb();
  await pg.close();
  print(results.at(-1)!);
}
if (values.only === undefined || values.only === "local-server") {
  // The path `npm run dev` takes: PGlite behind scripts/lib/pglite-server.ts, 10 node-postgres
  // connections sharing its one session (the stock pglite-socket queue crossed them; decision 010).
  const pg = await PGlite.create();
  await migratePglite(pg);
  const server = await serveLocalDb(pg);
  const client = openDatabase(server.url, { max: 10 });
  try {
    results.push(await run("PGlite via the local server (10 connections)", client.db));
    print(results.at(-1)!);
  } finally {
    await closeDb();
    await client.close();
    await server.stop();
    await pg.close();
  }
}
if (values.only === undefined || values.only === "postgres") {
  if (!postgresAvailable()) {
    console.log("\nPostgreSQL: binaries not installed (apt-get install -y postgresql); skipped.");
  } else {
    const server = await startPostgres();
    try {
      await migrateUrl(server.url);
      const client = openDatabase(server.url, { max: 10 });
      results.push(await run("PostgreSQL 15 (10 connections)", client.db));
      await closeDb();
      await client.close();
      print(results.at(-1)!);
    } finally {
      server.stop();
    }
  }
}
mkdirSync("bench-results", { recursive: true });
writeFileSync("bench-results/api.json", JSON.stringify({ at: new Date().toISOString(), results }, null, 2));
const ok = results.every(
  (r) => r.equal && r.newRows2xx > 0 && !Object.keys(r.statuses).some((s) => Number(s) >= 500),
);
console.log(
  ok ? "\nbench:api: every 2xx is a stored row; no 5xx." : "\nbench:api: MISMATCH or 5xx, see above.",
);
process.exit(ok ? 0 : 1);
