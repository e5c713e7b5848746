/**
 * Customers: all their SQL, plain objects out. Every function takes an executor (the database or
 * an open transaction) last; it defaults to `getDb()`.
 *
 *   assign(requestId, tx)                 the request's customer, matched or created (the database
 *                                         function assign_customer, see ./tables.ts)
 *   listPage({ q, cursor, limit })        a page, latest activity first, keyset pagination
 *   findCustomer(id) / updateNotes(id)    one customer
 *   removeWithoutRequests(ids, tx)        those of these customers no request points at any more
 *   requestsOf / visitsOf / notesOf / quotesOf / invoicesOf   what the customer's page shows
 *
 * Search (`q`) matches any of: a phone number (digits, however typed; a leading part matches),
 * against the customer and every request of theirs; an e-mail address, whole, case-insensitively,
 * likewise; a postcode or its first half ("KY1 2AB", "ky12ab", "KY1"); each word as a prefix of a
 * word of the name, e-mail, phone or address. Each arm uses its own index; the arms' ids are one
 * union, so the list's order is applied once to the few customers that match; a common word is
 * found by walking the list in order instead (`denseScanRows`).
 */
import { and, desc, eq, inArray, isNull, ne, or, sql, type SQL } from "../../platform/db/orm";
import { getDb, type Db } from "../../platform/db/client";
import type { InboxCursor } from "../requests/contract/inbox-cursor";
import { phoneDigits, prefixQuery } from "../requests";
import {
  accountCreditUses,
  accountCredits,
  appointments,
  customers,
  invoices,
  quotes,
  requestNotes,
  requests,
} from "../tables";

export type CustomerCursor = InboxCursor;

// Spelt out with an alias: inside a subquery Drizzle would write the columns unqualified.
const jobs = sql<number>`(select count(*)::int from form_submissions j where j.customer_id = "customers"."id" and j.state <> 'spam')`;
const cursorAt = sql<string>`to_char(${customers.lastActivityAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const summaryColumns = {
  id: customers.id,
  name: customers.name,
  email: customers.email,
  phone: customers.phone,
  address: customers.address,
  postcode: customers.postcode,
  jobs,
  lastActivityAt: customers.lastActivityAt,
};

export interface CustomerRow {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  address: string | null;
  postcode: string | null;
  jobs: number;
  lastActivityAt: Date;
}

export interface CustomerRecord extends CustomerRow {
  notes: string | null;
  createdAt: Date;
}

const postcodePattern = /^[A-Z]{1,2}[0-9][A-Z0-9]?(?:[0-9](?:[A-Z]{1,2})?)?$/;

interface SearchParts {
  /** Digits of a phone number, when `q` is one. */
  digits: string | null;
  /** The e-mail address in lower case, when `q` is one. */
  email: string | null;
  /** A postcode or its first part, upper case without spaces, when `q` could be one. */
  postcode: string | null;
  /** Prefix words for to_tsquery. */
  words: string | null;
}

function searchParts(q: string): SearchParts {
  const digits = phoneDigits(q);
  const compact = q.toUpperCase().replace(/\s+/g, "");
  return {
    digits: /^[\d\s+().-]+$/.test(q) && digits.length >= 6 ? digits : null,
    email: q.includes("@") ? q.toLowerCase() : null,
    postcode: postcodePattern.test(compact) ? compact : null,
    words: prefixQuery(q),
  };
}

/** The ids matching `q`, as one union of index lookups. Null when nothing in `q` can match. */
export function matchingIds(q: string): SQL | null {
  const { digits, email, postcode, words } = searchParts(q);
  const arms: SQL[] = [];
  if (digits) {
    arms.push(
      sql`select ${customers.id} from ${customers} where ${customers.phoneDigits} like ${`${digits}%`}`,
      sql`select ${requests.customerId} from ${requests} where ${requests.phoneDigits} = ${digits}`,
    );
  }
  if (email) {
    arms.push(
      sql`select ${customers.id} from ${customers} where ${customers.email} = ${email}`,
      sql`select ${requests.customerId} from ${requests} where lower(${requests.email}) = ${email}`,
    );
  }
  if (postcode) {
    arms.push(
      sql`select ${customers.id} from ${customers} where ${customers.postcode} like ${`${postcode}%`}`,
    );
  }
  if (words) {
    arms.push(
      sql`select ${customers.id} from ${customers} where ${customers.searchVector} @@ to_tsquery('simple', ${words})`,
    );
  }
  if (arms.length === 0) return null;
  return sql.join(arms, sql` union `);
}

/**
 * How many customers, in list order, a word or postcode search first looks through for a page of
 * matches. A common word ("morag", "KY3": a hundredth of everyone or more) matches thousands of
 * customers, and sorting all of them to show fifty is the slow part; walking the list's own index
 * and testing each row finds the first page after a few thousand rows. A rarer word does not fill
 * the page there, and then the union of index lookups (`matchingIds`) finds its few matches, sorted
 * after. Both give the same page. Phone numbers and e-mail addresses are rare by nature and go
 * straight to the lookups.
 */
export const denseScanRows = 5000;

/** The first `limit` ids in list order among the first `scanRows` after the cursor that match. */
async function denseIds(
  parts: SearchParts,
  cursor: CustomerCursor | undefined,
  limit: number,
  scanRows: number,
  db: Db,
): Promise<number[]> {
  const tests: SQL[] = [];
  if (parts.postcode) tests.push(sql`f.postcode like ${`${parts.postcode}%`}`);
  if (parts.words) tests.push(sql`f.search_vector @@ to_tsquery('simple', ${parts.words})`);
  const after = cursor
    ? sql`where (last_activity_at, id) < (${cursor.at}::timestamptz, ${cursor.id})`
    : sql``;
  const result = (await db.execute(sql`
    select f.id from (
      select id, last_activity_at, postcode, search_vector from customers ${after}
      order by last_activity_at desc, id desc limit ${scanRows}
    ) f
    where ${sql.join(tests, sql` or `)}
    order by f.last_activity_at desc, f.id desc
    limit ${limit}`)) as unknown as { rows: { id: number }[] };
  return result.rows.map((r) => r.id);
}

export async function listPage(
  page: {
    q?: string | undefined;
    requestId?: number | undefined;
    cursor?: CustomerCursor | undefined;
    limit: number;
    scanRows?: number;
  },
  db: Db = getDb(),
): Promise<{ rows: CustomerRow[]; next: CustomerCursor | null }> {
  const conditions: SQL[] = [];
  if (page.q) {
    const parts = searchParts(page.q);
    const ids = matchingIds(page.q);
    if (!ids) return { rows: [], next: null };
    const dense =
      !parts.digits && !parts.email && (parts.words || parts.postcode)
        ? await denseIds(parts, page.cursor, page.limit + 1, page.scanRows ?? denseScanRows, db)
        : [];
    conditions.push(
      dense.length > page.limit ? inArray(customers.id, dense) : sql`${customers.id} in (${ids})`,
    );
  }
  if (page.requestId !== undefined) {
    conditions.push(
      sql`${customers.id} = (select ${requests.customerId} from ${requests} where ${requests.id} = ${page.requestId})`,
    );
  }
  if (page.cursor) {
    conditions.push(
      sql`(${customers.lastActivityAt}, ${customers.id}) < (${page.cursor.at}::timestamptz, ${page.cursor.id})`,
    );
  }
  const rows = await db
    .select({ ...summaryColumns, cursorAt })
    .from(customers)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(desc(customers.lastActivityAt), desc(customers.id))
    .limit(page.limit + 1);
  const more = rows.length > page.limit;
  const kept = more ? rows.slice(0, page.limit) : rows;
  const last = kept.at(-1);
  return {
    rows: kept.map(({ cursorAt: _at, ...row }) => row),
    next: more && last ? { sort: "newest", at: last.cursorAt, id: last.id } : null,
  };
}

export async function findCustomer(id: number, db: Db = getDb()): Promise<CustomerRecord | null> {
  const [row] = await db
    .select({ ...summaryColumns, notes: customers.notes, createdAt: customers.createdAt })
    .from(customers)
    .where(eq(customers.id, id));
  return row ?? null;
}

/** Sets the owner's notes; false when there is no such customer. */
export async function updateNotes(id: number, notes: string | null, now: Date, db: Db = getDb()) {
  const updated = await db
    .update(customers)
    .set({ notes, updatedAt: now })
    .where(eq(customers.id, id))
    .returning({ id: customers.id });
  return updated.length > 0;
}

/** The customer's requests (spam left out), newest first. */
export function requestsOf(customerId: number, db: Db = getDb()) {
  return db
    .select({
      id: requests.id,
      formType: requests.formType,
      state: requests.state,
      service: requests.service,
      address: requests.address,
      submittedAt: requests.submittedAt,
      stateChangedAt: requests.stateChangedAt,
    })
    .from(requests)
    .where(and(eq(requests.customerId, customerId), ne(requests.state, "spam")))
    .orderBy(desc(requests.submittedAt), desc(requests.id));
}

/** Visits with a date of these requests, the latest date first. */
export function visitsOf(requestIds: number[], db: Db = getDb()) {
  if (requestIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: appointments.id,
      submissionId: appointments.submissionId,
      date: appointments.date,
      window: appointments.window,
      status: appointments.status,
    })
    .from(appointments)
    .where(and(inArray(appointments.submissionId, requestIds), ne(appointments.status, "declined")))
    .orderBy(desc(appointments.date), desc(appointments.id));
}

/** The owner's notes on these requests, newest first. */
export function notesOf(requestIds: number[], db: Db = getDb()) {
  if (requestIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: requestNotes.id,
      submissionId: requestNotes.submissionId,
      body: requestNotes.body,
      createdAt: requestNotes.createdAt,
    })
    .from(requestNotes)
    .where(inArray(requestNotes.submissionId, requestIds))
    .orderBy(desc(requestNotes.createdAt), desc(requestNotes.id));
}

/**
 * Every quote version of these requests, newest first. The total of an accepted one is the total
 * the customer agreed to (its optional items chosen included), from the acceptance's evidence.
 */
export function quotesOf(requestIds: number[], db: Db = getDb()) {
  if (requestIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: quotes.id,
      submissionId: quotes.submissionId,
      version: quotes.version,
      status: quotes.status,
      totalPence: sql<number>`coalesce((${quotes.acceptance} ->> 'totalPence')::int, ${quotes.totalPence})`,
      createdAt: quotes.createdAt,
      sentAt: quotes.sentAt,
    })
    .from(quotes)
    .where(inArray(quotes.submissionId, requestIds))
    .orderBy(desc(quotes.createdAt), desc(quotes.id));
}

/**
 * Invoices and credit notes of these requests, and those with no request (direct ones, or whose
 * request was deleted) addressed to the customer's e-mail address; newest first.
 */
export function invoicesOf(requestIds: number[], email: string | null, db: Db = getDb()) {
  const arms: SQL[] = [];
  if (requestIds.length > 0) arms.push(inArray(invoices.submissionId, requestIds));
  if (email) arms.push(and(isNull(invoices.submissionId), sql`lower(${invoices.customerEmail}) = ${email}`)!);
  if (arms.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: invoices.id,
      submissionId: invoices.submissionId,
      kind: invoices.kind,
      number: invoices.number,
      status: invoices.status,
      totalPence: invoices.totalPence,
      paidPence: invoices.paidPence,
      issuedOn: invoices.issuedOn,
      dueOn: invoices.dueOn,
      createdAt: invoices.createdAt,
    })
    .from(invoices)
    .where(or(...arms))
    .orderBy(desc(invoices.createdAt), desc(invoices.id));
}

/**
 * The money these invoices' overpayments left on account (docs/decisions/060-money-corrections.md):
 * extras kept `on_account` whose payment was not removed, less what later invoices used of them
 * (uses not removed) and what was paid back to the customer, in pence.
 */
export async function onAccountPence(invoiceIds: number[], db: Db = getDb()): Promise<number> {
  if (invoiceIds.length === 0) return 0;
  const [row] = await db
    .select({
      total: sql<
        string | null
      >`sum(${accountCredits.amountPence} - coalesce(${accountCredits.paidBackPence}, 0) - coalesce((select sum(u.amount_pence) from ${accountCreditUses} u where u.credit_id = ${accountCredits}.id and u.removed_at is null), 0))`,
    })
    .from(accountCredits)
    .where(
      and(
        inArray(accountCredits.invoiceId, invoiceIds),
        eq(accountCredits.kind, "on_account"),
        isNull(accountCredits.removedAt),
      ),
    );
  return Number(row?.total ?? 0);
}

/**
 * Deletes those of these customers that no request points at any more: a customer is only the
 * person behind their requests, so when retention or erasure removes the last one, the name, e-mail
 * address, phone number, address and notes go with it. Returns how many were deleted.
 */
export async function removeWithoutRequests(ids: readonly number[], tx: Db): Promise<number> {
  if (ids.length === 0) return 0;
  const deleted = await tx
    .delete(customers)
    .where(
      and(
        inArray(customers.id, [...ids]),
        sql`not exists (select 1 from form_submissions s where s.customer_id = "customers"."id")`,
      ),
    )
    .returning({ id: customers.id });
  return deleted.length;
}
