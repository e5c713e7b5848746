/**
 * Private links to a request's own page (docs/decisions/019-customer-page.md).
 *
 *   fillRequestLinks(tx, outboxRows)  a fresh token (128 random bits, base64url) per customer e-mail
 *   requestPageUrl(siteUrl, token)    https://…/request/<token> (./link-url.ts)
 *   resolveLink(token)                the request, or null (wrong, malformed, expired or deleted)
 *
 * Only the SHA-256 of a token is stored. A lookup always hashes the candidate, reads by the hash and
 * compares the stored hash with `timingSafeEqual`, whether or not a row came back, so a wrong token,
 * another request's token and an expired one cost the same work. A link stops working
 * `linkLifetimeAfterCloseDays` after its request was closed (done, lost, cancelled) and never works
 * for spam.
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { and, asc, desc, eq, inArray, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { isClosed, openStates, type RequestState } from "../../lib/request-states";
import { getDb, type Executor } from "../db/client";
import { customerLinks, formSubmissions, mailOutbox } from "../db/schema";
import { linkPlaceholder, requestPagePath, tokenPattern } from "./link-url";
import * as submissions from "../repositories/submissions";
import { submissionColumns, toSubmission, type Submission } from "../repositories/submissions";

/** Random bytes per token: 16 bytes = 128 bits, 22 base64url characters. */
export const tokenBytes = 16;
export const linkLifetimeAfterCloseDays = 30;

export function newToken(): string {
  return randomBytes(tokenBytes).toString("base64url");
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

const dummyHash = Buffer.from(hashToken("not-a-token"), "hex");

/** Whether a request in `state`, changed last at `changedAt`, still opens through its links. */
export function linkStillWorks(state: RequestState, changedAt: Date, now: Date): boolean {
  if (state === "spam") return false;
  if (!isClosed(state)) return true;
  return now.getTime() < changedAt.getTime() + linkLifetimeAfterCloseDays * 86_400_000;
}

/**
 * The request a token opens, or null. Malformed tokens take the same path as well-formed ones
 * (hashed, looked up, compared) so that every "no" costs the same.
 */
export async function resolveLink(
  token: string,
  options: { now?: Date; db?: Executor } = {},
): Promise<Submission | null> {
  const db = options.db ?? getDb();
  const now = options.now ?? new Date();
  const wellFormed = tokenPattern.test(token);
  const candidate = hashToken(wellFormed ? token : `invalid:${token.slice(0, 100)}`);
  const [row] = await db
    .select({ submissionId: customerLinks.submissionId, tokenHash: customerLinks.tokenHash })
    .from(customerLinks)
    .where(eq(customerLinks.tokenHash, candidate))
    .limit(1);
  const stored = row ? Buffer.from(row.tokenHash, "hex") : dummyHash;
  const same = timingSafeEqual(stored, Buffer.from(candidate, "hex"));
  // The request is read on every path (id 0 matches nothing), so a miss costs what a hit costs.
  const request = await submissions.findById(row && same && wellFormed ? row.submissionId : 0, db);
  if (!request || !row || !same || !wellFormed) return null;
  return linkStillWorks(request.state, request.stateChangedAt, now) ? request : null;
}

/** What the admin is shown of the links sent for a request: when, and in which e-mail. Never a token. */
export interface SentLink {
  id: number;
  createdAt: Date;
  mailSubject: string | null;
  mailSentAt: Date | null;
  mailStatus: string | null;
}

export async function listLinks(submissionId: number, db: Executor = getDb()): Promise<SentLink[]> {
  return db
    .select({
      id: customerLinks.id,
      createdAt: customerLinks.createdAt,
      mailSubject: mailOutbox.subject,
      mailSentAt: mailOutbox.sentAt,
      mailStatus: mailOutbox.status,
    })
    .from(customerLinks)
    .leftJoin(mailOutbox, eq(mailOutbox.id, customerLinks.mailId))
    .where(eq(customerLinks.submissionId, submissionId))
    .orderBy(desc(customerLinks.id));
}

/** The open requests sent from an e-mail address (the lost-link form), oldest first, at most 10. */
export async function openRequestsFor(email: string, db: Executor = getDb()): Promise<Submission[]> {
  const rows = await db
    .select(submissionColumns)
    .from(formSubmissions)
    .where(
      and(
        sql`lower(${formSubmissions.email}) = lower(${email})`,
        inArray(formSubmissions.state, [...openStates]),
      ),
    )
    .orderBy(asc(formSubmissions.id))
    .limit(10);
  return rows.map(toSubmission);
}

type Writer = Pick<Executor, "insert" | "update">;

export async function fillRequestLinks(
  tx: Writer,
  rows: readonly { id: number; submissionId: number | null }[],
): Promise<void> {
  for (const row of rows) {
    if (row.submissionId === null) continue;
    const token = newToken();
    const filled = await tx
      .update(mailOutbox)
      .set({
        textBody: sql`replace(${mailOutbox.textBody}, ${linkPlaceholder}, ${token})`,
        htmlBody: sql`replace(${mailOutbox.htmlBody}, ${linkPlaceholder}, ${token})`,
      })
      .where(
        and(
          eq(mailOutbox.id, row.id),
          sql`(strpos(${mailOutbox.textBody}, ${linkPlaceholder}) > 0 or strpos(${mailOutbox.htmlBody}, ${linkPlaceholder}) > 0)`,
        ),
      )
      .returning({ id: mailOutbox.id });
    if (filled.length === 0) continue;
    await tx
      .insert(customerLinks)
      .values({ submissionId: row.submissionId, tokenHash: hashToken(token), mailId: row.id });
  }
}

/** What a sent message's body keeps in place of the token. */
export const sentLinkMarker = "link-sent";

/** SQL that rewrites every page link's token in a body column once the message has been sent. */
export function redactLinks(column: SQL | AnyColumn): SQL {
  return sql`regexp_replace(${column}, ${`${requestPagePath}/[A-Za-z0-9_-]{22,64}`}, ${`${requestPagePath}/${sentLinkMarker}`}, 'g')`;
}
