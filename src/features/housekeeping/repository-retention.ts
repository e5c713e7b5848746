/**
 * What the retention rules delete (docs/decisions/016-request-workflow.md); the numbers come from
 * `site.retention` and the service passes the cut-off instants in.
 *
 *   expiredRequests({ closedBefore, spamBefore })  ids of closed requests closed before the first
 *                                                   instant and spam marked before the second
 *   mailBodiesToWipe(before) / wipeMailBodies(before)
 *                                                   sent e-mails older than `before` whose content
 *                                                   is still there: emptied, the delivery record kept
 *   staleFailedMail(before) / removeStaleFailedMail(before)
 *                                                   e-mails given up on whose last attempt is older:
 *                                                   deleted (nothing was delivered, so there is no
 *                                                   delivery to record, and an emptied one could be
 *                                                   retried to nobody)
 */
import { and, asc, inArray, isNotNull, lt, ne, or, sql } from "../../platform/db/orm";
import { closedStates } from "../requests/contract/states";
import { getDb, type Db } from "../../platform/db/client";
import { requests, mailOutbox } from "../tables";

export async function expiredRequests(
  cutoffs: { closedBefore: Date; spamBefore: Date },
  db: Db = getDb(),
): Promise<{ closed: number[]; spam: number[] }> {
  const rows = await db
    .select({ id: requests.id, state: requests.state })
    .from(requests)
    .where(
      or(
        and(inArray(requests.state, [...closedStates]), lt(requests.stateChangedAt, cutoffs.closedBefore)),
        and(sql`${requests.state} = 'spam'`, lt(requests.stateChangedAt, cutoffs.spamBefore)),
      ),
    )
    .orderBy(asc(requests.id));
  return {
    closed: rows.filter((r) => r.state !== "spam").map((r) => r.id),
    spam: rows.filter((r) => r.state === "spam").map((r) => r.id),
  };
}

/** Sent messages older than the cut-off that still hold their content. */
function wipeable(before: Date) {
  return and(
    sql`${mailOutbox.status} = 'sent'`,
    lt(mailOutbox.sentAt, before),
    or(
      ne(mailOutbox.textBody, ""),
      ne(mailOutbox.toAddress, ""),
      ne(mailOutbox.subject, ""),
      isNotNull(mailOutbox.attachments),
    ),
  );
}

const staleFailed = (before: Date) =>
  and(sql`${mailOutbox.status} = 'failed'`, lt(mailOutbox.updatedAt, before));

export async function staleFailedMail(before: Date, db: Db = getDb()): Promise<number[]> {
  const rows = await db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(staleFailed(before))
    .orderBy(asc(mailOutbox.id));
  return rows.map((r) => r.id);
}

export async function removeStaleFailedMail(before: Date, db: Db = getDb()): Promise<number> {
  const rows = await db.delete(mailOutbox).where(staleFailed(before)).returning({ id: mailOutbox.id });
  return rows.length;
}

export async function mailBodiesToWipe(before: Date, db: Db = getDb()): Promise<number[]> {
  const rows = await db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(wipeable(before))
    .orderBy(asc(mailOutbox.id));
  return rows.map((r) => r.id);
}

/**
 * Keeps only the delivery record (kind, status, attempts, times, the link to the request): the
 * addresses, subject, bodies, attachments (an appointment's calendar file) and last error are
 * emptied.
 */
export async function wipeMailBodies(before: Date, db: Db = getDb()): Promise<number> {
  const rows = await db
    .update(mailOutbox)
    .set({
      toAddress: "",
      toName: "",
      replyToAddress: null,
      replyToName: null,
      subject: "",
      textBody: "",
      htmlBody: "",
      attachments: null,
      lastError: null,
    })
    .where(wipeable(before))
    .returning({ id: mailOutbox.id });
  return rows.length;
}
