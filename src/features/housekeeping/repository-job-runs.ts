/**
 * job_runs: scheduled work that must happen at most once per period. `claim` inserts the
 * (job, key) row inside the job's transaction; a second run, concurrent or later, finds it taken
 * (the unique index decides) and does nothing. If the job's transaction rolls back, so does the
 * claim, and the next run tries again.
 */
import { and, eq } from "../../platform/db/orm";
import { getDb, type Db } from "../../platform/db/client";
import { jobRuns } from "../tables";

/** True when this caller now owns the run; false when it was already claimed. */
export async function claim(job: string, runKey: string, tx: Db): Promise<boolean> {
  const rows = await tx
    .insert(jobRuns)
    .values({ job, runKey })
    .onConflictDoNothing({ target: [jobRuns.job, jobRuns.runKey] })
    .returning({ job: jobRuns.job });
  return rows.length > 0;
}

export async function finish(job: string, runKey: string, outcome: string, tx: Db): Promise<void> {
  await tx
    .update(jobRuns)
    .set({ outcome: outcome.slice(0, 200) })
    .where(and(eq(jobRuns.job, job), eq(jobRuns.runKey, runKey)));
}

export async function find(
  job: string,
  runKey: string,
  db: Db = getDb(),
): Promise<{ outcome: string; ranAt: Date } | null> {
  const rows = await db
    .select({ outcome: jobRuns.outcome, ranAt: jobRuns.ranAt })
    .from(jobRuns)
    .where(and(eq(jobRuns.job, job), eq(jobRuns.runKey, runKey)))
    .limit(1);
  return rows[0] ?? null;
}
