/**
 * The one-command local stack for real: `tsx scripts/dev.ts` (what `npm run dev` runs) started
 * from this test on the getting-started guide's port 8888 with a data folder of its own. It serves the pages and
 * /api/*, passes the smoke test in Chromium (tests/smoke, playwright.dev.config.ts, pointed at this
 * stack with the admin password it printed), refuses a second owner of the data folder with a clear
 * message, stops every process on SIGINT, and a row written through the API is still there after a
 * restart (and the seed does not run twice). One start for the smoke test and this test, one more
 * for the restart.
 *
 * The first start also shows the stack is private by default (docs/decisions/043-security-by-default.md):
 * every socket the runner and the processes it started listen on is a loopback address (read from
 * /proc, tests/helpers/listening.ts); a sign-in whose Host and Origin name another address is
 * refused before the function runs, while the same password under the stack's own name signs in;
 * the password is the random one the runner printed, and `npm run admin:password` prints it again.
 */
import { offeredDates } from "../helpers/dates";
import { uniqueName } from "../helpers/http";
import ipaddr from "ipaddr.js";
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { request } from "node:http";
import { createServer } from "node:net";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listeningSockets } from "../helpers/listening";

const root = path.resolve(import.meta.dirname, "../..");
const execFileAsync = promisify(execFile);
const dataDir = path.join(root, ".data", `stack-test-${process.pid}-${Date.now()}`);
const lockFile = `${dataDir}.lock`;
/** The guide's URL (docs/getting-started.md); the smoke test checks the site there (playwright.dev.config.ts `devPort`). */
const devPort = 8888;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function childEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const key of Object.keys(env))
    if (key.startsWith("VITEST") || key === "TEST_DATABASE_URL") delete env[key];
  delete env["DATABASE_URL"];
  delete env["LISTEN_ON_NETWORK"];
  return env;
}

interface Stack {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function startStack(port: number): Stack {
  // `npm run dev` is `tsx scripts/dev.ts`; run it without the npm/npx wrappers so that the process
  // we signal is the runner itself (as Ctrl-C in a terminal reaches it).
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "scripts/dev.ts", "--port", String(port), "--data-dir", dataDir],
    {
      cwd: root,
      env: childEnv(),
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let out = "";
  child.stdout!.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, output: () => out, exited };
}

async function waitReady(stack: Stack, url: string, ms = 600_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (stack.child.exitCode !== null) throw new Error(`stack exited early:\n${stack.output().slice(-3000)}`);
    if (stack.output().includes("[dev] ready")) {
      const health = await fetch(`${url}/api/health`).catch(() => null);
      if (health?.status === 200) {
        console.log(
          `stack ready: ${stack
            .output()
            .match(/\[dev\] (database ready in \d+ ms|ready in [\d.]+ s)/g)
            ?.join(", ")}`,
        );
        return;
      }
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`stack not ready within ${ms} ms:\n${stack.output().slice(-3000)}`);
}

async function stopStack(stack: Stack): Promise<number | null> {
  if (stack.child.exitCode === null && stack.child.pid) process.kill(-stack.child.pid, "SIGINT");
  return stack.exited;
}

function databaseUrl(): string {
  return (JSON.parse(readFileSync(lockFile, "utf8")) as { databaseUrl: string }).databaseUrl;
}

/** Rows of one query on the stack's database, over the wire as the functions reach it. */
async function queryStack(text: string, values: unknown[] = []): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end();
  }
}

const running: Stack[] = [];
afterAll(async () => {
  // Normally every stack is stopped already; after a failure, stop what is left politely first
  // (the runner then stops the dev server), and only then by force (its reaper still stops it).
  for (const stack of running) {
    if (stack.child.exitCode !== null || !stack.child.pid) continue;
    try {
      process.kill(-stack.child.pid, "SIGINT");
    } catch {
      continue;
    }
    const stopped = await Promise.race([
      stack.exited.then(() => true),
      new Promise((r) => setTimeout(() => r(false), 15_000)),
    ]);
    if (!stopped) {
      try {
        process.kill(-stack.child.pid, "SIGKILL");
      } catch {
        /* gone */
      }
    }
  }
  for (const suffix of ["", ".lock", ".admin-password", ".vapid.json"]) {
    rmSync(`${dataDir}${suffix}`, { recursive: true, force: true });
  }
}, 60_000);

/** A request with a Host header of our choosing (fetch sets its own). */
function send(
  port: number,
  o: { method: string; path: string; host: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        method: o.method,
        path: o.path,
        headers: { host: o.host, ...o.headers },
      },
      (res) => {
        let body = "";
        res.on("data", (d: Buffer) => (body += d.toString()));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on("error", reject);
    req.end(o.body);
  });
}

function isLoopback(address: string): boolean {
  const parsed = ipaddr.process(address);
  return parsed.range() === "loopback";
}

/** Whether nothing listens on the port yet (another `npm run dev` would own 8888). */
async function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/** The smoke test (tests/smoke) in Chromium against the running stack; its output on failure. */
async function smokeTest(
  url: string,
  adminPassword: string,
): Promise<{ code: number | null; output: string }> {
  const env = childEnv();
  for (const key of Object.keys(env)) if (key.startsWith("E2E_")) delete env[key];
  const child = spawn(
    process.execPath,
    [path.join(root, "node_modules/@playwright/test/cli.js"), "test", "-c", "playwright.dev.config.ts"],
    {
      cwd: root,
      env: { ...env, SMOKE_BASE_URL: url, SMOKE_ADMIN_PASSWORD: adminPassword },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  child.stdout.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr.on("data", (d: Buffer) => (output += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.on("exit", (c) => resolve(c)));
  return { code, output };
}

describe("npm run dev", () => {
  const port = devPort;
  const url = `http://localhost:${port}`;
  let first: Stack;
  beforeAll(async () => {
    expect(await portFree(port), `port ${port} is in use: stop the other \`npm run dev\` first`).toBe(true);
    first = startStack(port);
    running.push(first);
    await waitReady(first, url);
  }, 900_000);

  it("listens on loopback only, refuses another Host, and prints a password of its own", async () => {
    const sockets = listeningSockets(first.child.pid!);
    expect(sockets.map((s) => s.port)).toContain(port);
    expect(sockets.length).toBeGreaterThanOrEqual(3); // the site, the database, the Blobs server
    for (const socket of sockets) {
      expect(
        isLoopback(socket.address),
        `pid ${socket.pid} listens on ${socket.address}:${socket.port}`,
      ).toBe(true);
    }

    const password = /admin password \(this local database only\): (\S+)/.exec(first.output())?.[1];
    expect(password).toMatch(/^[A-Za-z0-9_-]{20}$/);
    const signIn = (host: string, origin: string) =>
      send(port, {
        method: "POST",
        path: "/api/admin/session",
        host,
        headers: { origin, "content-type": "application/json", "x-forwarded-for": "198.51.100.7" },
        body: JSON.stringify({ password }),
      });
    // A name of the attacker's own pointing at 127.0.0.1 (DNS rebinding), its Origin to match.
    const rebound = await signIn(`attacker.example:${port}`, `http://attacker.example:${port}`);
    expect(rebound.status).not.toBe(200);
    expect([403, 421]).toContain(rebound.status);
    // Another address (what a neighbour on the network would send to a stack listening there).
    const lan = await signIn(`192.168.1.20:${port}`, `http://192.168.1.20:${port}`);
    expect(lan.status).toBe(421);
    expect(JSON.parse(lan.body).error.code).toBe("misdirected_request");
    // The stack's own name, another site's Origin: the same-origin check still refuses.
    const crossSite = await signIn(`localhost:${port}`, "https://attacker.example");
    expect(crossSite.status).toBe(403);
    const own = await signIn(`localhost:${port}`, `http://localhost:${port}`);
    expect(own.status, own.body).toBe(200);
    const ownByAddress = await signIn(`127.0.0.1:${port}`, `http://127.0.0.1:${port}`);
    expect(ownByAddress.status, ownByAddress.body).toBe(200);

    // Run without blocking this process: a blocked event loop misses the dev server closing an
    // idle keep-alive socket, and the next test's first fetch, reusing it, fails ("other side closed").
    const again = await execFileAsync(
      process.execPath,
      ["--import", "tsx", "scripts/admin-password.ts", "--data-dir", dataDir],
      { cwd: root, env: childEnv(), encoding: "utf8", timeout: 120_000 },
    );
    expect(again.stdout).toContain(`admin password (this local database only): ${password}`);
  }, 180_000);

  it("serves pages and the API, passes the smoke test, refuses a second owner, and keeps rows across a restart", async () => {
    expect(first.output()).toContain(`ready in`);
    expect(first.output()).toContain(url);
    const adminPassword = /admin password \(this local database only\): (\S+)/.exec(first.output())?.[1];
    expect(adminPassword, "the runner prints the admin password of a new database").toBeTruthy();

    const home = await fetch(`${url}/`);
    expect(home.status).toBe(200);
    expect(home.headers.get("content-type")).toContain("text/html");
    expect(await home.text()).toContain("Kingdom Handyman");

    const list = await fetch(`${url}/api/testimonials`);
    expect(list.status).toBe(200);
    const seeded = ((await list.json()) as { testimonials: unknown[] }).testimonials.length;
    expect(seeded).toBe(6);

    const smoke = await smokeTest(url, adminPassword!);
    console.log(
      smoke.output
        .split("\n")
        .filter((l) => /passed|failed|flaky|✓|✘/.test(l))
        .join("\n"),
    );
    expect(smoke.code, `the smoke test on npm run dev failed:\n${smoke.output.slice(-6000)}`).toBe(0);

    // A photo goes to the local Blobs store the dev server runs, and comes back as the owner's.
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#8a6" } })
      .jpeg()
      .toBuffer();
    const uploaded = await fetch(`${url}/api/uploads`, {
      method: "POST",
      headers: { "content-type": "image/jpeg" },
      body: new Uint8Array(jpeg),
    });
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);
    const photo = ((await uploaded.json()) as { id: string }).id;

    const name = uniqueName("Stack Test");
    const booked = await fetch(`${url}/api/bookings`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        website: "",
        formStartedAt: Date.now() - 60_000,
        name,
        email: "stack@example.com",
        phone: "07700 900123",
        message: "Please fit a new carpet in the hall.",
        address: "1 Test Street, Kirkcaldy",
        service: "floor-carpet",
        preferredOptions: [{ date: offeredDates()[0]!.date, window: "any" }],
        photos: [photo],
      }),
    });
    expect(booked.status).toBe(201);
    const { id } = (await booked.json()) as { id: number };
    expect((await fetch(`${url}/api/bookings`)).status).toBe(405);
    // The runner gives the functions this stack's address as SITE_URL: the private link in the
    // customer's confirmation (no SMTP locally, so it waits in the outbox) points at this stack. A
    // waiting e-mail holds a placeholder where the token goes; the token is made only as it is sent.
    const [confirmation] = await queryStack(
      "select text_body from mail_outbox where submission_id = $1 and kind = 'customer_confirmation'",
      [id],
    );
    expect(String(confirmation?.["text_body"])).toContain(`${url}/request/__request_link__`);
    expect((await fetch(`${url}/request/lost`)).status).toBe(200);
    const [stored] = await queryStack("select count(*)::int as n from photos where submission_id = $1", [id]);
    expect(stored?.["n"]).toBe(1);
    // netlify.toml's forced rewrite: a request's own address opens the admin shell.
    const adminShell = await fetch(`${url}/admin/requests/${id}`);
    expect(adminShell.status).toBe(200);
    expect(await adminShell.text()).toContain("admin");

    // A second stack on the same folder exits at once with a clear message.
    const second = startStack(await freePort());
    running.push(second);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain("is already using");

    expect(await stopStack(first)).toBe(0);
    expect(existsSync(lockFile)).toBe(false);
    expect(
      await fetch(`${url}/api/health`).then(
        () => "answered",
        () => "down",
      ),
    ).toBe("down");

    const again = startStack(port);
    running.push(again);
    await waitReady(again, url);
    const rows = await queryStack("select name, form_type from form_submissions where id = $1", [id]);
    expect(rows).toEqual([{ name, form_type: "booking" }]);
    const listAgain = (await (await fetch(`${url}/api/testimonials`)).json()) as { testimonials: unknown[] };
    expect(listAgain.testimonials).toHaveLength(6); // the seed did not run twice
    expect(await stopStack(again)).toBe(0);
  }, 1_800_000);
});
