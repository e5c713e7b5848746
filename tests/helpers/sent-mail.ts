/**
 * What actually leaves: the outbox never stores a link's token (it is made as the message is sent,
 * src/features/mail/repository.ts `withLiveLinks`), so a test that needs a token sends the
 * pending e-mails through the real delivery code with a transport that records each message.
 *
 *   const sent = await sendPending(t.db, { submissionId: id });   // Map outbox id → message sent
 *   sentText(outboxId)                                             // the text of one that was sent here
 */
import { and, eq } from "drizzle-orm";
import type { Database } from "../../src/platform/db/client";
import { mailOutbox } from "../../src/features/tables";
import { deliverDue } from "../../src/features/mail/service-delivery";
import type { OutgoingMessage } from "../../src/features/mail/messages";

const sent = new Map<number, OutgoingMessage>();

/** Sends the pending e-mails of a request (or all pending ones), recording each message as it left. */
export async function sendPending(
  db: Database,
  where: { submissionId?: number } = {},
): Promise<Map<number, OutgoingMessage>> {
  const rows = await db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.status, "pending"),
        where.submissionId === undefined ? undefined : eq(mailOutbox.submissionId, where.submissionId),
      ),
    )
    .orderBy(mailOutbox.id);
  const now = new Map<number, OutgoingMessage>();
  for (const { id } of rows) {
    let message: OutgoingMessage | undefined;
    await deliverDue(
      db,
      { send: async (m) => void (message = m) },
      { ids: [id], now: new Date(Date.now() + 1000) },
    );
    if (message) {
      sent.set(id, message);
      now.set(id, message);
    }
  }
  return now;
}

/** Forgets every recorded message: outbox ids start at 1 again in the next file's database. */
export function forgetSentMail(): void {
  sent.clear();
}

/** The message recorded when outbox row `id` was sent by `sendPending`. */
export function sentMessage(id: number): OutgoingMessage {
  const message = sent.get(id);
  if (!message) throw new Error(`Outbox row ${id} was not sent by sendPending`);
  return message;
}
