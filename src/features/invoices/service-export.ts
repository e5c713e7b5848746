/**
 * The accountant's exports (docs/decisions/032-invoices.md), for invoices issued (payments received)
 * between two dates inclusive:
 * - `invoicesCsv`: Xero's sales-invoice import template, its columns in its order (the starred ones
 *   are the columns Xero requires), one row per line, credit notes included: a credit note's rows
 *   carry negative amounts, which Xero imports as a credit note. Total and each line's TaxAmount
 *   are given, the TaxAmounts adding up to the document's VAT, so Xero takes the VAT as invoiced.
 *   The address is split into its lines, city, postcode and country; Reference is the request's
 *   reference ("KB-000042"). The tax type is Xero's UK name for the line's rate.
 * - `paymentsCsv`: one row per payment (removed ones left out); an overpayment's extra in its last
 *   two columns (Overpaid, OverpaidAs: On account, To refund, Refunded DD/MM/YYYY, or On account,
 *   X.XX paid back DD/MM/YYYY).
 * - `vatSummary`: net and VAT per rate, invoices less credit notes.
 * The CSVs are RFC 4180 with a UTF-8 byte-order mark and CRLF line ends. Dates are DD/MM/YYYY in
 * every date column (a UK organisation's import reads them so). Numbers (amounts, quantities) are
 * bare decimals, negatives included; text cells are quoted and neutralised against formulas
 * (`textCell`). Streamed: a page of rows at a time (keyset), so memory holds one page whatever the
 * range. See docs/decisions/044-vat-tax-point-and-pdf-font.md.
 */
import { and, asc, eq, gt, gte, inArray, isNull, lte, or, sql, type SQL } from "../../platform/db/orm";
import { getDb, type Db } from "../../platform/db/client";
import { allocate, poundsDecimal } from "../../platform/money";
import { dateInZone } from "../../platform/time";
import { logEvent } from "../../platform/log";
import { site } from "../../config/site";
import { requestReference } from "../requests/contract/reference";
import { requests } from "../requests";
import { currentBusiness } from "../business";
import { quantityText } from "../quotes/contract/rules";
import { invoiceTotals, paymentMethodLabel, paymentMethodLabels, type VatSummary } from "./contract";
import { withLines, type InvoiceRecord } from "./repository";
import { lineOf } from "./service-model";
import { accountCredits, invoicePayments, invoices } from "./tables";

/** Xero's sales-invoice import columns, in its template's order (the starred ones are required). */
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
  "Total",
  "InventoryItemCode",
  "*Description",
  "*Quantity",
  "*UnitAmount",
  "Discount",
  "*AccountCode",
  "*TaxType",
  "TaxAmount",
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
  /** Received above the balance with this payment (not in Amount), and what it is. */
  "Overpaid",
  "OverpaidAs",
] as const;

/**
 * "On account", "To refund", "Refunded 28/11/2026", or money on account paid back later ("On
 * account, 40.00 paid back 28/11/2026"): what an overpayment is.
 */
const overpaidAs = (kind: string | null, refundedOn: string | null, paidBackPence: number | null) =>
  kind === "on_account"
    ? refundedOn && paidBackPence
      ? `On account, ${poundsDecimal(paidBackPence)} paid back ${ukDate(refundedOn)}`
      : "On account"
    : kind === "refund"
      ? refundedOn
        ? `Refunded ${ukDate(refundedOn)}`
        : "To refund"
      : "";

/** "2026-11-26" → "26/11/2026" */
const ukDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** Xero's UK tax type for a line. */
export function xeroTaxType(vatRegistered: boolean, rate: number | null): string {
  if (!vatRegistered || rate === null) return "No VAT";
  if (rate === 0) return "Zero Rated Income";
  return `${rate}% (VAT on Income)`;
}

/** A number cell: written bare ("-65.00"), never quoted or prefixed, so an import reads a number. */
interface NumberCell {
  readonly number: string;
}
type Cell = string | NumberCell;
const num = (text: string): NumberCell => ({ number: text });

/**
 * A text cell that a spreadsheet could run as a formula: one starting "=", "@", a tab or a return,
 * or "+"/"-" followed by anything a formula needs to call or reach out (brackets, "|", "!", "=",
 * quotes...). "+44 7700 900123" or "-5% goodwill" stay as typed: with no call and no reference
 * they can run nothing.
 */
const formulaStart = /^[=@\t\r]/;
const harmlessSigned = /^[+-][\p{L}\p{N} .,'#%/-]*$/u;

function textCell(value: string): string {
  const text =
    formulaStart.test(value) || (/^[+-]/.test(value) && !harmlessSigned.test(value)) ? `'${value}` : value;
  return `"${text.replaceAll('"', '""')}"`;
}

/** One CSV row (RFC 4180, CRLF): text quoted and neutralised, numbers bare. */
export const exportRow = (cells: readonly Cell[]): string =>
  cells.map((c) => (typeof c === "string" ? textCell(c) : c.number)).join(",") + "\r\n";

/** An address's parts as Xero's contact columns want them. */
export interface AddressParts {
  lines: [string, string, string, string];
  city: string;
  postcode: string;
  country: string;
}

const ukPostcode = /\b([A-Z]{1,2}\d[A-Z\d]?) ?(\d[A-Z]{2})$/i;
const ukCountry = /^(uk|u\.k\.|united kingdom|great britain|gb|scotland|england|wales|northern ireland)$/i;

/**
 * "1 High Street, Kirkcaldy KY1 1AA" → line 1 "1 High Street", city "Kirkcaldy", postcode
 * "KY1 1AA", country "United Kingdom". Parts are split at new lines and commas; a UK postcode at
 * the end of a part is the postcode and what is before it (or the part before) the city; a last
 * part naming the UK is the country. Lines 1-3 take the first parts, line 4 the rest.
 */
export function addressParts(address: string | null): AddressParts {
  const parts = (address ?? "")
    .split(/\r?\n|,/)
    .map((p) => p.trim())
    .filter(Boolean);
  let country = "";
  if (parts.length > 1 && ukCountry.test(parts.at(-1)!)) {
    parts.pop();
    country = "United Kingdom";
  }
  let postcode = "";
  let city = "";
  const at = parts.findLastIndex((p) => ukPostcode.test(p));
  if (at >= 0) {
    const m = ukPostcode.exec(parts[at]!)!;
    postcode = `${m[1]!.toUpperCase()} ${m[2]!.toUpperCase()}`;
    const before = parts[at]!.slice(0, m.index).trim();
    parts.splice(at, 1);
    if (before) city = before;
    else if (at > 0 && parts.length > 1) city = parts.splice(at - 1, 1)[0]!;
    country ||= "United Kingdom";
  }
  return {
    lines: [parts[0] ?? "", parts[1] ?? "", parts[2] ?? "", parts.slice(3).join(", ")],
    city,
    postcode,
    country,
  };
}

/**
 * A document's VAT per rate as issued: the current rule's bands, and each band's VAT so that they
 * add up to the VAT stored on the document. A document issued under an older rounding rule keeps
 * its figure, shared over its rates in proportion to what the current rule gives each.
 */
function issuedVatBands(inv: InvoiceRecord, lines: readonly ReturnType<typeof lineOf>[]) {
  const bands = invoiceTotals(lines, { vatRegistered: inv.vatRegistered }).vatByRate;
  const computed = bands.reduce((s, b) => s + b.vatPence, 0);
  const bandVat =
    computed === inv.vatPence
      ? bands.map((b) => b.vatPence)
      : allocate(
          inv.vatPence,
          bands.map((b) => b.vatPence),
        );
  return { bands, bandVat };
}

/** What the export needs to know beyond the invoice itself. */
export interface XeroContext {
  /** The request's reference ("KB-000042"), when the invoice belongs to a request. */
  readonly requestReference: string | null;
  /** The credited invoice's number, for a credit note. */
  readonly creditedNumber: string | null;
}

/**
 * The rows of one invoice or credit note. Each line's TaxAmount is its share of its rate's VAT as
 * the document states it (shared by net, in whole pence), so the TaxAmounts add up to the
 * document's VAT exactly and Xero does not recompute. A credit note's amounts are negative.
 */
export function xeroRows(inv: InvoiceRecord, ctx: XeroContext): string {
  const sign = inv.kind === "credit_note" ? -1 : 1;
  const lines = inv.lines.map((l) => lineOf(l, inv.vatRegistered));
  const { bands, bandVat } = issuedVatBands(inv, lines);
  const tax = new Array<number>(lines.length).fill(0);
  bands.forEach((band, b) => {
    const at = lines.flatMap((l, i) => (l.vatRate === band.rate ? [i] : []));
    allocate(
      bandVat[b]!,
      at.map((i) => lines[i]!.netPence),
    ).forEach((share, k) => (tax[at[k]!] = share));
  });
  const a = addressParts(inv.customerAddress);
  const reference =
    sign < 0
      ? [ctx.requestReference, `credit for ${ctx.creditedNumber ?? ""}`].filter(Boolean).join(", ")
      : (ctx.requestReference ?? "");
  return lines
    .map((line, i) =>
      exportRow([
        inv.customerName,
        inv.customerEmail ?? "",
        ...a.lines,
        a.city,
        "",
        a.postcode,
        a.country,
        inv.number!,
        reference.charAt(0).toUpperCase() + reference.slice(1),
        ukDate(inv.issuedOn!),
        ukDate(inv.dueOn ?? inv.issuedOn!),
        num(poundsDecimal(sign * inv.totalPence)),
        "",
        line.description,
        num(quantityText(line.quantity)),
        num(poundsDecimal(sign * line.unitPence)),
        "",
        site.invoices.accountCode,
        xeroTaxType(inv.vatRegistered, line.vatRate),
        num(poundsDecimal(sign * tax[i]!)),
        "",
        "",
        "",
        "",
        "GBP",
        "",
      ]),
    )
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
      controller.enqueue(encoder.encode(bom + exportRow(header)));
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

/** The numbers of these invoices and the references of these requests, looked up in two queries. */
async function contextsOf(page: readonly InvoiceRecord[], db: Db): Promise<Map<number, XeroContext>> {
  const creditedIds = [...new Set(page.flatMap((i) => (i.creditedInvoiceId ? [i.creditedInvoiceId] : [])))];
  const requestIds = [...new Set(page.flatMap((i) => (i.submissionId ? [i.submissionId] : [])))];
  const numbers = new Map<number, string | null>();
  const references = new Map<number, string>();
  if (creditedIds.length) {
    const rows = await db
      .select({ id: invoices.id, number: invoices.number })
      .from(invoices)
      .where(inArray(invoices.id, creditedIds));
    for (const r of rows) numbers.set(r.id, r.number);
  }
  if (requestIds.length) {
    const rows = await db
      .select({ id: requests.id, formType: requests.formType })
      .from(requests)
      .where(inArray(requests.id, requestIds));
    for (const r of rows) {
      references.set(r.id, requestReference({ id: r.id, formType: r.formType as "booking" | "contact" }));
    }
  }
  return new Map(
    page.map((i) => [
      i.id,
      {
        requestReference: i.submissionId ? (references.get(i.submissionId) ?? null) : null,
        creditedNumber: i.creditedInvoiceId ? (numbers.get(i.creditedInvoiceId) ?? null) : null,
      },
    ]),
  );
}

/** Xero's sales-invoice CSV for invoices and credit notes issued from `from` to `to`. */
export function invoicesCsv(
  from: string,
  to: string,
  db: Db = getDb(),
  pageSize = 500,
): ReadableStream<Uint8Array> {
  async function* text() {
    for await (const page of issuedPages(from, to, pageSize, db)) {
      const contexts = await contextsOf(page, db);
      yield page.map((inv) => xeroRows(inv, contexts.get(inv.id)!)).join("");
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
          provider: invoicePayments.provider,
          createdAt: invoicePayments.createdAt,
          number: invoices.number,
          customerName: invoices.customerName,
          overpaidPence: accountCredits.amountPence,
          overpaidKind: accountCredits.kind,
          refundedOn: accountCredits.refundedOn,
          paidBackPence: accountCredits.paidBackPence,
        })
        .from(invoicePayments)
        .innerJoin(invoices, sql`${invoices.id} = ${invoicePayments.invoiceId}`)
        .leftJoin(
          accountCredits,
          and(eq(accountCredits.paymentId, invoicePayments.id), isNull(accountCredits.removedAt)),
        )
        .where(and(...where))
        .orderBy(asc(invoicePayments.receivedOn), asc(invoicePayments.id))
        .limit(pageSize);
      if (rows.length === 0) return;
      yield rows
        .map((p) =>
          exportRow([
            ukDate(p.receivedOn),
            p.number ?? "",
            p.customerName,
            num(poundsDecimal(p.amountPence)),
            paymentMethodLabel(p.method as keyof typeof paymentMethodLabels, p.provider),
            p.reference ?? "",
            ukDate(dateInZone(p.createdAt)),
            p.overpaidPence === null ? "" : num(poundsDecimal(p.overpaidPence)),
            overpaidAs(p.overpaidKind, p.refundedOn, p.paidBackPence),
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
      const issued = issuedVatBands(
        inv,
        inv.lines.map((l) => lineOf(l, true)),
      );
      issued.bands.forEach((b, i) => {
        const band = bands.get(b.rate) ?? { netPence: 0, vatPence: 0 };
        band.netPence += sign * b.netPence;
        band.vatPence += sign * issued.bandVat[i]!;
        bands.set(b.rate, band);
      });
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
