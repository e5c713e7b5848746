/**
 * Everything held about one e-mail address (UK GDPR access and erasure). SQL only; the person
 * tools service (src/features/person-tools/service.ts) records each use in the audit log.
 *
 *   requestsOf(email)          requests sent with this address (case-insensitive)
 *   mailOf(email, requests)    outbox rows to or from it, about its requests, or naming it
 *   historyOf / notesOf        what hangs off those requests
 *
 * Reviews are not found here: the review form does not ask for an e-mail address, so no review
 * can be linked to one. Photos, when they exist, hang off requests and go with them.
 */
import { asc, inArray, or, sql, type SQL } from "../../platform/db/orm";
import { requestReference } from "../requests/contract/reference";
import { getDb, type Db } from "../../platform/db/client";
import { requests, mailOutbox, requestHistory, requestNotes } from "../tables";
import { requestColumns, toCustomerRequest, type CustomerRequest } from "../requests";

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export async function requestsOf(email: string, db: Db = getDb()): Promise<CustomerRequest[]> {
  const rows = await db
    .select(requestColumns)
    .from(requests)
    .where(sql`lower(${requests.email}) = ${normaliseEmail(email)}`)
    .orderBy(asc(requests.id));
  return rows.map(toCustomerRequest);
}

export type OutboxRow = typeof mailOutbox.$inferSelect;

/**
 * Outbox rows that hold this person's data: sent to or replying to the address, about one of
 * their requests, a digest naming one of their references, or any message whose text contains
 * the address.
 */
function mailCondition(email: string, requests: readonly CustomerRequest[]): SQL {
  const e = normaliseEmail(email);
  const arms: SQL[] = [
    sql`lower(${mailOutbox.toAddress}) = ${e}`,
    sql`lower(coalesce(${mailOutbox.replyToAddress}, '')) = ${e}`,
    sql`strpos(lower(${mailOutbox.textBody}), ${e}) > 0`,
    sql`strpos(lower(${mailOutbox.htmlBody}), ${e}) > 0`,
  ];
  if (requests.length > 0) {
    arms.push(
      inArray(
        mailOutbox.submissionId,
        requests.map((r) => r.id),
      ),
    );
    const pattern = `(${requests.map((r) => requestReference(r)).join("|")})([^0-9]|$)`;
    arms.push(sql`(${mailOutbox.kind} = 'owner_digest' and ${mailOutbox.textBody} ~ ${pattern})`);
  }
  return or(...arms)!;
}

export async function mailOf(
  email: string,
  requests: readonly CustomerRequest[],
  db: Db = getDb(),
): Promise<OutboxRow[]> {
  return db.select().from(mailOutbox).where(mailCondition(email, requests)).orderBy(asc(mailOutbox.id));
}

export async function historyOf(requestIds: readonly number[], db: Db = getDb()) {
  if (requestIds.length === 0) return [];
  return db
    .select()
    .from(requestHistory)
    .where(inArray(requestHistory.submissionId, [...requestIds]))
    .orderBy(asc(requestHistory.id));
}

export async function notesOf(requestIds: readonly number[], db: Db = getDb()) {
  if (requestIds.length === 0) return [];
  return db
    .select()
    .from(requestNotes)
    .where(inArray(requestNotes.submissionId, [...requestIds]))
    .orderBy(asc(requestNotes.id));
}

/** Deletes the person's outbox rows (found as `mailOf` finds them); returns how many. */
export async function removeMailOf(
  email: string,
  requests: readonly CustomerRequest[],
  tx: Db,
): Promise<number> {
  const rows = await tx
    .delete(mailOutbox)
    .where(mailCondition(email, requests))
    .returning({ id: mailOutbox.id });
  return rows.length;
}
