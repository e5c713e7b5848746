/**
 * `npm run db:migrate` never seeds: the sample reviews are for local development only, so `--seed`
 * is refused before any database is touched.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";

const root = fileURLToPath(new URL("../../", import.meta.url));

it("refuses --seed with a reason, even with a production-looking DATABASE_URL", () => {
  const result = spawnSync(join(root, "node_modules/.bin/tsx"), ["scripts/db-migrate.ts", "--seed"], {
    cwd: root,
    env: {
      PATH: process.env["PATH"] ?? "",
      // Unroutable (TEST-NET-1): were it contacted, the run would hang or fail differently.
      DATABASE_URL: "postgres://postgres:secret@192.0.2.1:5432/postgres",
    },
    encoding: "utf8",
    timeout: 60_000,
  });
  expect(result.status).toBe(2);
  expect(result.stderr).toContain("--seed is no longer supported");
  expect(result.stderr).toContain("not from customers");
}, 60_000);
