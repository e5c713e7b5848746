/**
 * The local stack is private by default (docs/decisions/043-security-by-default.md): `npm run dev`
 * (the dev server with the functions in its process) started from this test on a free port, never
 * the README's 8888, which tests/stack/dev-stack.test.ts owns (the stack project runs its files one
 * after another: vitest.config.ts). Every socket the runner and the processes it started listen on
 * is a loopback address (read from /proc, tests/helpers/listening.ts); a sign-in whose Host and
 * Origin name another address is refused before the function runs, while the same password under
 * the stack's own name signs in; the password is the random one the runner printed, and
 * `npm run admin:password` prints it again.
 */
import ipaddr from "ipaddr.js";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { request } from "node:http";
import { createServer } from "node:net";
import { rmSync } from "node:fs";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { listeningSockets } from "../helpers/listening";

const root = path.resolve(import.meta.dirname, "../..");
const dataDir = path.join(root, ".data", `listen-test-${process.pid}-${Date.now()}`);

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

let child: ChildProcess | undefined;
let output = "";

afterAll(async () => {
  if (child?.pid && child.exitCode === null) {
    const exited = new Promise((resolve) => child!.once("exit", resolve));
    process.kill(-child.pid, "SIGINT");
    await Promise.race([exited, new Promise((r) => setTimeout(r, 20_000))]);
    if (child.exitCode === null) process.kill(-child.pid, "SIGKILL");
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

it("listens on loopback only, refuses another Host, and prints a password of its own", async () => {
  const port = await freePort();
  child = spawn(
    process.execPath,
    ["--import", "tsx", "scripts/dev.ts", "--port", String(port), "--data-dir", dataDir],
    { cwd: root, env: childEnv(), detached: true, stdio: ["ignore", "pipe", "pipe"] },
  );
  child.stdout!.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (output += d.toString()));
  const deadline = Date.now() + 600_000;
  while (!output.includes("[dev] ready")) {
    if (child.exitCode !== null) throw new Error(`the runner exited:\n${output.slice(-3000)}`);
    if (Date.now() > deadline) throw new Error(`not ready in 10 minutes:\n${output.slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 500));
  }

  const sockets = listeningSockets(child.pid!);
  expect(sockets.map((s) => s.port)).toContain(port);
  expect(sockets.length).toBeGreaterThanOrEqual(3); // the site, the database, the Blobs server
  for (const socket of sockets) {
    expect(isLoopback(socket.address), `pid ${socket.pid} listens on ${socket.address}:${socket.port}`).toBe(
      true,
    );
  }

  const password = /admin password \(this local database only\): (\S+)/.exec(output)?.[1];
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

  const again = spawnSync(
    process.execPath,
    ["--import", "tsx", "scripts/admin-password.ts", "--data-dir", dataDir],
    { cwd: root, env: childEnv(), encoding: "utf8", timeout: 120_000 },
  );
  expect(again.status, again.stderr).toBe(0);
  expect(again.stdout).toContain(`admin password (this local database only): ${password}`);
});
