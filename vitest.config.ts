import { randomBytes } from "node:crypto";
import { defineConfig } from "vitest/config";

/** The unit and integration files' workers: each integration file opens its own database, and
 * PGlite is memory-hungry, so the workers are few. */
const sharedWorkers = 2;

export default defineConfig({
  test: {
    // The server refuses rate-limited requests without this secret (src/platform/env.ts); every
    // run gets its own, as every `npm run dev` does.
    // SIMULATE_CLIENTS: requests name their client in X-Forwarded-For (tests/helpers/http.ts), so
    // unrelated tests never share a rate-limit bucket; the server honours it only off Netlify.
    env: {
      RATE_LIMIT_SECRET: process.env["RATE_LIMIT_SECRET"] ?? randomBytes(32).toString("hex"),
      SIMULATE_CLIENTS: "1",
    },
    projects: [
      {
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts", "tests/unit/**/*.test.tsx"],
          environment: "node",
          // As the integration files: the files share their worker's modules (a third of the
          // project's CPU was loading them again for every file), and each file starts from the
          // state the worker's first file found (tests/helpers/file-state.ts; a stubbed variable
          // is put back after each test).
          isolate: false,
          setupFiles: ["tests/helpers/file-state.ts"],
          unstubEnvs: true,
          // Vitest runs projects that share workers side by side only when their counts match.
          maxWorkers: sharedWorkers,
        },
      },
      {
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          maxWorkers: sharedWorkers,
          // The files share their worker's modules: the server is loaded once per worker, not once
          // per file (a fifth of the suite's CPU). Each file starts from a fresh worker's state
          // (tests/helpers/file-state.ts; docs/decisions/077-integration-files-share-a-worker.md).
          isolate: false,
          setupFiles: ["tests/helpers/file-state.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      // Renders the built pages through Astro (its own Vite config): tests/content/.
      "./tests/content/vitest.config.ts",
      {
        test: {
          // The whole local stack (`npm run dev`) started from a script: slow, so kept apart and
          // run once (scripts/test.mjs reruns only "integration" on PostgreSQL).
          name: "stack",
          include: ["tests/stack/**/*.test.ts"],
          environment: "node",
          // One file at a time: each starts whole stacks, and two at once would starve each other
          // (the function bundles test runs before or after the stack test, never beside it).
          fileParallelism: false,
          // Two starts of `npm run dev` and the smoke test in Chromium: about 4 minutes on an idle
          // 2-core machine, far more while other work shares it.
          testTimeout: 1_800_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
