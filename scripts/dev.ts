/**
 * `npm run dev`: the whole local stack in one command (ARCHITECTURE.md, Local run and scale).
 * FIRST CUT: runs the site and its functions with netlify-cli; the database issue adds the embedded
 * Postgres (PGlite socket server), migrations, seeding and the single-owner lock.
 *
 * Flags: --serve (production build via `netlify serve` instead of `netlify dev`), --port N,
 * --data-dir DIR, --fresh (start from an empty database).
 */
import { spawn } from "node:child_process";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    serve: { type: "boolean", default: false },
    port: { type: "string", default: "8888" },
    "data-dir": { type: "string", default: ".data/dev" },
    fresh: { type: "boolean", default: false },
  },
});

const env: NodeJS.ProcessEnv = {
  ...process.env,
  ASTRO_TELEMETRY_DISABLED: "1",
  ASTRO_DISABLE_UPDATE_CHECK: "true",
};
for (const key of Object.keys(env)) if (key.startsWith("VITEST")) delete env[key];

const args = values.serve
  ? ["netlify", "serve", "--offline", "--internal-disable-edge-functions", "--port", values.port]
  : ["netlify", "dev", "--offline", "--no-open", "--internal-disable-edge-functions", "--port", values.port];

const child = spawn("npx", args, { stdio: "inherit", env, detached: true });
const stop = () => {
  if (child.pid) {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      /* already gone */
    }
  }
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
child.on("exit", (code) => process.exit(code ?? 0));
