/**
 * `npm run bench:admin`: the owner's inbox at scale. Seeds 100,000 requests, then times, straight
 * into the admin function handlers (session check included, not through `netlify dev`):
 *   - the inbox's first page (50 rows, newest first, with the e-mail status of each);
 *   - a search (a name word, a phone number typed with spaces, a reference, a message word);
 *   - page 50 of a filtered list (bookings in one state, following cursors);
 *   - the CSV export of 10,000 rows, read to the end as a browser would download it;
 *   - the schedule for six weeks holding 2,000 visits (scripts/lib/bench-schedule.ts; goal p95 < 50 ms),
 *   - customer search (after matching every request to its customer by the migration's rule; on
 *     PostgreSQL only): names, a phone number, a postcode and a postcode district,
 * on PGlite in-process and on a throwaway PostgreSQL 15 server, in one run. Prints p50/p95 per
 * operation and the process's peak resident memory during the exports, and fails (exit code 1)
 * when the PostgreSQL first page or search p95 is 100 ms or more, or a customer search's 50 ms or more. Run as `npm run bench:admin`
 * (node --expose-gc, so memory is measured from a collected heap).
 *
 * Options: --rows N (default 100000), --runs N (timed calls per operation, default 30),
 * --only pglite|postgres. Results also go to bench-results/admin.json.
 */
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzleNodePostgres } from "drizzle-orm/node-postgres";
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import { parseArgs } from "node:util";
import pg from "pg";
import adminCustomers from "../netlify/functions/admin-customers.mts";
import adminSubmissions from "../netlify/functions/admin-submissions.mts";
import { closeDb, setDatabase, type Database } from "../src/platform/db/client";
import { migratePglite, migrateUrl } from "../src/platform/db/migrate";
import { setLogSink } from "../src/platform/log";
import { createSession } from "../src/features/admin-auth";
import { postgresAvailable, startPostgres } from "./lib/postgres-server";
import { benchWeek, scheduleGoalMs, seedSchedule, timeSchedule } from "./lib/bench-schedule";
import { percentile } from "./lib/bench-stats";

const { values } = parseArgs({
  options: {
    rows: { type: "string", default: "100000" },
    runs: { type: "string", default: "30" },
    only: { type: "string" },
  },
});
const rows = Number(values.rows);
const runs = Number(values.runs);
setLogSink(() => {});

/**
 * 100,000 requests in one statement: half bookings, dates spread over two years, states in
 * realistic shares (exactly a tenth `quoted`, the export's filter), varied names, towns, phones
 * and messages so the search index has real work to do.
 */
function seedSql(n: number) {
  return sql.raw(`
    insert into form_submissions
      (name, email, phone, message, form_type, address, service, submitted_at, is_read, state, state_changed_at, archived_at)
    select
      (array['Morag','Hamish','Isla','Callum','Eilidh','Fraser','Ailsa','Ewan','Kirsty','Lachlan'])[1 + i % 10]
        || ' ' || (array['Reid','Fraser','Campbell','Hussain','Stewart','Murray','Brown','Wilson','Robertson','Thomson'])[1 + (i / 10) % 10]
        || ' ' || i,
      'person' || i || '@example.com',
      '07' || lpad(((i * 7919) % 1000)::text, 3, '0') || ' ' || lpad(((i::bigint * 104729) % 1000000)::text, 6, '0'),
      (array['The boiler pressure keeps dropping and the radiators are cold upstairs',
             'Two bedrooms to paint, walls and ceilings, and the hall wallpapered',
             'Kitchen tap dripping and a cupboard door hanging off',
             'Laminate flooring for the living room, about twenty square metres',
             'Could you hang wallpaper on a ceiling? Victorian flat in Leith'])[1 + i % 5] || ' (' || i || ')',
      case when i % 2 = 0 then 'booking' else 'contact' end,
      case when i % 2 = 0 then i || ' ' || (array['High Street','Links Street','Harbour Road','Kirk Wynd'])[1 + i % 4]
        || ', ' || (array['Kirkcaldy','Burntisland','Kinghorn','Dunfermline','Leith'])[1 + i % 5]
        || ' ' || postcode_of(i) end,
      case when i % 2 = 0 then (array['paint-wallpaper','plumbing-heating','kitchen-bathroom','floor-carpet'])[1 + i % 4] end,
      now() - make_interval(secs => (${n} - i) * 630),
      i % 10 <> 0,
      (array['new','contacted','quoted','scheduled','done','done','lost','cancelled','contacted','spam'])[1 + i % 10],
      now() - make_interval(secs => (${n} - i) * 600),
      case when i % 37 = 0 then now() end
    from generate_series(1, ${n}) as i`);
}

/**
 * The postcode the seed gives booking i: "KY" and 1-16, a space, a digit and two letters (64,000
 * postcodes, so one or two customers each); as SQL for the seed and as TypeScript for the queries.
 */
const postcodeFunctionSql = sql.raw(`
  create or replace function postcode_of(i integer) returns text language sql immutable as $$
    select 'KY' || (1 + i % 16) || ' ' || ((i / 16) % 10) || chr(65 + (i / 160) % 20) || chr(65 + (i / 3200) % 20)
  $$`);
const postcodeOf = (i: number) =>
  `KY${1 + (i % 16)} ${Math.floor(i / 16) % 10}${String.fromCharCode(65 + (Math.floor(i / 160) % 20))}${String.fromCharCode(65 + (Math.floor(i / 3200) % 20))}`;

/**
 * Every seeded request's customer, by the migration's own rule (assign_customer, oldest request
 * first), as the migration does for requests stored before customers existed.
 */
const assignCustomersSql = sql.raw(`
  do $$
  declare req record;
  begin
    for req in select id from form_submissions where customer_id is null and state <> 'spam' order by submitted_at, id loop
      perform assign_customer(req.id);
    end loop;
  end $$`);

/** The phone number the seed gives request i, as typed on the form (with a space). */
const phoneOf = (i: number) =>
  `07${String((i * 7919) % 1000).padStart(3, "0")} ${String((i * 104729) % 1_000_000).padStart(6, "0")}`;

const round = (n: number) => Math.round(n * 10) / 10;
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

interface Timing {
  p50: number;
  p95: number;
  max: number;
}
function summarise(samples: number[]): Timing {
  const s = [...samples].sort((a, b) => a - b);
  return { p50: round(percentile(s, 50)), p95: round(percentile(s, 95)), max: round(s.at(-1) ?? NaN) };
}

interface Result {
  backend: string;
  rows: number;
  seedSeconds: number;
  /** Matching every seeded request to its customer (the migration's backfill). */
  customers: { count: number; assignSeconds: number } | null;
  /** Customer search (GET /api/admin/customers?q=), per kind of query. */
  customerSearch: Record<string, Timing & { q: string; matches: number }>;
  firstPage: Timing;
  search: Timing;
  filteredPage50: Timing;
  export10k: Timing & {
    rows: number;
    bytes: number;
    heapGrowthMb: number;
    rssGrowthMb: number;
    rssPeakMb: number;
  };
  exportDouble: { rows: number; ms: number; heapGrowthMb: number; rssGrowthMb: number };
  searches: Record<string, number>;
  schedule: Timing & { visits: number; bytes: number };
  /** One week of those six, as the week view asks for it. */
  scheduleWeek: Timing & { visits: number; bytes: number };
  /** The machine's load average (1, 5, 15 minutes) before and after: the figures mean little on a busy machine. */
  load: { before: number[]; after: number[] };
}

async function run(backend: string, db: Database): Promise<Result> {
  setDatabase(db);
  const t0 = performance.now();
  await db.execute(postcodeFunctionSql);
  await db.execute(seedSql(rows));
  await db.execute(sql`analyze`);
  const seedSeconds = round((performance.now() - t0) / 1000);
  console.log(`\n${backend}: seeded ${rows} requests in ${seedSeconds} s`);
  // Customers on PostgreSQL only: PGlite runs the matching function a hundred thousand times at
  // several milliseconds a call (well over ten minutes), and the goal is PostgreSQL's.
  const withCustomers = backend.startsWith("PostgreSQL");
  let customers: Result["customers"] = null;
  if (withCustomers) {
    const t1 = performance.now();
    await db.execute(assignCustomersSql);
    await db.execute(sql`analyze`);
    const assignSeconds = round((performance.now() - t1) / 1000);
    const counted = (await db.execute(sql`select count(*)::int as n from customers`)) as unknown as {
      rows: { n: number }[];
    };
    customers = { count: counted.rows[0]!.n, assignSeconds };
    console.log(`${backend}: matched them to ${customers.count} customers in ${assignSeconds} s`);
  }

  const { token } = await createSession();
  const get = async (path: string) => {
    const res = await adminSubmissions(
      new Request(`http://localhost${path}`, {
        headers: { cookie: `kh_admin=${token}`, "x-forwarded-for": "203.0.113.7" },
      }),
    );
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res;
  };
  const time = async (path: () => string, each?: (path: string, ms: number) => void) => {
    const samples: number[] = [];
    for (let i = 0; i < runs + 3; i++) {
      const p = path();
      const started = performance.now();
      const res = await get(p);
      await res.arrayBuffer();
      const ms = performance.now() - started;
      if (i >= 3) {
        samples.push(ms); // after three warm-up calls
        each?.(p, ms);
      }
    }
    return summarise(samples);
  };

  const loadBefore = os.loadavg().map(round);

  // Customer search: a name (first and last name, a hundredth of all customers), a rarer one (a
  // thousandth: too rare for the walk in list order, so the indexes and a sort), one person's full
  // name, a phone number typed with +44, a full postcode, and a postcode's first half (a sixteenth
  // of the bookings).
  const getCustomers = async (path: string) => {
    const res = await adminCustomers(
      new Request(`http://localhost${path}`, {
        headers: { cookie: `kh_admin=${token}`, "x-forwarded-for": "203.0.113.7" },
      }),
    );
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as { customers: unknown[] };
  };
  const customerQueries: Record<string, string> = {
    name: "morag reid",
    "name, rarer": "morag reid 1",
    "full name": "isla stewart 4242",
    phone: `+44 ${phoneOf(4242).slice(1)}`,
    postcode: postcodeOf(4242).toLowerCase(),
    "postcode district": postcodeOf(4242).split(" ")[0]!,
  };
  const customerSearch: Result["customerSearch"] = {};
  for (const [kind, q] of withCustomers ? Object.entries(customerQueries) : []) {
    const path = `/api/admin/customers?q=${encodeURIComponent(q)}`;
    const samples: number[] = [];
    let matches = 0;
    for (let i = 0; i < runs + 3; i++) {
      const started = performance.now();
      const body = await getCustomers(path);
      const ms = performance.now() - started;
      matches = body.customers.length;
      if (i >= 3) samples.push(ms);
    }
    if (matches === 0) throw new Error(`customer search "${q}" found nobody`);
    customerSearch[kind] = { q, matches, ...summarise(samples) };
  }

  const firstPage = await time(() => "/api/admin/submissions");
  const searches = [
    "hamish",
    phoneOf(4242),
    "KB-004242",
    "wallpaper ceiling",
    "Burntisland 4242",
    "morag reid",
  ];
  const perTermSamples = new Map<string, number[]>();
  let s = 0;
  const search = await time(
    () => {
      const q = searches[s++ % searches.length]!;
      return `/api/admin/submissions?q=${encodeURIComponent(q)}`;
    },
    (path, ms) => {
      const q = new URL(path, "http://x").searchParams.get("q")!;
      perTermSamples.set(q, [...(perTermSamples.get(q) ?? []), ms]);
    },
  );
  const perTerm = Object.fromEntries([...perTermSamples].map(([q, v]) => [q, summarise(v).p50]));

  // Page 50 of bookings that are `contacted`, reached by following 49 cursors once.
  const filter = "type=booking&state=contacted&limit=50";
  let cursor: string | null = null;
  for (let page = 1; page < 50; page++) {
    const body = (await (
      await get(`/api/admin/submissions?${filter}${cursor ? `&cursor=${cursor}` : ""}`)
    ).json()) as {
      nextCursor: string | null;
    };
    cursor = body.nextCursor;
    if (!cursor) throw new Error(`the filter has fewer than 50 pages (stopped at ${page})`);
  }
  const filteredPage50 = await time(() => `/api/admin/submissions?${filter}&cursor=${cursor}`);

  // The export: every `quoted` request (exactly a tenth of the rows), read to the end. Memory is
  // sampled while it streams; the same is done for twice as many rows (every `done` request) to
  // show that what the export holds does not grow with its size.
  const exportOnce = async (filter: string) => {
    global.gc?.();
    const before = process.memoryUsage();
    let heapPeak = before.heapUsed;
    let rssPeak = before.rss;
    const sample = () => {
      const m = process.memoryUsage();
      heapPeak = Math.max(heapPeak, m.heapUsed);
      rssPeak = Math.max(rssPeak, m.rss);
    };
    const sampler = setInterval(sample, 10);
    const started = performance.now();
    const res = await get(`/api/admin/submissions/export.csv?${filter}`);
    const reader = res.body!.getReader();
    let lines = 0;
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      for (const b of value) if (b === 0x0a) lines++;
      sample();
    }
    const ms = performance.now() - started;
    clearInterval(sampler);
    return {
      ms,
      rows: lines - 1,
      bytes: size,
      heapGrowth: heapPeak - before.heapUsed,
      rssGrowth: rssPeak - before.rss,
      rss: rssPeak,
    };
  };
  const exportRuns = Math.max(3, Math.min(10, Math.floor(runs / 3)));
  const exports = [];
  for (let i = 0; i < exportRuns; i++) exports.push(await exportOnce("state=quoted&archived=all"));
  const double = await exportOnce("state=done&archived=all");
  await seedSchedule(db);
  const scheduled = await timeSchedule(token, runs);
  const week = await timeSchedule(token, runs, benchWeek);
  const samples = exports.map((e) => e.ms);
  const exportedRows = exports[0]!.rows;
  const bytes = exports[0]!.bytes;
  return {
    backend,
    rows,
    seedSeconds,
    customers,
    customerSearch,
    firstPage,
    search,
    filteredPage50,
    export10k: {
      ...summarise(samples),
      rows: exportedRows,
      bytes,
      heapGrowthMb: mb(Math.max(...exports.map((e) => e.heapGrowth))),
      rssGrowthMb: mb(Math.max(...exports.map((e) => e.rssGrowth))),
      rssPeakMb: mb(Math.max(...exports.map((e) => e.rss))),
    },
    exportDouble: {
      rows: double.rows,
      ms: round(double.ms),
      heapGrowthMb: mb(double.heapGrowth),
      rssGrowthMb: mb(double.rssGrowth),
    },
    searches: perTerm,
    schedule: { ...summarise(scheduled.samples), visits: scheduled.visits, bytes: scheduled.bytes },
    scheduleWeek: { ...summarise(week.samples), visits: week.visits, bytes: week.bytes },
    load: { before: loadBefore, after: os.loadavg().map(round) },
  };
}

function print(r: Result): void {
  const line = (label: string, t: Timing) =>
    console.log(
      `  ${label.padEnd(22)} p50 ${String(t.p50).padStart(7)} ms   p95 ${String(t.p95).padStart(7)} ms   max ${t.max} ms`,
    );
  line("first page (50 rows)", r.firstPage);
  line("search", r.search);
  line("filtered page 50", r.filteredPage50);
  line(`CSV export`, r.export10k);
  line(`schedule, 6 weeks`, r.schedule);
  line(`schedule, 1 week`, r.scheduleWeek);
  console.log(
    `  schedule: ${r.schedule.visits} visits in the six weeks, ${Math.round(r.schedule.bytes / 1024)} KB of JSON`,
  );
  console.log(
    `  export: ${r.export10k.rows} rows, ${Math.round(r.export10k.bytes / 1024)} KB; while streaming the heap grew at most ${r.export10k.heapGrowthMb} MB and RSS ${r.export10k.rssGrowthMb} MB (process peak RSS ${r.export10k.rssPeakMb} MB)`,
  );
  console.log(
    `  export of ${r.exportDouble.rows} rows: ${r.exportDouble.ms} ms; heap grew at most ${r.exportDouble.heapGrowthMb} MB, RSS ${r.exportDouble.rssGrowthMb} MB`,
  );
  console.log(
    `  search p50 per text: ${Object.entries(r.searches)
      .map(([q, ms]) => `"${q}" ${ms} ms`)
      .join(", ")}`,
  );
  if (r.customers) {
    for (const [kind, t] of Object.entries(r.customerSearch)) line(`customers: ${kind}`, t);
    console.log(
      `  customer search texts: ${Object.entries(r.customerSearch)
        .map(([kind, t]) => `${kind} "${t.q}" (${t.matches} on the first page)`)
        .join(", ")}`,
    );
  } else console.log("  customer search: measured on PostgreSQL only");
  console.log(`  load average before ${r.load.before.join(" ")}, after ${r.load.after.join(" ")}`);
}

const results: Result[] = [];
if (values.only === undefined || values.only === "pglite") {
  const pg = await PGlite.create();
  await migratePglite(pg);
  try {
    results.push(await run("PGlite (in-process)", drizzlePglite(pg) as unknown as Database));
    print(results.at(-1)!);
  } finally {
    await closeDb();
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
      const client = new pg.Pool({ connectionString: server.url, max: 4 });
      try {
        results.push(await run("PostgreSQL 15", drizzleNodePostgres(client) as unknown as Database));
        print(results.at(-1)!);
      } finally {
        await closeDb();
        await client.end();
      }
    } finally {
      server.stop();
    }
  }
}

mkdirSync("bench-results", { recursive: true });
writeFileSync(
  "bench-results/admin.json",
  `${JSON.stringify({ date: new Date().toISOString(), results }, null, 2)}\n`,
);

const pgResult = results.find((r) => r.backend.startsWith("PostgreSQL"));
if (pgResult && (pgResult.firstPage.p95 >= 100 || pgResult.search.p95 >= 100)) {
  console.error("\nGoal missed: PostgreSQL first page and search p95 must be under 100 ms.");
  process.exitCode = 1;
}
if (pgResult && pgResult.schedule.p95 >= scheduleGoalMs) {
  console.error(`\nGoal missed: PostgreSQL schedule p95 must be under ${scheduleGoalMs} ms.`);
  process.exitCode = 1;
}
const slowCustomers = Object.entries(pgResult?.customerSearch ?? {}).filter(([, t]) => t.p95 >= 50);
if (slowCustomers.length > 0) {
  console.error(
    `\nGoal missed: PostgreSQL customer search p95 must be under 50 ms (${slowCustomers.map(([k]) => k).join(", ")}).`,
  );
  process.exitCode = 1;
}
