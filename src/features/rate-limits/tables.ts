/** Per-client rate-limit counters. Part of the database schema (src/features/tables.ts). */
import { bigint, index, integer, pgTable, text, uniqueIndex } from "../../platform/db/orm";

/**
 * Fixed-window rate-limit counters, keyed by bucket (e.g. "contact:<client hash>") and window start.
 * Kept in Postgres because function instances share nothing.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    bucket: text("bucket").notNull(),
    windowStart: bigint("window_start", { mode: "number" }).notNull(),
    hits: integer("hits").notNull().default(0),
  },
  (t) => [
    uniqueIndex("rate_limits_bucket_window_unique").on(t.bucket, t.windowStart),
    index("rate_limits_window_start_idx").on(t.windowStart),
  ],
).enableRLS();
