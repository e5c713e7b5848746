/**
 * Housekeeping the scheduled function runs every five minutes (netlify/functions/mail-retry.mts),
 * so nothing is kept longer than it is needed, whether or not anyone uses the site:
 * - rate-limit counters whose window is over for every rule;
 * - admin sessions that ended (expired or revoked) more than `sessionPolicy.keepEndedMs` ago;
 * - Idempotency-Keys of requests and reviews older than `idempotencyKeepMs`;
 * - the owner's notifications sent or given up more than `pushKeepMs` ago (they name customers).
 * The content of old sent e-mails and expired requests are the daily retention run's
 * (src/features/housekeeping/service-retention.ts), which records what it deleted.
 * Each step is idempotent: running it twice deletes nothing twice. A failing step is logged and
 * the others still run.
 */
import { getDb } from "../../platform/db/client";
import { logEvent } from "../../platform/log";
import { deleteEndedSessions } from "../admin-auth";
import * as requestsRepo from "../requests";
import * as testimonials from "../reviews";
import { sessionPolicy } from "../admin-auth";
import { pruneRateLimits } from "../rate-limits";
import { pruneDone as prunePushOutbox } from "../push";

const dayMs = 24 * 60 * 60 * 1000;

/** A retry with the same Idempotency-Key comes within minutes; a day is ample. */
export const idempotencyKeepMs = dayMs;

/** A delivered notification is on the phone; a week covers any question about it. */
export const pushKeepMs = 7 * dayMs;

export type HousekeepingReport = Record<string, number | "failed">;

export async function runHousekeeping(now = new Date()): Promise<HousekeepingReport> {
  const db = getDb();
  const at = (ms: number) => new Date(now.getTime() - ms);
  const steps: Array<[string, () => Promise<number>]> = [
    ["rateLimits", () => pruneRateLimits(now.getTime(), db)],
    ["sessions", () => deleteEndedSessions(at(sessionPolicy.keepEndedMs), db)],
    [
      "idempotencyKeys",
      async () =>
        (await requestsRepo.clearIdempotencyKeys(at(idempotencyKeepMs), db)) +
        (await testimonials.clearIdempotencyKeys(at(idempotencyKeepMs), db)),
    ],
    ["pushNotifications", () => prunePushOutbox(at(pushKeepMs), db)],
  ];
  const report: HousekeepingReport = {};
  for (const [name, step] of steps) {
    try {
      report[name] = await step();
    } catch (error) {
      report[name] = "failed";
      logEvent({
        event: `housekeeping.${name}_failed`,
        level: "error",
        error: error instanceof Error ? error.name : "unknown",
      });
    }
  }
  logEvent({ event: "housekeeping", ...report });
  return report;
}
