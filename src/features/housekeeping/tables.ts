/** When each scheduled job last ran. Part of the database schema (src/features/tables.ts). */
import { check, pgTable, text, timestamp, uniqueIndex, sql } from "../../platform/db/orm";

/**
 * Scheduled work that must happen at most once per period (the owner's daily digest, the daily
 * retention run): one row per job and key (e.g. the London date), claimed in the job's transaction.
 */
export const jobRuns = pgTable(
  "job_runs",
  {
    job: text("job").notNull(),
    runKey: text("run_key").notNull(),
    outcome: text("outcome").notNull().default("started"),
    ranAt: timestamp("ran_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("job_runs_job_key_unique").on(t.job, t.runKey),
    check("job_runs_outcome_length", sql`char_length(${t.outcome}) between 1 and 200`),
  ],
).enableRLS();
