/**
 * form_submissions table: contact messages and booking requests. SQL in, plain camelCase objects
 * out. Every function takes the database handle last (`Db`: the database or an open transaction);
 * it defaults to `getDb()`.
 *
 *   insert(input, key?)             { submission, created }: a repeated idempotency key returns the
 *                                   first row with created = false and stores nothing
 *   findByIdempotencyKey(key)       the row an earlier request with this key stored, or null
 *   list({ type?, unreadOnly? })    newest first (submitted_at desc, id desc); type contact|booking
 *   counts()                        { total, unread, contact, booking }
 *   setRead(id, isRead = true)      the updated row or null when no such id
 *   remove(id)                      true when a row was deleted
 *   rowExtras(ids)                  per id: a booking's first preferred date and the photo count
 */
import { and, count, desc, eq, inArray, isNotNull, lt, sql, type SQL } from "../../platform/db/orm";
import type { RequestSource, RequestState } from "./contract/states";
import type { FormType } from "./contract/forms";
import { getDb, type Db } from "../../platform/db/client";
import { requests } from "../tables";

export interface CustomerRequest {
  id: number;
  name: string;
  /** Null on a job the owner added by hand without one; never both null. */
  email: string | null;
  phone: string | null;
  message: string;
  formType: FormType;
  source: RequestSource;
  address: string | null;
  service: string | null;
  submittedAt: Date;
  isRead: boolean;
  /** Lifecycle state (src/features/requests/contract/states.ts) and when it last changed. */
  state: RequestState;
  stateChangedAt: Date;
  archivedAt: Date | null;
}

export interface NewCustomerRequest {
  formType: FormType;
  /** Default "web": a form on the website. */
  source?: RequestSource;
  name: string;
  email: string | null;
  phone: string | null;
  message: string;
  address?: string | null;
  service?: string | null;
}

const columns = {
  id: requests.id,
  name: requests.name,
  email: requests.email,
  phone: requests.phone,
  message: requests.message,
  formType: requests.formType,
  source: requests.source,
  address: requests.address,
  service: requests.service,
  submittedAt: requests.submittedAt,
  isRead: requests.isRead,
  state: requests.state,
  stateChangedAt: requests.stateChangedAt,
  archivedAt: requests.archivedAt,
};

/** The columns every reader of a request selects (request-workflow repositories share them). */
export const requestColumns = columns;

type Row = Omit<CustomerRequest, "formType" | "state" | "source"> & {
  formType: string;
  state: string;
  source: string;
};
export const toCustomerRequest = (row: Row): CustomerRequest => ({
  ...row,
  formType: row.formType as FormType,
  source: row.source as RequestSource,
  state: row.state as RequestState,
});

/**
 * Links the request to its customer: the oldest customer with its e-mail address or phone number,
 * else a new one (the database function assign_customer, one rule with the backfill of older
 * requests). Returns the customer's id, null for spam.
 */
export async function assignCustomer(requestId: number, tx: Db): Promise<number | null> {
  const result = (await tx.execute(sql`select assign_customer(${requestId}) as id`)) as unknown as {
    rows: { id: number | null }[];
  };
  return result.rows[0]?.id ?? null;
}

export async function insert(
  input: NewCustomerRequest,
  idempotencyKey?: string,
  db: Db = getDb(),
): Promise<{ request: CustomerRequest; created: boolean }> {
  const inserted = await db
    .insert(requests)
    .values({
      formType: input.formType,
      source: input.source ?? "web",
      name: input.name,
      email: input.email,
      phone: input.phone,
      message: input.message,
      address: input.address ?? null,
      service: input.service ?? null,
      idempotencyKey: idempotencyKey ?? null,
    })
    .onConflictDoNothing({ target: requests.idempotencyKey })
    .returning(columns);
  if (inserted[0]) return { request: toCustomerRequest(inserted[0]), created: true };
  // Only a repeated idempotency key can make the insert do nothing.
  const existing = await findByIdempotencyKey(idempotencyKey!, db);
  if (!existing) throw new Error("Request insert returned no row");
  return { request: existing, created: false };
}

export async function findByIdempotencyKey(key: string, db: Db = getDb()): Promise<CustomerRequest | null> {
  const rows = await db.select(columns).from(requests).where(eq(requests.idempotencyKey, key)).limit(1);
  return rows[0] ? toCustomerRequest(rows[0]) : null;
}

export async function list(
  options: { type?: FormType | "all"; unreadOnly?: boolean } = {},
  db: Db = getDb(),
): Promise<CustomerRequest[]> {
  const conditions: SQL[] = [];
  if (options.type && options.type !== "all") conditions.push(eq(requests.formType, options.type));
  if (options.unreadOnly) conditions.push(eq(requests.isRead, false));
  const rows = await db
    .select(columns)
    .from(requests)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(requests.submittedAt), desc(requests.id));
  return rows.map(toCustomerRequest);
}

export async function counts(
  db: Db = getDb(),
): Promise<{ total: number; unread: number; contact: number; booking: number }> {
  const [row] = await db
    .select({
      total: count(),
      unread: sql<number>`count(*) filter (where ${requests.isRead} = false)`,
      contact: sql<number>`count(*) filter (where ${requests.formType} = 'contact')`,
      booking: sql<number>`count(*) filter (where ${requests.formType} = 'booking')`,
    })
    .from(requests);
  return {
    total: Number(row?.total ?? 0),
    unread: Number(row?.unread ?? 0),
    contact: Number(row?.contact ?? 0),
    booking: Number(row?.booking ?? 0),
  };
}

export async function setRead(id: number, isRead = true, db: Db = getDb()): Promise<CustomerRequest | null> {
  const rows = await db
    .update(requests)
    .set({ isRead, updatedAt: sql`now()` })
    .where(eq(requests.id, id))
    .returning(columns);
  return rows[0] ? toCustomerRequest(rows[0]) : null;
}

/**
 * Forgets the Idempotency-Key of submissions stored before `before`: a retry comes within minutes,
 * and a key kept for ever is one more thing stored about a request. Returns how many.
 */
export async function clearIdempotencyKeys(before: Date, db: Db = getDb()): Promise<number> {
  const rows = await db
    .update(requests)
    .set({ idempotencyKey: null })
    .where(and(isNotNull(requests.idempotencyKey), lt(requests.submittedAt, before)))
    .returning({ id: requests.id });
  return rows.length;
}

export async function remove(id: number, db: Db = getDb()): Promise<boolean> {
  const rows = await db.delete(requests).where(eq(requests.id, id)).returning({ id: requests.id });
  return rows.length > 0;
}

/** What the inbox row shows beyond the request itself. */
export interface RowExtras {
  /** The booking's first preferred date ("YYYY-MM-DD"), null for a contact message. */
  firstPreferredDate: string | null;
  photoCount: number;
}

/**
 * The first preferred date and the number of photos of each request, in one query for a whole
 * page (both lookups use an index on submission_id). Ids with neither get no entry.
 */
export async function rowExtras(ids: readonly number[], db: Db = getDb()): Promise<Map<number, RowExtras>> {
  const result = new Map<number, RowExtras>();
  if (ids.length === 0) return result;
  const rows = await db
    .select({
      id: requests.id,
      // Written out in full: inside a select list Drizzle leaves column names unqualified.
      firstPreferredDate: sql<string | null>`(select bd.preferred_options -> 0 ->> 'date'
        from booking_details bd where bd.submission_id = form_submissions.id)`,
      photoCount: sql<number>`(select count(*)::int from photos p
        where p.submission_id = form_submissions.id)`,
    })
    .from(requests)
    .where(inArray(requests.id, [...ids]));
  for (const r of rows) {
    result.set(r.id, { firstPreferredDate: r.firstPreferredDate, photoCount: Number(r.photoCount) });
  }
  return result;
}
