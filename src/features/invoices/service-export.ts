/**
 * The accountant's exports (docs/decisions/032-invoices.md), for invoices issued (payments received)
 * between two dates inclusive:
 * - `invoicesCsv`: Xero's sales-invoice import layout, its own column names (the starred ones are
 *   the columns Xero requires), one row per line, credit notes included: a credit note's rows carry
 *   a negative unit amount, which Xero imports as a credit note. Dates are DD/MM/YYYY as a UK
 *   organisation's import expects; the tax type is Xero's UK name for the line's rate.
 * - `paymentsCsv`: one row per payment (removed ones left out).
 * - `vatSummary`: net and VAT per rate, invoices less credit notes.
 * The CSVs are RFC 4180 with a UTF-8 byte-order mark, every cell quoted and neutralised against
 * formulas as the inbox export does (src/features/requests/service-export.ts `csvRow`), and
 * streamed: a page of rows at a time (keyset), so memory holds one page whatever the range.
 */
import { and, asc, gt, gte, inArray, isNull, lte, or, sql, type SQL } from "../../platform/db/orm";
import { getDb, type Db } from "../../platform/db/client";
import { poundsDecimal } from "../../platform/money";
import { logEvent } from "../../platform/log";
import { site } from "../../config/site";
import { csvRow } from "../requests/service-export";
import { currentBusiness } from "../business/service";
import { quantityText } from "../quotes/contract/rules";
import { invoiceTotals, paymentMethodLabels, type VatSummary } from "./contract";
import { withLines, type InvoiceRecord } from "./repository";
import { lineOf } from "./service-model";
import { invoicePayments, invoices } from "./tables";

/** Xero's sales-invoice import columns, in its template's order. */
export const xeroHeader = [
  "*ContactName",
  "EmailAddress",
  "POAddressLine1",
  "POAddressLine2",
  "POAddressLine3",
  "POAddressLine4",
  "POCity",
  "PORegion",
  "POPostalCode",
  "POCountry",
  "*InvoiceNumber",
  "Reference",
  "*InvoiceDate",
  "*DueDate",
  "InventoryItemCode",
  "*Description",
  "*Quantity",
  "*UnitAmount",
  "Discount",
  "*AccountCode",
  "*TaxType",
  "TrackingName1",
  "TrackingOption1",
  "TrackingName2",
  "TrackingOption2",
  "Currency",
  "BrandingTheme",
] as const;

export const paymentsHeader = [
  "Date",
  "InvoiceNumber",
  "Customer",
  "Amount",
  "Method",
  "Reference",
  "Recorded",
] as const;

/** "2026-11-26" → "26/11/2026" */
const ukDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** Xero's UK tax type for a line. */
export function xeroTaxType(vatRegistered: boolean, rate: number | null): string {
  if (!vatRegistered || rate === null) return "No VAT";
  if (rate === 0) return "Zero Rated Income";
  return `${rate}% (VAT on Income)`;
}

function xeroRows(inv: InvoiceRecord, creditedNumbers: Map<number, string | null>): string {
  const credit = inv.kind === "credit_note";
  const address = (inv.customerAddress ?? "").split(/\r?\n|,\s*/).filter(Boolean);
  const reference = credit
    ? `Credit for ${creditedNumbers.get(inv.creditedInvoiceId!) ?? ""}`
    : inv.submissionId !== null
      ? `Request ${inv.submissionId}`
      : "";
  return inv.lines
    .map((l) => {
      const line = lineOf(l, inv.vatRegistered);
      return csvRow([
        inv.customerName,
        inv.customerEmail ?? "",
        address[0] ?? "",
        address[1] ?? "",
        address[2] ?? "",
        address.slice(3).join(", "),
        "",
        "",
        "",
        "",
        inv.number,
        reference,
        ukDate(inv.issuedOn!),
        ukDate(inv.dueOn ?? inv.issuedOn!),
        "",
        line.description,
        quantityText(line.quantity),
        poundsDecimal(credit ? -line.unitPence : line.unitPence),
        "",
        site.invoices.accountCode,
        xeroTaxType(inv.vatRegistered, line.vatRate),
        "",
        "",
        "",
        "",
        "GBP",
        "",
      ]);
    })
    .join("");
}

/** Issued invoices and credit notes in the range, a page at a time, by invoice date then id. */
async function* issuedPages(
  from: string,
  to: string,
  pageSize: number,
  db: Db,
): AsyncGenerator<InvoiceRecord[]> {
  let after: { issuedOn: string; id: number } | null = null;
  for (;;) {
    const where: SQL[] = [
      sql`${invoices.number} is not null`,
      gte(invoices.issuedOn, from),
      lte(invoices.issuedOn, to),
    ];
    if (after) {
      where.push(
        or(
          gt(invoices.issuedOn, after.issuedOn),
          and(sql`${invoices.issuedOn} = ${after.issuedOn}`, gt(invoices.id, after.id)),
        )!,
      );
    }
    const rows = await db
      .select()
      .from(invoices)
      .where(and(...where))
      .orderBy(asc(invoices.issuedOn), asc(invoices.id))
      .limit(pageSize);
    if (rows.length === 0) return;
    yield withLines(rows, db);
    const last = rows.at(-1)!;
    after = { issuedOn: last.issuedOn!, id: last.id };
    if (rows.length < pageSize) return;
  }
}

const bom = "\uFEFF";

function stream(
  event: string,
  header: readonly string[],
  pages: AsyncGenerator<string>,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let chunks = 0;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(bom + csvRow(header)));
    },
    async pull(controller) {
      try {
        const next = await pages.next();
        if (next.done) {
          logEvent({ event, pages: chunks });
          controller.close();
          return;
        }
        chunks++;
        controller.enqueue(encoder.encode(next.value));
      } catch (error) {
        logEvent({
          event: `${event}_failed`,
          level: "error",
          error: error instanceof Error ? error.name : "unknown",
        });
        controller.error(error);
      }
    },
    async cancel() {
      await pages.return(undefined);
    },
  });
}

/** Xero's sales-invoice CSV for invoices and credit notes issued from `from` to `to`. */
export function invoicesCsv(
  from: string,
  to: string,
  db: Db = getDb(),
  pageSize = 500,
): ReadableStream<Uint8Array> {
  async function* text() {
    const numbers = new Map<number, string | null>();
    for await (const page of issuedPages(from, to, pageSize, db)) {
      for (const inv of page) if (inv.kind !== "credit_note") numbers.set(inv.id, inv.number);
      const missing = page
        .filter((i) => i.kind === "credit_note" && !numbers.has(i.creditedInvoiceId!))
        .map((i) => i.creditedInvoiceId!);
      if (missing.length) {
        const rows = await db
          .select({ id: invoices.id, number: invoices.number })
          .from(invoices)
          .where(inArray(invoices.id, missing));
        for (const r of rows) numbers.set(r.id, r.number);
      }
      yield page.map((inv) => xeroRows(inv, numbers)).join("");
      // Only the credited invoices of later pages are looked up again; forget this page's.
      if (numbers.size > 10_000) numbers.clear();
    }
  }
  return stream("admin.export_invoices", xeroHeader, text());
}

/** Payments received from `from` to `to` (removed ones left out). */
export function paymentsCsv(
  from: string,
  to: string,
  db: Db = getDb(),
  pageSize = 1000,
): ReadableStream<Uint8Array> {
  async function* text() {
    let after: { receivedOn: string; id: number } | null = null;
    for (;;) {
      const where: SQL[] = [
        isNull(invoicePayments.removedAt),
        gte(invoicePayments.receivedOn, from),
        lte(invoicePayments.receivedOn, to),
      ];
      if (after) {
        where.push(
          or(
            gt(invoicePayments.receivedOn, after.receivedOn),
            and(sql`${invoicePayments.receivedOn} = ${after.receivedOn}`, gt(invoicePayments.id, after.id)),
          )!,
        );
      }
      const rows = await db
        .select({
          id: invoicePayments.id,
          receivedOn: invoicePayments.receivedOn,
          amountPence: invoicePayments.amountPence,
          method: invoicePayments.method,
          reference: invoicePayments.reference,
          createdAt: invoicePayments.createdAt,
          number: invoices.number,
          customerName: invoices.customerName,
        })
        .from(invoicePayments)
        .innerJoin(invoices, sql`${invoices.id} = ${invoicePayments.invoiceId}`)
        .where(and(...where))
        .orderBy(asc(invoicePayments.receivedOn), asc(invoicePayments.id))
        .limit(pageSize);
      if (rows.length === 0) return;
      yield rows
        .map((p) =>
          csvRow([
            ukDate(p.receivedOn),
            p.number,
            p.customerName,
            poundsDecimal(p.amountPence),
            paymentMethodLabels[p.method as keyof typeof paymentMethodLabels],
            p.reference ?? "",
            p.createdAt.toISOString().slice(0, 10),
          ]),
        )
        .join("");
      const last = rows.at(-1)!;
      after = { receivedOn: last.receivedOn, id: last.id };
      if (rows.length < pageSize) return;
    }
  }
  return stream("admin.export_payments", paymentsHeader, text());
}

/**
 * Net and VAT per rate for invoices less credit notes issued from `from` to `to`. VAT per rate is
 * each document's own VAT for that rate (as printed on it), summed.
 */
export async function vatSummary(from: string, to: string, db: Db = getDb()): Promise<VatSummary> {
  const bands = new Map<number, { netPence: number; vatPence: number }>();
  let invoiceCount = 0;
  let creditNoteCount = 0;
  for await (const page of issuedPages(from, to, 500, db)) {
    for (const inv of page) {
      const sign = inv.kind === "credit_note" ? -1 : 1;
      if (sign < 0) creditNoteCount++;
      else invoiceCount++;
      if (!inv.vatRegistered) continue;
      const t = invoiceTotals(
        inv.lines.map((l) => lineOf(l, true)),
        { vatRegistered: true },
      );
      for (const b of t.vatByRate) {
        const band = bands.get(b.rate) ?? { netPence: 0, vatPence: 0 };
        band.netPence += sign * b.netPence;
        band.vatPence += sign * b.vatPence;
        bands.set(b.rate, band);
      }
    }
  }
  const list = [...bands.entries()].sort((a, b) => b[0] - a[0]).map(([rate, b]) => ({ rate, ...b }));
  const netPence = list.reduce((s, b) => s + b.netPence, 0);
  const vatPence = list.reduce((s, b) => s + b.vatPence, 0);
  return {
    from,
    to,
    vatRegistered: (await currentBusiness(db)).vatRegistered,
    bands: list,
    netPence,
    vatPence,
    totalPence: netPence + vatPence,
    invoiceCount,
    creditNoteCount,
  };
}

/** "invoices-xero-2026-11-01-to-2026-11-30.csv" */
export const exportFileName = (what: "invoices-xero" | "payments", from: string, to: string) =>
  `${what}-${from}-to-${to}.csv`;
