/**
 * A quote as a PDF: what it says. The issuer's heading, the lines' table, the totals, the note and
 * the footer are the billing core's, as on an invoice (src/features/billing/pdf.ts,
 * docs/decisions/066-billing-core.md), drawn by the shared engine (docs/decisions/030-pdf-library.md).
 * The same layout serves the quote as sent and the accepted quote; the accepted one adds what was
 * agreed (options ticked, total, the early-start choice) and the cancellation information with its
 * end date and the model form.
 */
import type { Trader } from "../business/contract/identity";
import {
  siteTrader,
  expressStartRecord,
  quoteTermsSections,
  type QuoteTermsFacts,
  type RightsSection,
} from "../../data/consumer-rights";
import { dateInZone, formatDate, formatDateTime } from "../../platform/time";
import { formatMoney } from "../../platform/money";
import type { PdfWriter } from "../../platform/pdf/document";
import { finishDocumentPdf, startDocumentPdf, writeLinesTable, writeNote, writeTotals } from "../billing";
import { acceptedHowWords, quoteNumber, workStartText, type Quote } from "./contract";

export interface QuotePdfInput {
  quote: Quote;
  customer: { name: string; address: string | null; email: string | null };
  /** The day the PDF is for (London): "issued" date of a quote not yet sent. */
  today: string;
  /** Who the quote is from: the trader in force when it was sent (now, for a draft); the config's by default. */
  trader?: Trader;
}

/** A heading and its paragraphs (the pre-contract information, the cancellation form). */
function section(w: PdfWriter, s: RightsSection) {
  w.ensure(40);
  w.text(s.heading, { size: 12, bold: true, gap: 2 });
  for (const p of s.paragraphs) w.text(p, { size: 9.5, gap: 5 });
  w.y -= 6;
}

/** The quote (or, once accepted, the accepted quote) as PDF bytes. */
export async function quotePdf(input: QuotePdfInput): Promise<Uint8Array> {
  const { quote, customer } = input;
  const trader = input.trader ?? { ...siteTrader(input.today), vatRegistered: quote.vatRegistered };
  const accepted = quote.acceptance;
  const title = `Quote ${quoteNumber(quote.submissionId)}${quote.version > 1 ? ` version ${quote.version}` : ""}`;
  const w = await startDocumentPdf(title, trader);

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
  const chosen = new Set(accepted?.optionalLinesChosen ?? []);
  writeLinesTable(w, vat, quote.lines, (l) => `${l.description}${optionalMark(l, accepted ? chosen : null)}`);

  // The totals: the agreed ones once accepted, else without the optional lines.
  if (!accepted) {
    writeTotals(w, vat, quote.totals, vat ? "Total including VAT" : "Total");
    if (quote.maxTotalPence > quote.totalPence) {
      w.total("With every optional item", formatMoney(quote.maxTotalPence));
    }
    if (quote.depositDuePence > 0) {
      const how = quote.depositPercent !== null ? ` (${quote.depositPercent}%)` : "";
      w.total(`Deposit${how}`, formatMoney(quote.depositDuePence));
    }
    if (!vat) w.text("We are not registered for VAT, so no VAT is added.", { size: 9, muted: true, gap: 4 });
  } else {
    writeTotals(w, vat, accepted, vat ? "Total agreed, including VAT" : "Total agreed");
    if (accepted.depositPence > 0) w.total("Deposit", formatMoney(accepted.depositPence));
  }
  w.y -= 6;

  writeNote(w, quote.note);

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

  return finishDocumentPdf(w, title);
}

/** " (optional)" before acceptance; after it, whether the customer chose the line. */
function optionalMark(l: Quote["lines"][number], chosen: ReadonlySet<number> | null): string {
  if (!l.optional) return "";
  if (!chosen) return " (optional)";
  return chosen.has(l.id) ? " (optional: chosen)" : " (optional: not chosen)";
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
