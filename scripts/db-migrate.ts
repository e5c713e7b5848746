/**
 * `npm run db:migrate`: applies supabase/migrations/ to the database in DATABASE_URL (the deploy
 * step; safe to repeat: applied migrations are recorded in drizzle.__drizzle_migrations).
 *
 *   DATABASE_URL='postgres://postgres.<ref>:<password>@aws-0-<region>.pooler.supabase.com:5432/postgres' npm run db:migrate
 *
 * It never inserts sample content: the six sample testimonials are for local development only and
 * are seeded by the local stack itself (`npm run dev`, the tests). `--seed`, which used to insert
 * them here, is refused with an explanation (docs/decisions/013-honest-content-and-launch-check.md).
 * Without DATABASE_URL it migrates the local stack's database when `npm run dev` is running
 * (through its socket), and otherwise says what to do. The local stack also migrates on start.
 */
import { parseArgs } from "node:util";
import { migrateUrl } from "../src/platform/db/migrate";
import { defaultDataDir, readLock } from "./lib/local-db";

const { values } = parseArgs({ options: { seed: { type: "boolean", default: false } } });
if (values.seed) {
  console.error(
    "db:migrate: --seed is no longer supported. The six sample reviews were written for local development " +
      "and are not from customers, so no production database may receive them. `npm run dev` seeds its own " +
      "local database; a live site starts with no reviews until the first real one is approved.",
  );
  process.exit(2);
}
let url = process.env["DATABASE_URL"];
if (!url) {
  url = readLock(defaultDataDir)?.databaseUrl;
  if (!url) {
    console.error(
      "db:migrate: DATABASE_URL is not set. Set it to the Supabase connection string (see docs/operations.md, Deploying), " +
        "or run `npm run dev`, which migrates the local database itself.",
    );
    process.exit(1);
  }
}
if (!/^postgres(ql)?:\/\//.test(url)) {
  console.error("db:migrate: DATABASE_URL must be a postgres:// URL.");
  process.exit(1);
}

const where = new URL(url);
const t0 = performance.now();
try {
  await migrateUrl(url);
  console.log(
    `db:migrate: ${where.hostname}:${where.port || 5432}${where.pathname} is up to date (${Math.round(performance.now() - t0)} ms)`,
  );
} catch (error) {
  const e = error as { message?: string; cause?: { message?: string } };
  console.error(`db:migrate: failed on ${where.hostname}: ${e.cause?.message ?? e.message ?? String(error)}`);
  process.exit(1);
}
