/**
 * A quote as a PDF: what it says. The drawing (the embedded font, wrapping, the lines' table with
 * its headers repeated on every page, page numbers) is the shared engine in
 * src/platform/pdf/document.ts (docs/decisions/030-pdf-library.md, 044-vat-tax-point-and-pdf-font.md).
 * The same layout serves the quote as sent and the accepted quote; the accepted one adds what was
 * agreed (options ticked, total, the early-start choice) and the cancellation information with its
 * end date and the model form.
 */
import { site } from "../../config/site";
import { vatLineOf, type Trader } from "../business/contract/identity";
import {
  siteTrader,
  expressStartRecord,
  quoteTermsSections,
  type QuoteTermsFacts,
  type RightsSection,
} from "../../data/consumer-rights";
import { dateInZone, formatDate, formatDateTime } from "../../platform/time";
import { formatMoney } from "../../platform/money";
import { createPdf, type Column as PdfColumn, type PdfWriter } from "../../platform/pdf/document";
import { acceptedHowWords, quantityText, quoteNumber, workStartText, type Quote } from "./contract";

export interface QuotePdfInput {
  quote: Quote;
  customer: { name: string; address: string | null; email: string | null };
  /** The day the PDF is for (London): "issued" date of a quote not yet sent. */
  today: string;
  /** Who the quote is from: the trader in force when it was sent (now, for a draft); the config's by default. */
  trader?: Trader;
}

type Column = { title: string } & PdfColumn;

/** A heading and its paragraphs (the pre-contract information, the cancellation form). */
function section(w: PdfWriter, s: RightsSection) {
  w.ensure(40);
  w.text(s.heading, { size: 12, bold: true, gap: 2 });
  for (const p of s.paragraphs) w.text(p, { size: 9.5, gap: 5 });
  w.y -= 6;
}

const totalRow = (w: PdfWriter, label: string, amount: string, bold = false) =>
  w.total(label, amount, { bold, labelGap: 110 });

/** The quote (or, once accepted, the accepted quote) as PDF bytes. */
export async function quotePdf(input: QuotePdfInput): Promise<Uint8Array> {
  const { quote, customer } = input;
  const trader = input.trader ?? { ...siteTrader(input.today), vatRegistered: quote.vatRegistered };
  const accepted = quote.acceptance;
  const title = `Quote ${quoteNumber(quote.submissionId)}${quote.version > 1 ? ` version ${quote.version}` : ""}`;
  const w = await createPdf({
    title: `${title} - ${site.name}`,
    author: trader.legalName,
    creator: site.name,
  });

  // Who we are.
  w.text(trader.legalName, { size: 16, bold: true, gap: 2 });
  w.text(trader.contact.address, { size: 9.5, muted: true, gap: 0 });
  w.text(`Phone ${trader.contact.phone}  ·  ${trader.contact.email}`.replace("·", "-"), {
    size: 9.5,
    muted: true,
    gap: 0,
  });
  for (const line of [trader.companyLine, vatLineOf(trader)]) {
    if (line) w.text(line, { size: 9.5, muted: true, gap: 0 });
  }
  w.y -= 10;
  w.rule();

  // The quote and the customer.
  w.text(accepted ? `${title}: accepted` : title, { size: 14, bold: true, gap: 4 });
  const issued = quote.sentAt ? formatDate(new Date(quote.sentAt)) : formatDate(input.today);
  w.text(`Issued ${issued}. Valid until ${formatDate(quote.validUntil)}.`, { size: 10, gap: 2 });
  const start = workStartText(quote);
  if (start) w.text(start, { size: 10, gap: 2 });
  w.text(`For: ${customer.name}${customer.address ? `, ${customer.address}` : ""}`, { size: 10, gap: 2 });
  if (quote.urgentRepair) {
    w.text("Urgent repair requested by the customer.", { size: 10, bold: true, gap: 2 });
  }
  w.y -= 8;

  // The lines.
  const vat = quote.vatRegistered;
  const columns: Column[] = vat
    ? [
        { title: "Description", width: 235 },
        { title: "Qty", width: 45, right: true },
        { title: "Unit price", width: 70, right: true },
        { title: "VAT", width: 45, right: true },
        { title: "Amount", width: w.width - 395, right: true },
      ]
    : [
        { title: "Description", width: 280 },
        { title: "Qty", width: 50, right: true },
        { title: "Unit price", width: 80, right: true },
        { title: "Amount", width: w.width - 410, right: true },
      ];
  w.table(
    columns,
    columns.map((c) => c.title),
  );
  const chosen = new Set(accepted?.optionalLinesChosen ?? []);
  for (const l of quote.lines) {
    const mark = l.optional
      ? accepted
        ? chosen.has(l.id)
          ? " (optional: chosen)"
          : " (optional: not chosen)"
        : " (optional)"
      : "";
    const cells = [
      `${l.description}${mark}`,
      quantityText(l.quantity),
      formatMoney(l.unitPence),
      ...(vat ? [`${l.vatRate ?? 0}%`] : []),
      formatMoney(l.netPence),
    ];
    w.row(columns, cells);
  }
  w.endTable();
  w.rule();

  // The totals: the agreed ones once accepted, else without the optional lines.
  if (!accepted) {
    if (vat) {
      totalRow(w, "Total before VAT", formatMoney(quote.totals.netPence));
      for (const band of quote.totals.vatByRate) {
        totalRow(w, `VAT at ${band.rate}% on ${formatMoney(band.netPence)}`, formatMoney(band.vatPence));
      }
    }
    totalRow(w, vat ? "Total including VAT" : "Total", formatMoney(quote.totalPence), true);
    if (quote.maxTotalPence > quote.totalPence) {
      totalRow(w, "With every optional item", formatMoney(quote.maxTotalPence));
    }
    if (quote.depositDuePence > 0) {
      const how = quote.depositPercent !== null ? ` (${quote.depositPercent}%)` : "";
      totalRow(w, `Deposit${how}`, formatMoney(quote.depositDuePence));
    }
    if (!vat) w.text("We are not registered for VAT, so no VAT is added.", { size: 9, muted: true, gap: 4 });
  } else {
    if (vat) {
      totalRow(w, "Total before VAT", formatMoney(accepted.netPence));
      for (const band of accepted.vatByRate) {
        totalRow(w, `VAT at ${band.rate}% on ${formatMoney(band.netPence)}`, formatMoney(band.vatPence));
      }
    }
    totalRow(w, vat ? "Total agreed, including VAT" : "Total agreed", formatMoney(accepted.totalPence), true);
    if (accepted.depositPence > 0) totalRow(w, "Deposit", formatMoney(accepted.depositPence));
  }
  w.y -= 6;

  if (quote.note) {
    w.text("Note", { size: 11, bold: true, gap: 2 });
    w.text(quote.note, { size: 10, gap: 8 });
  }

  if (accepted) {
    w.text("Your acceptance", { size: 12, bold: true, gap: 2 });
    w.text(
      `Accepted on ${formatDateTime(new Date(accepted.at))} ${acceptedHowWords(accepted)}, agreeing to pay ${formatMoney(accepted.totalPence)}.`,
      { size: 10, gap: 3 },
    );
    w.text(expressStartRecord(accepted.expressStart, quote.urgentRepair), { size: 10, gap: 10 });
  } else {
    // A customer without an e-mail address never gets the private link: he answers by phone.
    w.text(
      input.customer.email
        ? `To accept or decline this quote, use the private link to your request's page in our e-mail, or call us on ${trader.contact.phone}.`
        : `To accept or decline this quote, call us on ${trader.contact.phone} or tell us when we see you; we will record your answer and give you a written confirmation.`,
      { size: 10, gap: 10 },
    );
  }

  // The pre-contract information and cancellation right (with the model form).
  w.rule();
  for (const s of quoteTermsSections(termsFactsOf(quote, input.today, trader))) section(w, s);

  return w.finish((page, pages) => `${title} - page ${page} of ${pages}`);
}

/**
 * The facts the pre-contract wording depends on: before acceptance, the quote without its optional
 * lines as if accepted `today`; after, what was agreed on the day it was accepted (London).
 */
export function termsFactsOf(quote: Quote, today: string, trader: Trader): QuoteTermsFacts {
  const a = quote.acceptance;
  return {
    trader,
    workStart: workStartText(quote),
    onPaper: true,
    optionalChosen: a ? a.optionalLinesChosen.length : 0,
    totalPence: a ? a.totalPence : quote.totalPence,
    vatPence: a ? a.vatPence : quote.totals.vatPence,
    depositPence: (a ? a.depositPence : quote.depositDuePence) || null,
    urgentRepair: quote.urgentRepair,
    acceptedOn: a ? dateInZone(new Date(a.at)) : today,
    accepted: a !== null,
    hasOptionalLines: quote.lines.some((l) => l.optional),
  };
}

/** The PDF's file name: "quote-Q-000013-v2.pdf". */
export const quotePdfName = (quote: Pick<Quote, "submissionId" | "version">, accepted = false): string =>
  `${accepted ? "accepted-" : ""}quote-${quoteNumber(quote.submissionId)}-v${quote.version}.pdf`;
