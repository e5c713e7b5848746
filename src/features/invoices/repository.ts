/**
 * Invoices, credit notes, their lines, payments and the numbering counters: all their SQL, plain
 * objects out. Every function takes an executor (the database or an open transaction) last.
 *
 *   insertInvoice(values, lines, tx) / replaceLines(id, lines, tx) / updateInvoice(id, set, tx)
 *   findInvoice(id) / lockInvoice(id, tx)      one invoice with its lines (lock: FOR UPDATE)
 *   deleteDraft(id, tx)                        a draft and its lines
 *   takeNumber(sequence, tx)                   the next number of a gap-free sequence
 *   payments: insertPayment, paymentsOf, lockPayment, markPaymentRemoved
 *   creditNotesOf(invoiceIds)                  issued credit notes against invoices
 *   listInvoices(filter)                       the list's page and count
 *   forRequest(requestId) / forQuote(quoteId)  an request's or a quote's invoices
 *   dueForReminder(today, firstDays)           open, overdue invoices that may need a reminder
 */
import { documentLineStore, documentStore } from "../billing";
import type { Hundredths } from "../billing/contract/hundredths";
import { and, asc, desc, eq, gte, inArray, isNull, lte, ne, or, sql, type SQL } from "../../platform/db/orm";
import { getDb, type Db } from "../../platform/db/client";
import type {
  ExcessKind,
  InvoiceKind,
  InvoiceStatus,
  PaymentMethod,
  StoredPaymentMethod,
} from "./contract/rules";
import { requests } from "../tables";
import {
  accountCreditUses,
  accountCredits,
  documentSequences,
  invoiceLines,
  invoicePaidPdfs,
  invoicePayments,
  invoicePdfs,
  invoices,
} from "./tables";

export interface InvoiceLineRecord {
  id: number;
  position: number;
  description: string;
  quantityHundredths: Hundredths;
  unitPence: number;
  vatRateHundredths: Hundredths | null;
}

export type NewInvoiceLine = Omit<InvoiceLineRecord, "id" | "position">;

type InvoiceRow = typeof invoices.$inferSelect;

export interface InvoiceRecord extends Omit<InvoiceRow, "status" | "kind"> {
  kind: InvoiceKind;
  status: InvoiceStatus;
  lines: InvoiceLineRecord[];
}

export type NewInvoice = Pick<
  InvoiceRow,
  | "kind"
  | "submissionId"
  | "quoteId"
  | "customerName"
  | "customerEmail"
  | "customerAddress"
  | "vatRegistered"
  | "note"
  | "supplyDate"
  | "netPence"
  | "vatPence"
  | "totalPence"
> &
  Partial<
    Pick<
      InvoiceRow,
      | "creditedInvoiceId"
      | "reason"
      | "number"
      | "status"
      | "issuedOn"
      | "issuedAt"
      | "dueOn"
      | "countedDepositIds"
    >
  >;

export type InvoiceChange = Partial<Omit<InvoiceRow, "id" | "kind" | "createdAt" | "updatedAt">>;

type PaymentRow = typeof invoicePayments.$inferSelect;
export interface PaymentRecord extends Omit<PaymentRow, "method"> {
  method: StoredPaymentMethod;
  /** Received above the balance with it (money on account or to refund); absent: none. */
  excess?: ExcessRecord | null;
}

export interface ExcessRecord {
  id: number;
  kind: ExcessKind;
  amountPence: number;
  refundedOn: string | null;
  refundMethod: PaymentMethod | null;
  refundReference: string | null;
  /** Money on account paid back later: how much (the day and how are the refund's fields). */
  paidBackPence: number | null;
}

const asRecord = (r: InvoiceRow, lines: InvoiceLineRecord[]): InvoiceRecord => ({
  ...r,
  kind: r.kind as InvoiceKind,
  status: r.status as InvoiceStatus,
  lines,
});

const lineStore = documentLineStore<InvoiceLineRecord, NewInvoiceLine, "invoiceId">({
  table: invoiceLines,
  parent: invoiceLines.invoiceId,
  parentKey: "invoiceId",
  position: invoiceLines.position,
  columns: {
    id: invoiceLines.id,
    position: invoiceLines.position,
    description: invoiceLines.description,
    quantityHundredths: invoiceLines.quantityHundredths,
    unitPence: invoiceLines.unitPence,
    vatRateHundredths: invoiceLines.vatRateHundredths,
  },
});

const store = documentStore<
  InvoiceRow,
  InvoiceRecord,
  NewInvoice,
  InvoiceLineRecord,
  NewInvoiceLine,
  InvoiceChange
>(invoices, lineStore, asRecord);

export const withLines = store.withLines;
export const insertInvoice = store.insert;
export const replaceLines = lineStore.replaceLines;
export const updateInvoice = store.update;
export const findInvoice = (id: number, db: Db = getDb()) => store.find(id, db);

export async function findInvoices(ids: readonly number[], db: Db = getDb()): Promise<InvoiceRecord[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(invoices)
    .where(inArray(invoices.id, [...ids]))
    .orderBy(asc(invoices.id));
  return withLines(rows, db);
}

/** One invoice, its row locked until the transaction ends. */
export const lockInvoice = store.lock;

/** Deletes a draft (its lines go with it); false when it is not a draft (or gone). */
export async function deleteDraft(id: number, tx: Db): Promise<boolean> {
  const rows = await tx
    .delete(invoices)
    .where(and(eq(invoices.id, id), eq(invoices.status, "draft")))
    .returning({ id: invoices.id });
  return rows.length > 0;
}

/**
 * The next number of `sequence`, inside the caller's transaction: the counter's row is created
 * once, then `UPDATE … SET next = next + 1 RETURNING` takes a number and holds the row's lock
 * until the transaction ends, so concurrent issues queue here and a rollback gives the number back.
 */
export async function takeNumber(sequence: string, tx: Db): Promise<number> {
  await tx.insert(documentSequences).values({ name: sequence, next: 1 }).onConflictDoNothing();
  const [row] = await tx
    .update(documentSequences)
    .set({ next: sql`${documentSequences.next} + 1` })
    .where(eq(documentSequences.name, sequence))
    .returning({ taken: sql<number>`(${documentSequences.next} - 1)::int` });
  return row!.taken;
}

// ---------------------------------------------------------------- payments

export async function insertPayment(
  values: {
    invoiceId: number;
    amountPence: number;
    method: StoredPaymentMethod;
    receivedOn: string;
    reference: string | null;
    provider?: "stripe" | null;
    feePence?: number | null;
  },
  tx: Db,
): Promise<PaymentRecord> {
  const [row] = await tx.insert(invoicePayments).values(values).returning();
  return row as PaymentRecord;
}

/** The payment a provider recorded with this reference (its payment id), if any. */
export async function findProviderPayment(
  provider: "stripe",
  reference: string,
  db: Db,
): Promise<PaymentRecord | null> {
  const [row] = await db
    .select()
    .from(invoicePayments)
    .where(and(eq(invoicePayments.provider, provider), eq(invoicePayments.reference, reference)));
  return (row as PaymentRecord | undefined) ?? null;
}

/** Every payment of these invoices, removed ones included, oldest first. */
export async function paymentsOf(invoiceIds: readonly number[], db: Db = getDb()): Promise<PaymentRecord[]> {
  if (invoiceIds.length === 0) return [];
  const rows = await db
    .select({ p: invoicePayments, c: accountCredits })
    .from(invoicePayments)
    .leftJoin(
      accountCredits,
      and(eq(accountCredits.paymentId, invoicePayments.id), isNull(accountCredits.removedAt)),
    )
    .where(inArray(invoicePayments.invoiceId, [...invoiceIds]))
    .orderBy(asc(invoicePayments.receivedOn), asc(invoicePayments.id));
  return rows.map(({ p, c }) => ({ ...(p as PaymentRecord), excess: c ? excessOf(c) : null }));
}

type CreditRow = typeof accountCredits.$inferSelect;
const excessOf = (c: CreditRow): ExcessRecord => ({
  id: c.id,
  kind: c.kind as ExcessKind,
  amountPence: c.amountPence,
  refundedOn: c.refundedOn,
  refundMethod: c.refundMethod as PaymentMethod | null,
  refundReference: c.refundReference,
  paidBackPence: c.paidBackPence,
});

/** Records the extra received with a payment. */
export async function insertAccountCredit(
  values: { paymentId: number; invoiceId: number; kind: ExcessKind; amountPence: number },
  tx: Db,
): Promise<ExcessRecord> {
  const [row] = await tx.insert(accountCredits).values(values).returning();
  return excessOf(row!);
}

/** The extra recorded with a payment (not removed), if any. */
export async function creditOfPayment(paymentId: number, db: Db): Promise<ExcessRecord | null> {
  const [row] = await db
    .select()
    .from(accountCredits)
    .where(and(eq(accountCredits.paymentId, paymentId), isNull(accountCredits.removedAt)));
  return row ? excessOf(row) : null;
}

export async function markCreditRemoved(id: number, at: Date, tx: Db): Promise<void> {
  await tx.update(accountCredits).set({ removedAt: at }).where(eq(accountCredits.id, id));
}

/** One extra (not removed), locked for a change, with the invoice it came with. */
export async function lockAccountCredit(id: number, tx: Db) {
  const [row] = await tx
    .select({ c: accountCredits, number: invoices.number, submissionId: invoices.submissionId })
    .from(accountCredits)
    .innerJoin(invoices, eq(invoices.id, accountCredits.invoiceId))
    .where(and(eq(accountCredits.id, id), isNull(accountCredits.removedAt)))
    .for("update", { of: accountCredits });
  return row ? { ...excessOf(row.c), invoiceNumber: row.number ?? "", submissionId: row.submissionId } : null;
}

export async function markRefunded(
  id: number,
  values: {
    refundedOn: string;
    refundMethod: PaymentMethod;
    refundReference: string | null;
    settledAt: Date;
    paidBackPence?: number;
  },
  tx: Db,
): Promise<void> {
  await tx.update(accountCredits).set(values).where(eq(accountCredits.id, id));
}

/**
 * The extras not removed, newest first: `open` the refunds still owed and the money on account not
 * paid back; otherwise every one. At most `limit`. `leftPence` is what is still owed or on account
 * (money on account less its uses on later invoices; nothing once paid back).
 */
export async function listAccountCredits(open: boolean, limit: number, db: Db = getDb(), id?: number) {
  const rows = await db
    .select({
      c: accountCredits,
      invoiceNumber: invoices.number,
      submissionId: invoices.submissionId,
      customerName: invoices.customerName,
      receivedOn: invoicePayments.receivedOn,
      paymentMethod: invoicePayments.method,
      used: sql<number>`(select coalesce(sum(u.amount_pence), 0)::int from ${accountCreditUses} u
        where u.credit_id = ${accountCredits.id} and u.removed_at is null)`,
    })
    .from(accountCredits)
    .innerJoin(invoices, eq(invoices.id, accountCredits.invoiceId))
    .innerJoin(invoicePayments, eq(invoicePayments.id, accountCredits.paymentId))
    .where(
      and(
        isNull(accountCredits.removedAt),
        id === undefined ? undefined : eq(accountCredits.id, id),
        open ? isNull(accountCredits.settledAt) : undefined,
      ),
    )
    .orderBy(desc(accountCredits.createdAt), desc(accountCredits.id))
    .limit(limit);
  return rows.map((r) => ({
    ...excessOf(r.c),
    invoiceId: r.c.invoiceId,
    invoiceNumber: r.invoiceNumber ?? "",
    submissionId: r.submissionId,
    customerName: r.customerName,
    receivedOn: r.receivedOn,
    paymentMethod: r.paymentMethod as PaymentMethod,
    leftPence: r.c.settledAt ? 0 : r.c.amountPence - Number(r.used),
  }));
}

export async function findPayment(id: number, invoiceId: number, db: Db): Promise<PaymentRecord | null> {
  const [row] = await db
    .select()
    .from(invoicePayments)
    .where(and(eq(invoicePayments.id, id), eq(invoicePayments.invoiceId, invoiceId)));
  return (row as PaymentRecord | undefined) ?? null;
}

export async function markPaymentRemoved(id: number, by: string, at: Date, tx: Db): Promise<void> {
  await tx
    .update(invoicePayments)
    .set({ removedAt: at, removedBy: by })
    .where(and(eq(invoicePayments.id, id), isNull(invoicePayments.removedAt)));
}

/** What the payments not removed add up to. */
export async function paidTotal(invoiceId: number, tx: Db): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`coalesce(sum(${invoicePayments.amountPence}), 0)::int` })
    .from(invoicePayments)
    .where(and(eq(invoicePayments.invoiceId, invoiceId), isNull(invoicePayments.removedAt)));
  return row?.n ?? 0;
}

// ---------------------------------------------------------------- credit notes, requests, quotes

/** Credit notes against these invoices, oldest first. */
export async function creditNotesOf(invoiceIds: readonly number[], db: Db = getDb()): Promise<InvoiceRow[]> {
  if (invoiceIds.length === 0) return [];
  return db
    .select()
    .from(invoices)
    .where(and(eq(invoices.kind, "credit_note"), inArray(invoices.creditedInvoiceId, [...invoiceIds])))
    .orderBy(asc(invoices.id));
}

/** The number and date of each of these invoices. */
export async function issuesOf(
  ids: readonly number[],
  db: Db = getDb(),
): Promise<Map<number, { number: string | null; issuedOn: string | null }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: invoices.id, number: invoices.number, issuedOn: invoices.issuedOn })
    .from(invoices)
    .where(inArray(invoices.id, [...ids]));
  return new Map(rows.map((r) => [r.id, { number: r.number, issuedOn: r.issuedOn }]));
}

/** A request's invoices and credit notes, oldest first. */
export async function forRequest(requestId: number, db: Db = getDb()): Promise<InvoiceRecord[]> {
  const rows = await db
    .select()
    .from(invoices)
    .where(eq(invoices.submissionId, requestId))
    .orderBy(asc(invoices.id));
  return withLines(rows, db);
}

/** The numbers of the issued invoices and credit notes (never a draft) of each request that has any. */
export async function issuedNumbersByRequest(
  requestIds: readonly number[],
  db: Db = getDb(),
): Promise<Map<number, string[]>> {
  if (requestIds.length === 0) return new Map();
  const rows = await db
    .select({ submissionId: invoices.submissionId, number: invoices.number })
    .from(invoices)
    .where(and(inArray(invoices.submissionId, [...requestIds]), ne(invoices.status, "draft")))
    .orderBy(asc(invoices.id));
  const out = new Map<number, string[]>();
  for (const r of rows) {
    if (r.submissionId === null || r.number === null) continue;
    out.set(r.submissionId, [...(out.get(r.submissionId) ?? []), r.number]);
  }
  return out;
}

/** A quote's invoices (not credit notes), oldest first. */
export async function forQuote(quoteId: number, db: Db = getDb()): Promise<InvoiceRecord[]> {
  const rows = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.quoteId, quoteId), sql`${invoices.kind} <> 'credit_note'`))
    .orderBy(asc(invoices.id));
  return withLines(rows, db);
}

// ---------------------------------------------------------------- the list

export interface ListFilter {
  status?: InvoiceStatus | "overdue" | "open" | undefined;
  /** Include credit notes, or list only them ("only"). */
  creditNotes: boolean | "only";
  submissionId?: number | undefined;
  q?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  today: string;
  limit: number;
  offset: number;
}

export async function listInvoices(
  f: ListFilter,
  db: Db = getDb(),
): Promise<{ rows: InvoiceRow[]; total: number }> {
  const where: SQL[] = [];
  if (!f.creditNotes) where.push(sql`${invoices.kind} <> 'credit_note'`);
  if (f.creditNotes === "only") where.push(eq(invoices.kind, "credit_note"));
  if (f.status === "overdue") {
    where.push(inArray(invoices.status, ["unpaid", "part-paid"]));
    where.push(sql`${invoices.dueOn} < ${f.today}`);
  } else if (f.status === "open") {
    where.push(inArray(invoices.status, ["unpaid", "part-paid"]));
  } else if (f.status) where.push(eq(invoices.status, f.status));
  if (f.submissionId !== undefined) where.push(eq(invoices.submissionId, f.submissionId));
  if (f.from) where.push(gte(invoices.issuedOn, f.from));
  if (f.to) where.push(lte(invoices.issuedOn, f.to));
  if (f.q) {
    const like = `%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(or(sql`${invoices.number} ilike ${like}`, sql`${invoices.customerName} ilike ${like}`)!);
  }
  const condition = where.length ? and(...where) : undefined;
  const rows = await db
    .select()
    .from(invoices)
    .where(condition)
    .orderBy(sql`${invoices.issuedOn} desc nulls first`, desc(invoices.id))
    .limit(f.limit)
    .offset(f.offset);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(invoices)
    .where(condition);
  return { rows, total: count?.n ?? 0 };
}

// ---------------------------------------------------------------- reminders

/** Open invoices due at least `minDays` before `today` with reminders on and fewer than two sent. */
export async function dueForReminder(
  today: string,
  minDays: number,
  db: Db = getDb(),
): Promise<{ id: number }[]> {
  return db
    .select({ id: invoices.id })
    .from(invoices)
    .where(
      and(
        inArray(invoices.status, ["unpaid", "part-paid"]),
        eq(invoices.remindersEnabled, true),
        isNull(invoices.reminder2SentAt),
        sql`${invoices.dueOn} <= (${today}::date - ${minDays}::int)`,
      ),
    )
    .orderBy(asc(invoices.dueOn), asc(invoices.id));
}

// ---------------------------------------------------------------- accounting records

/**
 * Before requests are deleted (retention, erasure, the owner's delete): their invoices, credit notes
 * and payments stay, as accounting records, with the minimum customer data (the name and address
 * the invoice was made out to; the e-mail address goes), and the accepted quote behind each is
 * copied onto it, since the quote is deleted with its request. Answers how many invoices were kept.
 */
export async function keepForAccounts(requestIds: readonly number[], tx: Db): Promise<number> {
  if (requestIds.length === 0) return 0;
  const kept = await tx
    .update(invoices)
    .set({
      customerEmail: null,
      keptQuote: sql`coalesce(${invoices.keptQuote}, (
        select jsonb_build_object(
          'title', 'Q-' || lpad(q.submission_id::text, 6, '0') || case when q.version > 1 then ' version ' || q.version else '' end,
          'acceptance', q.acceptance)
        from quotes q where q.id = ${invoices.quoteId} and q.acceptance is not null))`,
      remindersEnabled: false,
      updatedAt: sql`now()`,
    })
    .where(inArray(invoices.submissionId, [...requestIds]))
    .returning({ id: invoices.id });
  // Drafts were never issued: they are no record of anything and go with the request.
  await tx
    .delete(invoices)
    .where(and(inArray(invoices.submissionId, [...requestIds]), eq(invoices.status, "draft")));
  return kept.length;
}

/** Erasure of an address: invoices with no request made out to it keep the name and address only. */
export async function forgetEmail(email: string, tx: Db): Promise<number> {
  const rows = await tx
    .update(invoices)
    .set({ customerEmail: null, remindersEnabled: false, updatedAt: sql`now()` })
    .where(sql`lower(${invoices.customerEmail}) = lower(${email})`)
    .returning({ id: invoices.id });
  return rows.length;
}

/**
 * Accounting records past their keeping time: invoices issued (drafts written) before `before`,
 * unless a credit note or a payment of theirs is newer. Their ids, oldest first.
 */
export async function expiredRecords(before: string, db: Db = getDb()): Promise<number[]> {
  const rows = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(
      and(
        sql`${invoices.kind} <> 'credit_note'`,
        sql`coalesce(${invoices.issuedOn}, ${invoices.createdAt}::date) < ${before}::date`,
        sql`not exists (select 1 from invoices c where c.credited_invoice_id = ${invoices.id} and c.issued_on >= ${before}::date)`,
        sql`not exists (select 1 from invoice_payments p where p.invoice_id = ${invoices.id} and p.received_on >= ${before}::date)`,
      ),
    )
    .orderBy(asc(invoices.id));
  return rows.map((r) => r.id);
}

/**
 * Deletes those records with their lines, payments and credit notes. Answers how many documents
 * (invoices and credit notes) were deleted.
 */
export async function removeExpiredRecords(before: string, tx: Db): Promise<number> {
  const ids = await expiredRecords(before, tx);
  if (ids.length === 0) return 0;
  await tx.delete(invoicePayments).where(inArray(invoicePayments.invoiceId, ids));
  const notes = await tx
    .delete(invoices)
    .where(inArray(invoices.creditedInvoiceId, ids))
    .returning({ id: invoices.id });
  const gone = await tx.delete(invoices).where(inArray(invoices.id, ids)).returning({ id: invoices.id });
  return notes.length + gone.length;
}

/** Whether the request has an issued invoice still owed (unpaid or part-paid). */
export async function hasOpenInvoice(requestId: number, db: Db = getDb()): Promise<boolean> {
  const [row] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.submissionId, requestId), inArray(invoices.status, ["unpaid", "part-paid"])))
    .limit(1);
  return row !== undefined;
}

/** The date of the latest invoice issued (credit notes have their own numbers), or null. */
export async function lastInvoiceIssuedOn(
  db: Db,
  excludeId: number,
): Promise<{ issuedOn: string; number: string } | null> {
  const [row] = await db
    .select({ issuedOn: invoices.issuedOn, number: invoices.number })
    .from(invoices)
    .where(
      and(
        sql`${invoices.kind} <> 'credit_note'`,
        sql`${invoices.number} is not null`,
        sql`${invoices.id} <> ${excludeId}`,
      ),
    )
    .orderBy(desc(invoices.issuedOn), desc(invoices.id))
    .limit(1);
  return row?.issuedOn && row.number ? { issuedOn: row.issuedOn, number: row.number } : null;
}

/** The kept PDF of an issued invoice, or null when it has not been made yet. */
export async function keptPdf(invoiceId: number, db: Db = getDb()): Promise<Uint8Array | null> {
  const [row] = await db
    .select({ bytes: invoicePdfs.bytes })
    .from(invoicePdfs)
    .where(eq(invoicePdfs.invoiceId, invoiceId));
  return row?.bytes ?? null;
}

/** Keeps an issued invoice's PDF; a PDF already kept (made by a concurrent request) stays. */
export async function keepPdf(invoiceId: number, bytes: Uint8Array, db: Db = getDb()): Promise<void> {
  await db.insert(invoicePdfs).values({ invoiceId, bytes }).onConflictDoNothing();
}

/** The kept "paid" PDF of an invoice and the day it says it was paid, or null. */
export async function keptPaidPdf(
  invoiceId: number,
  db: Db = getDb(),
): Promise<{ paidOn: string; bytes: Uint8Array } | null> {
  const [row] = await db
    .select({ paidOn: invoicePaidPdfs.paidOn, bytes: invoicePaidPdfs.bytes })
    .from(invoicePaidPdfs)
    .where(eq(invoicePaidPdfs.invoiceId, invoiceId));
  return row ?? null;
}

/** Keeps a paid invoice's PDF for the day it was paid, replacing one kept for another day. */
export async function keepPaidPdf(
  invoiceId: number,
  paidOn: string,
  bytes: Uint8Array,
  db: Db = getDb(),
): Promise<void> {
  await db
    .insert(invoicePaidPdfs)
    .values({ invoiceId, paidOn, bytes })
    .onConflictDoUpdate({
      target: invoicePaidPdfs.invoiceId,
      set: { paidOn, bytes, createdAt: sql`now()` },
      setWhere: sql`${invoicePaidPdfs.paidOn} <> excluded.paid_on`,
    });
}

// ---------------------------------------------------------------- money on account, used

/** A credit kept on account and what of it is still unused. */
export interface AvailableCredit {
  id: number;
  availablePence: number;
  /** The invoice it was overpaid on ("KH-0007"). */
  invoiceNumber: string;
}

/**
 * The customer's money on account for this invoice, oldest first: extras kept `on_account` (not
 * removed) from their other invoices, less their uses not removed, those with something left. The
 * customer is the one behind the invoice's request, or (an invoice with no request, or an older one)
 * the same e-mail address. `lock` takes the credits' rows FOR UPDATE before their uses are read, so
 * a second issue at the same time waits and then sees what this one used.
 */
export async function availableCredits(
  r: { id: number; submissionId: number | null; customerEmail: string | null },
  db: Db,
  lock = false,
): Promise<AvailableCredit[]> {
  const sameCustomer: SQL[] = [];
  if (r.submissionId !== null) {
    sameCustomer.push(
      sql`${requests.customerId} = (select s.customer_id from ${requests} s where s.id = ${r.submissionId})`,
    );
  }
  if (r.customerEmail) sameCustomer.push(sql`lower(${invoices.customerEmail}) = lower(${r.customerEmail})`);
  if (sameCustomer.length === 0) return [];
  const query = db
    .select({
      id: accountCredits.id,
      amountPence: accountCredits.amountPence,
      paidBackPence: accountCredits.paidBackPence,
      number: invoices.number,
    })
    .from(accountCredits)
    .innerJoin(invoices, eq(invoices.id, accountCredits.invoiceId))
    .leftJoin(requests, eq(requests.id, invoices.submissionId))
    .where(
      and(
        eq(accountCredits.kind, "on_account"),
        isNull(accountCredits.removedAt),
        ne(invoices.id, r.id),
        or(...sameCustomer),
      ),
    )
    .orderBy(asc(accountCredits.createdAt), asc(accountCredits.id));
  const credits = lock ? await query.for("update", { of: accountCredits }) : await query;
  if (credits.length === 0) return [];
  const used = await db
    .select({
      creditId: accountCreditUses.creditId,
      n: sql<number>`sum(${accountCreditUses.amountPence})::int`,
    })
    .from(accountCreditUses)
    .where(
      and(
        inArray(
          accountCreditUses.creditId,
          credits.map((c) => c.id),
        ),
        isNull(accountCreditUses.removedAt),
      ),
    )
    .groupBy(accountCreditUses.creditId);
  const usedOf = new Map(used.map((u) => [u.creditId, Number(u.n)]));
  return credits
    .map((c) => ({
      id: c.id,
      availablePence: c.amountPence - (c.paidBackPence ?? 0) - (usedOf.get(c.id) ?? 0),
      invoiceNumber: c.number ?? "",
    }))
    .filter((c) => c.availablePence > 0);
}

export async function insertCreditUses(
  paymentId: number,
  uses: readonly { creditId: number; amountPence: number }[],
  tx: Db,
): Promise<void> {
  if (uses.length === 0) return;
  await tx.insert(accountCreditUses).values(uses.map((u) => ({ ...u, paymentId })));
}

/** Marks a payment's uses of money on account removed: that money is on account again. */
export async function markCreditUsesRemoved(paymentId: number, at: Date, tx: Db): Promise<void> {
  await tx
    .update(accountCreditUses)
    .set({ removedAt: at })
    .where(and(eq(accountCreditUses.paymentId, paymentId), isNull(accountCreditUses.removedAt)));
}

/** What of a credit later invoices use (uses not removed), in pence. */
export async function usedOfCredit(creditId: number, db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${accountCreditUses.amountPence}), 0)::int` })
    .from(accountCreditUses)
    .where(and(eq(accountCreditUses.creditId, creditId), isNull(accountCreditUses.removedAt)));
  return Number(row?.n ?? 0);
}
