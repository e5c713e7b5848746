import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts", "tests/unit/**/*.test.tsx"],
          environment: "node",
        },
      },
      {
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          // Each file opens its own database; PGlite is memory-hungry, so keep the workers few.
          maxWorkers: 2,
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
          testTimeout: 900_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
