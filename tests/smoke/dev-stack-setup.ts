/**
 * Global setup of playwright.dev.config.ts: starts the site the way the getting-started guide says,
 * `npm run dev` (or `npm run dev -- --netlify` with SMOKE_DEV_MODE=netlify), with a fresh data
 * folder of its own, waits for the line that says it is ready, and hands the admin password it
 * printed to the tests (SMOKE_ADMIN_PASSWORD). The returned teardown stops it as Ctrl-C would.
 * With SMOKE_BASE_URL set it starts nothing and tests that site.
 */
import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { devPort, smokeMode, smokePort } from "../../playwright.dev.config";

const root = path.resolve(import.meta.dirname, "../..");
const logFile = path.join(root, "test-results", `smoke-${smokeMode}-stack.log`);

export default async function globalSetup(): Promise<(() => Promise<void>) | undefined> {
  if (process.env["SMOKE_BASE_URL"]) return undefined;

  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of Object.keys(env)) if (key.startsWith("E2E_") || key.startsWith("SMOKE_")) delete env[key];
  delete env["DATABASE_URL"];
  delete env["SMTP_URL"];

  // The guide's command; the flags only give it a data folder of its own, emptied first (and a
  // port other than the default, when asked for one).
  const args = ["run", "dev", "--", "--fresh", "--data-dir", `.data/smoke-${smokeMode}`];
  if (smokeMode === "netlify") args.push("--netlify");
  if (smokePort !== devPort) args.push("--port", String(smokePort));
  const child = spawn("npm", args, {
    cwd: root,
    env,
    detached: true, // its own process group, so the teardown reaches npm, the runner and the dev server
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr.on("data", (d: Buffer) => (output += d.toString()));
  const saveLog = () => {
    mkdirSync(path.dirname(logFile), { recursive: true });
    writeFileSync(logFile, output);
  };

  const stop = async () => {
    if (child.pid === undefined) return;
    const exited = new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) resolve();
      else child.once("exit", () => resolve());
    });
    try {
      process.kill(-child.pid, "SIGINT"); // Ctrl-C in a terminal signals the whole group
    } catch {
      /* already gone */
    }
    const stopped = await Promise.race([
      exited.then(() => true),
      new Promise<boolean>((r) => setTimeout(() => r(false), 30_000)),
    ]);
    if (!stopped) {
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        /* already gone */
      }
    }
    saveLog();
  };

  // The runner gives up by itself after 10 minutes without an answer from /api/health; waiting a
  // little longer lets its own message end up in the log. (`netlify dev` builds every function
  // before it answers: about a minute on an idle 2-core machine, 5 minutes at load average 14.)
  const deadline = Date.now() + 660_000;
  for (;;) {
    const ready = /\[dev\] ready in [\d.]+ s: (\S+)/.exec(output);
    if (ready) {
      if (ready[1] !== `http://localhost:${smokePort}`) {
        await stop();
        throw new Error(`npm run dev printed ${ready[1]}, not http://localhost:${smokePort}`);
      }
      break;
    }
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`npm ${args.join(" ")} did not get ready (log: ${logFile}):\n${output.slice(-3000)}`);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  const password = /admin password \(this local database only\): (\S+)/.exec(output)?.[1];
  if (!password) {
    await stop();
    throw new Error(`npm run dev printed no admin password for its fresh database:\n${output.slice(-3000)}`);
  }
  process.env["SMOKE_ADMIN_PASSWORD"] = password;
  console.log(/\[dev\] ready in [^\n]*/.exec(output)?.[0]);
  return stop;
}
