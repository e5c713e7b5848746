/**
 * Sending what the mail outbox holds. `deliverDue` runs the platform's outbox over mail_outbox
 * (src/platform/outbox/queue.ts: a claim is a lease, so two senders, a request's own attempt and
 * the scheduled retry, never send the same message) and hands each message to the transport.
 * Failed attempts back off (1, 2, 4 … 60 minutes); after 24 hours a message is marked failed and the
 * admin dashboard offers a retry. The links a message carries get their tokens only as it is handed
 * to the transport (`outbox.withLiveLinks`); the stored copy never holds one.
 */
import type { Db } from "../../platform/db/client";
import { drainQueue } from "../../platform/outbox/queue";
import * as outbox from "./repository";
import type { Sender } from "./kinds";

export const giveUpAfterMs = 24 * 60 * 60 * 1000;
export const leaseMs = 2 * 60 * 1000;

export function backoffMs(attempts: number): number {
  return Math.min(60, 2 ** Math.max(0, attempts - 1)) * 60 * 1000;
}

/** Given up once the message has waited a day since it was queued (or put back by a retry). */
export function expired(row: Pick<outbox.OutboxRow, "createdAt">, now: Date): boolean {
  return now.getTime() - row.createdAt.getTime() >= giveUpAfterMs;
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
  const report = await drainQueue(
    outbox.mailQueue,
    {
      now: options.now ?? new Date(),
      leaseMs,
      limit: options.limit ?? 25,
      ids: options.ids,
      send: async (row) => sender.send(await outbox.withLiveLinks(row, db)),
      backoffMs,
      giveUp: (row, _error, now) => expired(row, now),
      describe: (error) => (error instanceof Error ? error.message : String(error)),
      doneValues: outbox.sentValues,
      afterFailed: async (row, _error, gaveUp) => {
        if (gaveUp) await options.onGiveUp?.(row, db);
      },
    },
    db,
  );
  return { sent: report.done, retrying: report.retrying, failed: report.failed };
}
