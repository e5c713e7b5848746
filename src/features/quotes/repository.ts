/**
 * Quotes, their lines and the price list: all their SQL, plain objects out. Every function takes
 * an executor (the database or an open transaction) last; it defaults to `getDb()`.
 *
 *   insertQuote(values, lines, tx)       a new version with its lines
 *   replaceLines(quoteId, lines, tx)     a draft's lines, all replaced
 *   updateQuote(id, set, tx)             the changed columns (updated_at too)
 *   findQuote(id) / lockQuote(id, tx)    one version with its lines (lockQuote: FOR UPDATE)
 *   listForRequest(requestId)            every version, newest first
 *   lockLiveForRequest(requestId, tx)    the draft, sent or viewed version, locked
 *   lastVersion(requestId, tx)           the highest version number (0 when none)
 *   dueForExpiry(today) / dueForFollowUp(sentBefore, today)   what the scheduled job handles
 *   acceptedWithin(requestId, today)     accepted versions whose cancellation period runs today
 *   price list: listPriceList, insertPriceListItem, updatePriceListItem, deletePriceListItem
 */
import { documentLineStore, documentStore } from "../billing";
import type { Hundredths } from "../billing/contract/hundredths";
import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, sql } from "../../platform/db/orm";
import { getDb, type Db } from "../../platform/db/client";
import type { QuoteStatus } from "./contract/rules";
import { priceListItems, quoteLines, quotes, type AcceptanceEvidence } from "./tables";

export type { AcceptanceEvidence };

export interface QuoteLineRecord {
  id: number;
  position: number;
  description: string;
  quantityHundredths: Hundredths;
  unitPence: number;
  vatRateHundredths: Hundredths | null;
  optional: boolean;
}

export type NewQuoteLine = Omit<QuoteLineRecord, "id" | "position">;

type QuoteRow = typeof quotes.$inferSelect;

export interface QuoteRecord extends Omit<QuoteRow, "status"> {
  status: QuoteStatus;
  lines: QuoteLineRecord[];
}

export type NewQuote = Pick<
  QuoteRow,
  | "submissionId"
  | "version"
  | "vatRegistered"
  | "note"
  | "validUntil"
  | "depositPence"
  | "depositPercentHundredths"
  | "urgentRepair"
  | "totalPence"
  | "startDate"
  | "startWithinWorkingDays"
>;

export type QuoteChange = Partial<
  Omit<QuoteRow, "id" | "submissionId" | "version" | "createdAt" | "updatedAt">
>;

const lineStore = documentLineStore<QuoteLineRecord, NewQuoteLine, "quoteId">({
  table: quoteLines,
  parent: quoteLines.quoteId,
  parentKey: "quoteId",
  position: quoteLines.position,
  columns: {
    id: quoteLines.id,
    position: quoteLines.position,
    description: quoteLines.description,
    quantityHundredths: quoteLines.quantityHundredths,
    unitPence: quoteLines.unitPence,
    vatRateHundredths: quoteLines.vatRateHundredths,
    optional: quoteLines.optional,
  },
});

const store = documentStore<QuoteRow, QuoteRecord, NewQuote, QuoteLineRecord, NewQuoteLine, QuoteChange>(
  quotes,
  lineStore,
  (r, lines) => ({ ...r, status: r.status as QuoteStatus, lines }),
);
const withLines = store.withLines;

export const insertQuote = store.insert;
export const replaceLines = lineStore.replaceLines;
export const updateQuote = store.update;
export const findQuote = (id: number, db: Db = getDb()) => store.find(id, db);
/** One version, its row locked until the transaction ends (accepting, editing, sending). */
export const lockQuote = store.lock;

export async function listForRequest(requestId: number, db: Db = getDb()): Promise<QuoteRecord[]> {
  const rows = await db
    .select()
    .from(quotes)
    .where(eq(quotes.submissionId, requestId))
    .orderBy(desc(quotes.version));
  return withLines(rows, db);
}

/** The newest version that is not a draft (what the customer may see), or null. */
export async function latestShown(requestId: number, db: Db = getDb()): Promise<QuoteRecord | null> {
  const rows = await db
    .select()
    .from(quotes)
    .where(and(eq(quotes.submissionId, requestId), sql`${quotes.status} <> 'draft'`))
    .orderBy(desc(quotes.version))
    .limit(1);
  const [record] = await withLines(rows, db);
  return record ?? null;
}

export async function lastVersion(requestId: number, tx: Db): Promise<number> {
  const [row] = await tx
    .select({ v: sql<number>`coalesce(max(${quotes.version}), 0)::int` })
    .from(quotes)
    .where(eq(quotes.submissionId, requestId));
  return row?.v ?? 0;
}

/** Sent or opened quotes whose valid-until date is before `today` (London). */
export async function dueForExpiry(
  today: string,
  db: Db = getDb(),
): Promise<{ id: number; submissionId: number }[]> {
  return db
    .select({ id: quotes.id, submissionId: quotes.submissionId })
    .from(quotes)
    .where(and(inArray(quotes.status, ["sent", "viewed"]), lt(quotes.validUntil, today)))
    .orderBy(asc(quotes.id));
}

/** Sent or opened, unanswered, sent at or before `sentBefore`, still valid today, never followed up. */
export async function dueForFollowUp(
  sentBefore: Date,
  today: string,
  db: Db = getDb(),
): Promise<{ id: number; submissionId: number }[]> {
  return db
    .select({ id: quotes.id, submissionId: quotes.submissionId })
    .from(quotes)
    .where(
      and(
        inArray(quotes.status, ["sent", "viewed"]),
        isNull(quotes.followUpSentAt),
        lte(quotes.sentAt, sentBefore),
        gte(quotes.validUntil, today),
      ),
    )
    .orderBy(asc(quotes.id));
}

/** Accepted (not cancelled) versions of a request, newest first. */
export async function acceptedForRequest(requestId: number, db: Db = getDb()): Promise<QuoteRecord[]> {
  const rows = await db
    .select()
    .from(quotes)
    .where(and(eq(quotes.submissionId, requestId), eq(quotes.status, "accepted")))
    .orderBy(desc(quotes.version));
  return withLines(rows, db);
}

// ---------------------------------------------------------------- price list

type PriceListRow = typeof priceListItems.$inferSelect;
export type PriceListRecord = PriceListRow;
export type NewPriceListItem = Pick<PriceListRow, "description" | "unitPence" | "unit" | "vatRateHundredths">;

export async function listPriceList(db: Db = getDb()): Promise<PriceListRecord[]> {
  return db.select().from(priceListItems).orderBy(asc(priceListItems.description), asc(priceListItems.id));
}

export async function countPriceList(db: Db = getDb()): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(priceListItems);
  return row?.n ?? 0;
}

export async function insertPriceListItem(
  item: NewPriceListItem,
  db: Db = getDb(),
): Promise<PriceListRecord> {
  const [row] = await db.insert(priceListItems).values(item).returning();
  return row!;
}

export async function updatePriceListItem(
  id: number,
  set: Partial<NewPriceListItem>,
  db: Db = getDb(),
): Promise<PriceListRecord | null> {
  const [row] = await db
    .update(priceListItems)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(priceListItems.id, id))
    .returning();
  return row ?? null;
}

export async function deletePriceListItem(id: number, db: Db = getDb()): Promise<boolean> {
  const rows = await db
    .delete(priceListItems)
    .where(eq(priceListItems.id, id))
    .returning({ id: priceListItems.id });
  return rows.length > 0;
}
