/**
 * The inbox query over form_submissions: filters, search and keyset pagination. SQL in, plain
 * objects out; every function takes an optional executor (the database or a transaction).
 *
 *   listPage(filter, { cursor?, limit })   { rows, next }: `next` is the cursor after the last row,
 *                                           null on the last page
 *   pages(filter, pageSize)                 async iterator over every page (the CSV export)
 * The cursor the API hands out is src/features/requests/contract/inbox-cursor.ts.
 *
 * Order is (submitted_at, id), newest or oldest first. A cursor holds the last row's submitted_at
 * with its full microsecond precision (read back as text, since a JavaScript Date keeps only
 * milliseconds) and id, so the next page starts exactly after it: rows that arrive meanwhile never
 * shift a page, and no row is skipped or shown twice. Both sorts use form_submissions_inbox_idx,
 * scanned forwards or backwards.
 *
 * Search (`q`) matches any of:
 * - the reference, "KB-000042" or "KC-000042" (exact id and type);
 * - the phone number as digits, however it was typed ("07700 900123", "07700900123",
 *   "+44 7700 900123"), against the generated phone_digits column;
 * - the whole e-mail address, case-insensitively;
 * - full-text search over name, e-mail, phone, address and message (search_vector, GIN index),
 *   every word as a prefix ("mor" finds Morag), with both the 'simple' configuration and English
 *   stemming ("painting" finds "paint").
 */
import {
  and,
  asc,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  ne,
  or,
  sql,
  type SQL,
} from "../../platform/db/orm";
import type { InboxCursor } from "./contract/inbox-cursor";
import { startOfDay, addDays } from "../../platform/time";
import type { RequestState } from "./contract/states";
import { parseReference } from "./contract/reference";
import type { ArchivedFilter, InboxSort } from "./contract/workflow";
import type { FormType } from "./contract/forms";
import { getDb, type Db } from "../../platform/db/client";
import { requests } from "../tables";
import { requestColumns, toCustomerRequest, type CustomerRequest } from "./repository";

export interface InboxFilter {
  type?: FormType | "all";
  /** Only these states; default every state but spam. */
  states?: readonly RequestState[];
  q?: string;
  /** London dates, inclusive. */
  from?: string;
  to?: string;
  archived?: ArchivedFilter;
  sort?: InboxSort;
}

export type Cursor = InboxCursor;

/** Digits of a phone number, a leading +44 or 0044 written as 0 (as the phone_digits column). */
export function phoneDigits(text: string): string {
  return text
    .replace(/[^0-9+]/g, "")
    .replace(/^(\+|00)44/, "0")
    .replace(/\D/g, "");
}

/**
 * `'word':* & 'word':*` for to_tsquery: each word of the search as a prefix. Only letters, digits
 * and the characters e-mail addresses and phone numbers use are kept, so nothing the owner types
 * can break the query syntax. Null when no word is left.
 */
export function prefixQuery(text: string): string | null {
  const words = text
    .toLowerCase()
    .split(/\s+/)
    .map((w) => w.replace(/[^\p{L}\p{N}@._+-]/gu, "").replace(/^[._+-]+|[._+-]+$/g, ""))
    .filter((w) => w.length > 0)
    .slice(0, 12);
  if (words.length === 0) return null;
  return words.map((w) => `'${w}':*`).join(" & ");
}

/** The search's arms: exact ones (reference, phone digits, e-mail) and the full-text one. */
function searchArms(q: string): { exact: SQL[]; text: SQL | null } {
  const exact: SQL[] = [];
  const ref = parseReference(q);
  if (ref) exact.push(and(eq(requests.id, ref.id), eq(requests.formType, ref.formType))!);
  const digits = phoneDigits(q);
  if (/^[\d\s+().-]+$/.test(q) && digits.length >= 6) exact.push(eq(requests.phoneDigits, digits));
  if (q.includes("@")) exact.push(sql`lower(${requests.email}) = ${q.toLowerCase()}`);
  const words = prefixQuery(q);
  return { exact, text: words ? textMatch(requests.searchVector, words) : null };
}

/** Full-text match of a search vector against prefix words, without and with English stemming. */
function textMatch(vector: SQL | typeof requests.searchVector, words: string): SQL {
  return sql`(${vector} @@ to_tsquery('simple', ${words}) or ${vector} @@ to_tsquery('english', ${words}))`;
}

export function searchCondition(q: string): SQL {
  const { exact, text } = searchArms(q);
  const arms = text ? [...exact, text] : exact;
  return arms.length > 0 ? or(...arms)! : sql`false`;
}

/** Every condition of the filter; the search too unless `withSearch` is false. */
export function filterConditions(filter: InboxFilter, withSearch = true): SQL[] {
  const conditions: SQL[] = [];
  if (filter.type && filter.type !== "all") conditions.push(eq(requests.formType, filter.type));
  if (filter.states && filter.states.length > 0) {
    conditions.push(
      filter.states.length === 1
        ? eq(requests.state, filter.states[0]!)
        : inArray(requests.state, [...filter.states]),
    );
  } else {
    conditions.push(ne(requests.state, "spam"));
  }
  const archived = filter.archived ?? "false";
  if (archived === "false") conditions.push(isNull(requests.archivedAt));
  else if (archived === "true") conditions.push(isNotNull(requests.archivedAt));
  if (filter.from) conditions.push(gte(requests.submittedAt, startOfDay(filter.from)));
  if (filter.to) conditions.push(lt(requests.submittedAt, startOfDay(addDays(filter.to, 1))));
  if (filter.q && withSearch) conditions.push(searchCondition(filter.q));
  return conditions;
}

/** submitted_at as UTC text with microseconds: what a cursor holds. */
const cursorAt = sql<string>`to_char(${requests.submittedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * How many rows, in list order, a search first looks through for a full page of matches. Postgres
 * cannot estimate how many rows a prefix search matches, so left alone it picks one plan for every
 * search: a word in a third of all requests ("ceiling") and a rare one ("Burntisland") need
 * opposite ones. So a word search is answered in two steps:
 *  1. walk the first `denseScanRows` rows of the filter in order (the keyset index) and keep the
 *     matches: a common word fills the page here in a few milliseconds;
 *  2. if it did not, the word is rare (under a page per `denseScanRows` rows): collect every match
 *     through the search index behind an optimisation fence (OFFSET 0), then sort those few.
 * Both steps return the first matches in list order, so the page is the same either way. A search
 * that is a reference, a phone number or an e-mail address is rare by nature and goes to step 2.
 */
export const denseScanRows = 3000;

export async function listPage(
  filter: InboxFilter,
  page: { cursor?: Cursor | null; limit: number; scanRows?: number },
  db: Db = getDb(),
): Promise<{ rows: CustomerRequest[]; next: Cursor | null }> {
  const sort = filter.sort ?? "newest";
  const scanRows = page.scanRows ?? denseScanRows;
  const base = filterConditions(filter, false);
  if (page.cursor) {
    const after = sql`(${requests.submittedAt}, ${requests.id}) ${sql.raw(sort === "newest" ? "<" : ">")} (${page.cursor.at}::timestamptz, ${page.cursor.id})`;
    base.push(after);
  }
  const direction = sort === "newest" ? desc : asc;
  const fetch = (conditions: SQL[]) =>
    db
      .select({ ...requestColumns, cursorAt })
      .from(requests)
      .where(and(...conditions))
      .orderBy(direction(requests.submittedAt), direction(requests.id))
      .limit(page.limit + 1);

  let rows: Awaited<ReturnType<typeof fetch>>;
  if (!filter.q) {
    rows = await fetch(base);
  } else {
    const { exact, text } = searchArms(filter.q);
    const search = searchCondition(filter.q);
    rows = [];
    if (text && exact.length === 0) {
      // The first rows in list order as a subquery (its ORDER BY and LIMIT keep it apart), searched
      // in that order: Postgres keeps the subquery's order, so it stops at the page's last match.
      const first = db
        .select({
          ...requestColumns,
          cursorAt: cursorAt.as("cursor_at"),
          searchVector: requests.searchVector,
        })
        .from(requests)
        .where(and(...base))
        .orderBy(direction(requests.submittedAt), direction(requests.id))
        .limit(scanRows)
        .as("first_rows");
      const { searchVector, ...fields } = first._.selectedFields;
      rows = (await db
        .select(fields)
        .from(first)
        .where(textMatch(searchVector as unknown as SQL, prefixQuery(filter.q)!))
        .orderBy(direction(first.submittedAt), direction(first.id))
        .limit(page.limit + 1)) as typeof rows;
    }
    if (rows.length <= page.limit) {
      const everyMatch = sql`${requests.id} in (select ${requests.id} from ${requests} where ${and(...base, search)} offset 0)`;
      rows = await fetch([everyMatch]);
    }
  }
  const more = rows.length > page.limit;
  const kept = more ? rows.slice(0, page.limit) : rows;
  const last = kept.at(-1);
  return {
    rows: kept.map(({ cursorAt: _at, ...row }) => toCustomerRequest(row)),
    next: more && last ? { sort, at: last.cursorAt, id: last.id } : null,
  };
}

/** Every page of the filter in order, `pageSize` rows at a time (memory stays one page). */
export async function* pages(
  filter: InboxFilter,
  pageSize = 500,
  db: Db = getDb(),
): AsyncGenerator<CustomerRequest[]> {
  let cursor: Cursor | null = null;
  for (;;) {
    const { rows, next } = await listPage(filter, { cursor, limit: pageSize }, db);
    if (rows.length > 0) yield rows;
    if (!next) return;
    cursor = next;
  }
}
