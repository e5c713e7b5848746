/**
 * Sending what the outbox holds. `deliverDue` claims due messages (src/server/repositories/
 * mail-outbox.ts), hands each to the transport and records the outcome. A claim is a lease: two
 * senders (a request's own attempt and the scheduled retry) never send the same message at once.
 * Failed attempts back off (1, 2, 4 … 60 minutes); after 24 hours a message is marked failed and the
 * admin dashboard offers a retry. The links a message carries get their tokens only as it is handed
 * to the transport (`outbox.withLiveLinks`); the stored copy never holds one.
 */
import type { Db } from "../../platform/db/client";
import * as outbox from "./repository";
import type { Sender } from "./kinds";

export const giveUpAfterMs = 24 * 60 * 60 * 1000;
export const leaseMs = 2 * 60 * 1000;

export function backoffMs(attempts: number): number {
  return Math.min(60, 2 ** Math.max(0, attempts - 1)) * 60 * 1000;
}

export interface DeliveryReport {
  sent: number;
  retrying: number;
  failed: number;
}

/** Sends due messages (all due ones, or only `ids`), at most `limit` (default 25) per call. */
export async function deliverDue(
  db: Db,
  sender: Sender,
  options: {
    ids?: readonly number[];
    limit?: number;
    now?: Date;
    /** Called for each message given up on (marked failed), with the same database handle. */
    onGiveUp?: (row: outbox.OutboxRow, db: Db) => Promise<void>;
  } = {},
): Promise<DeliveryReport> {
  const now = options.now ?? new Date();
  const claimed = await outbox.claimDue(
    { now, leaseUntil: new Date(now.getTime() + leaseMs), limit: options.limit ?? 25, ids: options.ids },
    db,
  );
  const report: DeliveryReport = { sent: 0, retrying: 0, failed: 0 };
  for (const row of claimed) {
    try {
      await sender.send(await outbox.withLiveLinks(row, db));
      await outbox.markSent(row, new Date(), db);
      report.sent += 1;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const expired = now.getTime() - row.createdAt.getTime() >= giveUpAfterMs;
      await outbox.markAttemptFailed(
        row.id,
        {
          status: expired ? "failed" : "pending",
          lastError: message.slice(0, 500),
          nextAttemptAt: new Date(now.getTime() + backoffMs(row.attempts)),
          at: new Date(),
        },
        db,
      );
      if (expired) {
        report.failed += 1;
        await options.onGiveUp?.(row, db);
      } else report.retrying += 1;
    }
  }
  return report;
}
