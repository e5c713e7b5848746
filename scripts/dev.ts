/**
 * `npm run dev`: the whole local stack in one command.
 *
 *  1. takes the data folder's lock (a second `npm run dev` on the same folder exits with a message);
 *  2. opens the embedded Postgres (PGlite) in that folder, applies the migrations and the seed,
 *     then runs the bootstrap steps below;
 *  3. serves it on loopback (scripts/lib/pglite-server.ts: the pglite-socket handler with a queue
 *     that keeps each client's protocol sequences whole; this process is the only one that opens
 *     the folder; functions reach it through DATABASE_URL);
 *  4. starts the site with its functions on one port: Astro's dev server (hot reload) with every
 *     function loaded once in its process and reloaded when its code changes
 *     (integrations/local-functions.ts, docs/decisions/041-dev-server-functions.md); or, with
 *     --netlify, Netlify's own `netlify dev` (a fresh worker per function call); or, with --serve,
 *     `netlify serve` (the production build); or, with --host, `astro build` and then the
 *     production build with every function imported once in one Node process
 *     (scripts/lib/site-host.ts: what the browser tests run against,
 *     docs/decisions/036-browser-test-host.md; a publish rebuilds the site into
 *     <data-dir>/builds and serves the new build once it succeeded, docs/decisions/057);
 *  5. prints the URL once /api/health answers 200. Ctrl-C stops every process it started (each
 *     child runs in its own process group) and closes the database cleanly.
 *
 * Flags: --netlify, --serve, --host (with --no-build: serve the dist/ already built), --port N (default 8888), --data-dir DIR (default .data/dev), --fresh (wipe the
 * data folder first), --db-port N (default: a free port), --listen-on-network (see below).
 *
 * Private by default (docs/decisions/043-security-by-default.md): every process it starts listens
 * on 127.0.0.1 only (scripts/lib/loopback-only.mjs, preloaded through NODE_OPTIONS, whatever the
 * tool), and answers only requests whose Host is the stack's own loopback name (LOCAL_HOSTS,
 * src/platform/http/local-hosts.ts). --listen-on-network listens on every address and adds this
 * machine's own addresses to the names it answers, with a warning: anyone on the network can
 * then reach the admin's sign-in.
 */
import { PGlite } from "@electric-sql/pglite";
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { createServer } from "node:net";
import { networkInterfaces } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { drizzle } from "drizzle-orm/pglite";
import { setDatabase, type Database } from "../src/platform/db/client";
import { migratePglite } from "../src/platform/db/migrate";
import { seed } from "../src/features/reviews";
import { loopbackHosts } from "../src/platform/http/local-hosts";
import { checkAdminPassword, seedLocalAdminPassword } from "../src/features/admin-auth";
import {
  describeLocalPassword,
  keepLocalAdminPassword,
  readLocalAdminPassword,
  type LocalPassword,
} from "./lib/admin-password";
import { acquireLock, DataDirBusy, defaultDataDir, otherStacks } from "./lib/local-db";
import { pgliteTemplate } from "./lib/pglite-template";
import { localVapidKeys } from "./lib/vapid";
import { serveLocalDb, type LocalDbServer } from "./lib/pglite-server";

/**
 * Steps that run after the migrations and the seed, before anything can connect. Each gets the
 * in-process database (getDb() works too) and a logger. Add local-only bootstrap here, e.g. the
 * dev-only admin password.
 */
export type BootstrapStep = (ctx: { db: Database; log: (line: string) => void }) => Promise<void>;
const bootstrapSteps: BootstrapStep[] = [
  // A random admin password of this data folder's own, made on first start and kept beside it
  // (scripts/lib/admin-password.ts; production has no default password).
  async ({ log }) => {
    const seeded = await seedLocalAdminPassword();
    if (seeded) keepLocalAdminPassword(dataDir, seeded);
    const kept = seeded ?? readLocalAdminPassword(dataDir);
    const state: LocalPassword =
      kept && (seeded || (await checkAdminPassword(kept)) === "ok")
        ? { state: seeded ? "new" : "kept", password: kept }
        : { state: "changed" };
    log(describeLocalPassword(state, dataDir, `${siteUrl}/admin`));
  },
];

const { values } = parseArgs({
  options: {
    netlify: { type: "boolean", default: false },
    serve: { type: "boolean", default: false },
    host: { type: "boolean", default: false },
    "no-build": { type: "boolean", default: false },
    port: { type: "string", default: "8888" },
    "data-dir": { type: "string", default: defaultDataDir },
    fresh: { type: "boolean", default: false },
    "db-port": { type: "string" },
    "listen-on-network": { type: "boolean", default: false },
  },
});

const log = (line: string) => console.log(`[dev] ${line}`);
const port = Number(values.port);
const dataDir = path.resolve(values["data-dir"]);
const siteUrl = `http://localhost:${port}`;
const listenOnNetwork = values["listen-on-network"];

/** The `host:port` names the stack answers to: loopback, and with --listen-on-network this machine's addresses. */
function ownHosts(): string[] {
  const hosts = loopbackHosts(port);
  if (!listenOnNetwork) return hosts;
  for (const list of Object.values(networkInterfaces())) {
    for (const a of list ?? []) {
      if (!a.internal) hosts.push(a.family === "IPv6" ? `[${a.address}]:${port}` : `${a.address}:${port}`);
    }
  }
  return hosts;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port: p } = server.address() as { port: number };
      server.close(() => resolve(p));
    });
  });
}

let lock: ReturnType<typeof acquireLock>;
try {
  lock = acquireLock(dataDir);
} catch (error) {
  if (error instanceof DataDirBusy) {
    console.error(`[dev] ${error.message}`);
    process.exit(1);
  }
  throw error;
}

const children: ChildProcess[] = [];
let socketServer: LocalDbServer | undefined;
let pg: PGlite | undefined;
let stopping = false;

async function shutdown(code: number): Promise<never> {
  if (stopping) return new Promise(() => {});
  stopping = true;
  for (const child of children) killGroup(child, "SIGTERM");
  await Promise.all(children.map((c) => waitExit(c, 5000).then((done) => done || killGroup(c, "SIGKILL"))));
  await socketServer?.stop().catch(() => {});
  await pg?.close().catch(() => {});
  lock.release();
  process.exit(code);
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    /* already gone */
  }
}

function waitExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

process.on("SIGINT", () => void shutdown(0));
process.on("SIGTERM", () => void shutdown(0));
process.on("SIGHUP", () => void shutdown(0));

try {
  const t0 = performance.now();
  for (const other of values.netlify || values.serve ? otherStacks(dataDir) : []) {
    log(
      `warning: another local stack (pid ${other.info.pid}${other.info.siteUrl ? `, ${other.info.siteUrl}` : ""}) runs from this checkout. ` +
        "netlify-cli shares .netlify/functions-serve between them, so functions may fail to load until one stops.",
    );
  }
  if (values.fresh) {
    rmSync(dataDir, { recursive: true, force: true });
    log(`wiped ${path.relative(process.cwd(), dataDir)}`);
  }
  // A new folder starts from the migrated template (seconds faster than initdb); an existing one
  // is opened as it is. Either way the migrations then bring it up to date.
  const isNew = !existsSync(path.join(dataDir, "PG_VERSION"));
  pg = isNew
    ? await PGlite.create(dataDir, { loadDataDir: await pgliteTemplate() })
    : await PGlite.create(dataDir);
  await migratePglite(pg);
  const db = drizzle(pg) as unknown as Database;
  setDatabase(db);
  const seeded = await seed(db);
  for (const step of bootstrapSteps) await step({ db, log });
  log(
    `database ready in ${Math.round(performance.now() - t0)} ms (${path.relative(process.cwd(), dataDir)}; seeded ${seeded.testimonials} testimonials)`,
  );

  const dbPort = values["db-port"] ? Number(values["db-port"]) : await freePort();
  socketServer = await serveLocalDb(pg, { port: dbPort });
  const databaseUrl = socketServer.url;
  lock.update({ databaseUrl });
  log(`database listening on ${databaseUrl}`);

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    // Links in e-mails (the customer's page, the admin) point at this stack, not the live domain.
    SITE_URL: siteUrl,
    // The key of the rate limits' HMAC (docs/operations.md, Security): a new one per start is enough locally,
    // where the counters only live for minutes.
    RATE_LIMIT_SECRET: process.env["RATE_LIMIT_SECRET"] ?? randomBytes(32).toString("hex"),
    // Web push (docs/decisions/034-push-notifications.md): one key pair per data folder, kept beside
    // it, so a browser that turned notifications on keeps getting them after a restart.
    ...(process.env["VAPID_PUBLIC_KEY"] && process.env["VAPID_PRIVATE_KEY"]
      ? {}
      : (() => {
          const pair = localVapidKeys(`${dataDir}.vapid.json`);
          return { VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey };
        })()),
    // Vite's bundles of the browser's packages, one folder per port (astro.config.mjs). Stacks
    // that run side by side in one checkout (the stack test beside `npm run dev -- --netlify`)
    // start with different settings, and one that re-bundles into a shared folder pulls the files
    // from under the other's pages: "504 Outdated Optimize Dep", islands that never start.
    SITE_VITE_CACHE_DIR: path.resolve("node_modules/.vite", `dev-${port}`),
    // Loopback only, in every process and whatever the tool (see the header).
    LOCAL_HOSTS: ownHosts().join(","),
    LISTEN_ON_NETWORK: listenOnNetwork ? "1" : "0",
    NODE_OPTIONS: [
      process.env["NODE_OPTIONS"] ?? "",
      `--import=${new URL("./lib/loopback-only.mjs", import.meta.url).href}`,
    ]
      .join(" ")
      .trim(),
    ASTRO_TELEMETRY_DISABLED: "1",
    ASTRO_DISABLE_UPDATE_CHECK: "true",
    BROWSER: "none",
    // Node's on-disk cache of compiled code, for netlify-cli, Astro and above all the worker thread
    // netlify-cli starts for every function call, which compiles the function's bundle, zod, pg and
    // drizzle-orm again each time (docs/decisions/021-functions-cold-start.md). Keyed by each file's
    // content, so an edited file is compiled afresh.
    NODE_COMPILE_CACHE:
      process.env["NODE_COMPILE_CACHE"] ?? path.resolve("node_modules/.cache/node-compile-cache"),
    // `astro` and other local tools by name, on this same Node, however the runner was started.
    PATH: [path.resolve("node_modules/.bin"), path.dirname(process.execPath), process.env["PATH"] ?? ""].join(
      path.delimiter,
    ),
  };
  // Astro's dev server misbehaves when it inherits Vitest's variables.
  for (const key of Object.keys(env)) if (key.startsWith("VITEST")) delete env[key];

  const common = ["--offline", "--internal-disable-edge-functions", "--port", String(port)];
  let args: string[];
  if (values.host) {
    if (!values["no-build"]) {
      log("building the site (astro build)");
      const build = spawn(process.execPath, [path.resolve("node_modules/astro/bin/astro.mjs"), "build"], {
        stdio: ["ignore", "inherit", "inherit"],
        env,
      });
      const code = await new Promise<number | null>((resolve) => build.on("exit", resolve));
      if (code !== 0) {
        log(`astro build failed (${code ?? "signal"}); stopping`);
        await shutdown(1);
      }
    }
    args = [
      "--import",
      "tsx",
      fileURLToPath(new URL("./lib/site-host.ts", import.meta.url)),
      "--port",
      String(port),
      "--blobs-dir",
      path.join(dataDir, "blobs"),
      // Publishing rebuilds the site into a new folder here and serves it once built.
      "--builds-dir",
      path.join(dataDir, "builds"),
    ];
  } else if (values.serve) {
    // netlify serve's static file server listens on 3999 unless told otherwise: a second stack
    // (another --port) would fail on it.
    args = ["netlify", "serve", ...common, "--staticServerPort", String(await freePort())];
  } else if (values.netlify) {
    const astroPort = await freePort();
    args = [
      "netlify",
      "dev",
      "--no-open",
      ...common,
      "--command",
      // --ignore-lock: several stacks may run in one checkout (each has its own data folder and
      // ports), and it keeps Astro in the foreground where Ctrl-C reaches it.
      `astro dev --port ${astroPort} --host ${listenOnNetwork ? "0.0.0.0" : "127.0.0.1"} --ignore-lock`,
      "--target-port",
      String(astroPort),
      "--framework",
      "#custom",
    ];
  } else {
    env["SITE_LOCAL_FUNCTIONS"] = "1";
    env["SITE_BLOBS_DIR"] = path.join(dataDir, "blobs");
    args = [
      path.resolve("node_modules/astro/bin/astro.mjs"),
      "dev",
      "--port",
      String(port),
      // Loopback (a browser trying ::1 for `localhost` falls back to 127.0.0.1 at once).
      "--host",
      listenOnNetwork ? "0.0.0.0" : "127.0.0.1",
      "--ignore-lock",
    ];
  }
  // netlify-cli run by this same Node (not through npx: faster, and never the system's older Node).
  const netlifyBin = createRequire(import.meta.url).resolve("netlify-cli/bin/run.js");
  const viaNetlify = values.netlify || values.serve;
  const child = spawn(process.execPath, viaNetlify ? [netlifyBin, ...args.slice(1)] : args, {
    stdio: ["ignore", "inherit", "inherit"],
    env,
    detached: true,
  });
  children.push(child);
  if (child.pid) {
    // Stops netlify's process group even if this runner is killed outright (scripts/lib/reaper.mjs).
    spawn(
      process.execPath,
      [fileURLToPath(new URL("./lib/reaper.mjs", import.meta.url)), String(process.pid), String(child.pid)],
      {
        stdio: "ignore",
        detached: true,
      },
    ).unref();
  }
  child.on("exit", (code) => {
    if (!stopping) {
      log(
        `${values.host ? "the site host" : viaNetlify ? "netlify" : "astro dev"} exited (${code ?? "signal"}); stopping`,
      );
      void shutdown(code ?? 1);
    }
  });

  // Ready when the functions answer and the database behind them does too.
  // About a minute on an idle 2-core machine (netlify-cli builds every function first); far more
  // while other work shares the machine.
  const deadline = Date.now() + 600_000;
  for (;;) {
    if (stopping) break;
    try {
      const response = await fetch(`${siteUrl}/api/health`, { signal: AbortSignal.timeout(5000) });
      if (response.status === 200) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) {
      console.error(`[dev] ${siteUrl}/api/health did not answer 200 within 10 minutes; stopping`);
      await shutdown(1);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  lock.update({ siteUrl });
  if (listenOnNetwork) {
    log(
      `WARNING: --listen-on-network: this stack answers on every network address (${ownHosts().slice(3).join(", ") || "none found"}); anyone on this network can reach it and try the admin sign-in. Stop it when you are done.`,
    );
  }
  log(`ready in ${Math.round((performance.now() - t0) / 100) / 10} s: ${siteUrl}  (Ctrl-C to stop)`);
} catch (error) {
  console.error(`[dev] ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  await shutdown(1);
}
