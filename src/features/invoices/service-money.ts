/**
 * Money at a glance (`GET /api/admin/money`, docs/decisions/032-invoices.md): what is owed, what is
 * overdue (oldest due date first), invoiced and received this month and last, the quotes waiting
 * for an answer, the share of quotes accepted over the last 90 days, and invoiced against received
 * for each of the last 12 months. "Invoiced" is issued invoices less credit notes, by invoice date;
 * "received" is payments not removed (money on account used by a later invoice excepted: it is not
 * new money), by the date received. Months are calendar months in London.
 * Each figure is one aggregate query over indexed columns, so the screen stays quick with years of
 * invoices (scripts/bench-money.ts measures it).
 */
import { and, asc, gte, inArray, isNull, lt, ne, sql, type SQL } from "../../platform/db/orm";
import type { Db } from "../../platform/db/client";
import type { ServiceContext } from "../../platform/context";
import { dateInZone, daysBetween, firstOfMonth, type IsoDate } from "../../platform/time";
import { quotes } from "../quotes";
import type { MoneySummary } from "./contract";
import { invoicePayments, invoices } from "./tables";

/** "2026-11" and the first day of the month `back` months before `date`'s. */
function monthStart(date: IsoDate, back: number): { month: string; first: IsoDate } {
  const first = firstOfMonth(date, -back);
  return { month: first.slice(0, 7), first };
}

const open = inArray(invoices.status, ["unpaid", "part-paid"]);
const notCredit = sql`${invoices.kind} <> 'credit_note'`;
const owed = sql<number>`coalesce(sum(${invoices.totalPence} - ${invoices.creditedPence} - ${invoices.paidPence}), 0)::int`;

/** What is owed on open invoices, and how much of it is overdue. */
const owedTotals = (db: Db, late: SQL) =>
  db
    .select({
      pence: owed,
      n: sql<number>`count(*)::int`,
      overduePence: sql<number>`coalesce(sum(${invoices.totalPence} - ${invoices.creditedPence} - ${invoices.paidPence}) filter (where ${late}), 0)::int`,
      overdueN: sql<number>`(count(*) filter (where ${late}))::int`,
    })
    .from(invoices)
    .where(and(open, notCredit));

/** The overdue invoices, oldest due date first (at most 50). */
const overdueInvoices = (db: Db, today: IsoDate) =>
  db
    .select({
      id: invoices.id,
      number: invoices.number,
      customerName: invoices.customerName,
      submissionId: invoices.submissionId,
      dueOn: invoices.dueOn,
      totalPence: invoices.totalPence,
      balancePence: sql<number>`(${invoices.totalPence} - ${invoices.creditedPence} - ${invoices.paidPence})::int`,
      reminder1: invoices.reminder1SentAt,
      reminder2: invoices.reminder2SentAt,
    })
    .from(invoices)
    .where(and(open, notCredit, lt(invoices.dueOn, today)))
    .orderBy(asc(invoices.dueOn), asc(invoices.id))
    .limit(50);

/** Issued invoices less credit notes per month of the invoice date. */
const invoicedByMonth = (db: Db, from: IsoDate, nextMonth: IsoDate) =>
  db
    .select({
      month: sql<string>`to_char(${invoices.issuedOn}, 'YYYY-MM')`,
      pence: sql<number>`coalesce(sum(case when ${invoices.kind} = 'credit_note' then -${invoices.totalPence} else ${invoices.totalPence} end), 0)::int`,
    })
    .from(invoices)
    .where(and(gte(invoices.issuedOn, from), lt(invoices.issuedOn, nextMonth)))
    .groupBy(sql`1`);

/** Payments per month received, money on account used later excepted. */
const receivedByMonth = (db: Db, from: IsoDate, nextMonth: IsoDate) =>
  db
    .select({
      month: sql<string>`to_char(${invoicePayments.receivedOn}, 'YYYY-MM')`,
      pence: sql<number>`coalesce(sum(${invoicePayments.amountPence}), 0)::int`,
    })
    .from(invoicePayments)
    .where(
      and(
        isNull(invoicePayments.removedAt),
        // Money on account used on a later invoice was received with the earlier overpayment.
        ne(invoicePayments.method, "on_account"),
        gte(invoicePayments.receivedOn, from),
        lt(invoicePayments.receivedOn, nextMonth),
      ),
    )
    .groupBy(sql`1`);

/** Quotes sent or opened, not yet answered nor expired: how many and their total. */
const quotesAwaiting = (db: Db, today: IsoDate) =>
  db
    .select({
      n: sql<number>`count(*)::int`,
      pence: sql<number>`coalesce(sum(${quotes.totalPence}), 0)::int`,
    })
    .from(quotes)
    .where(and(inArray(quotes.status, ["sent", "viewed"]), gte(quotes.validUntil, today)));

/** Quotes sent in the last 90 days that were answered or expired, and how many were accepted. */
const quotesDecided = (db: Db, now: Date) =>
  db
    .select({
      decided: sql<number>`count(*)::int`,
      accepted: sql<number>`(count(*) filter (where ${quotes.status} in ('accepted', 'cancelled')))::int`,
    })
    .from(quotes)
    .where(
      and(
        inArray(quotes.status, ["accepted", "declined", "expired", "cancelled"]),
        gte(quotes.sentAt, new Date(now.getTime() - 90 * 24 * 60 * 60 * 1000)),
      ),
    );

export async function moneySummary(ctx: ServiceContext): Promise<MoneySummary> {
  const db = ctx.db;
  const today = dateInZone(ctx.now);
  const months = Array.from({ length: 12 }, (_, i) => monthStart(today, 11 - i));
  const from = months[0]!.first;
  const nextMonth = monthStart(today, -1).first;

  const late = sql`${invoices.dueOn} < ${today}`;
  const [totals, overdueRows, invoicedRows, receivedRows, awaiting, decided] = await Promise.all([
    owedTotals(db, late),
    overdueInvoices(db, today),
    invoicedByMonth(db, from, nextMonth),
    receivedByMonth(db, from, nextMonth),
    quotesAwaiting(db, today),
    quotesDecided(db, ctx.now),
  ]);

  const invoiced = new Map(invoicedRows.map((r) => [r.month, r.pence]));
  const received = new Map(receivedRows.map((r) => [r.month, r.pence]));
  const series = months.map(({ month }) => ({
    month,
    invoicedPence: invoiced.get(month) ?? 0,
    receivedPence: received.get(month) ?? 0,
  }));
  const d = decided[0] ?? { decided: 0, accepted: 0 };
  return {
    today,
    outstandingPence: totals[0]?.pence ?? 0,
    outstandingCount: totals[0]?.n ?? 0,
    overduePence: totals[0]?.overduePence ?? 0,
    overdueCount: totals[0]?.overdueN ?? 0,
    overdue: overdueRows.map((r) => ({
      id: r.id,
      number: r.number!,
      customerName: r.customerName,
      submissionId: r.submissionId,
      dueOn: r.dueOn!,
      daysOverdue: daysBetween(r.dueOn!, today),
      totalPence: r.totalPence,
      balancePence: r.balancePence,
      remindersSent: (r.reminder1 ? 1 : 0) + (r.reminder2 ? 1 : 0),
    })),
    thisMonth: series[11]!,
    lastMonth: series[10]!,
    quotesAwaiting: { count: awaiting[0]?.n ?? 0, totalPence: awaiting[0]?.pence ?? 0 },
    acceptance90: {
      decided: d.decided,
      accepted: d.accepted,
      share: d.decided > 0 ? d.accepted / d.decided : null,
    },
    months: series,
  };
}
