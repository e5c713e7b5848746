/**
 * An invoice or credit note as a PDF (docs/decisions/032-invoices.md): what it says. The issuer's
 * heading, the lines' table, the totals, the note and the footer are the billing core's, as on a
 * quote (src/features/billing/pdf.ts, docs/decisions/066-billing-core.md), drawn by the shared
 * engine (docs/decisions/030-pdf-library.md, 044-vat-tax-point-and-pdf-font.md).
 *
 * Two layouts, by the VAT setting the invoice was written under:
 * - not VAT-registered: number, the business's name, address and contact (the owner's own name
 *   where trading as a sole trader, else the company's registered details), the customer's name
 *   and address, each line, the date of supply, the invoice date, the amounts and the total, and
 *   "no VAT is charged";
 * - a full VAT invoice: also the VAT number, the time of supply, per line the quantity, unit price,
 *   rate and net amount, the total before VAT, VAT per rate and the total VAT.
 * Both: the payment terms and due date, the bank details with the invoice number as the payment
 * reference. No statutory late-payment interest is ever mentioned (it never applies to a consumer).
 */
import { businessDefaults, site, traderFacts } from "../../config/site";
import { traderOn, type Trader } from "../business/contract/identity";
import { formatDate } from "../../platform/time";
import { formatMoney } from "../../platform/money";
import { finishDocumentPdf, startDocumentPdf, writeLinesTable, writeNote, writeTotals } from "../billing";
import { invoiceKindLabels, paymentTermsText, taxPoint, type Invoice } from "./contract";

/** The title printed on the document: "Invoice KH-0007", "Credit note KH-CN-0001", "DRAFT invoice". */
export function pdfTitle(inv: Pick<Invoice, "kind" | "number">): string {
  const label = invoiceKindLabels[inv.kind];
  return inv.number ? `${label} ${inv.number}` : `DRAFT ${label.toLowerCase()} (not yet issued)`;
}

/**
 * The invoice or credit note as PDF bytes. With `paidOn` (an invoice paid in full), it says
 * "Paid on <date>" where the due date was, shows the payments, and no longer asks for payment.
 */
export async function invoicePdf(
  inv: Invoice,
  today: string,
  issuer?: Trader,
  paidOn?: string,
): Promise<Uint8Array> {
  const trader = issuer ?? {
    ...traderOn(businessDefaults, traderFacts, inv.issuedOn ?? today),
    vatRegistered: inv.vatRegistered,
  };
  const title = pdfTitle(inv);
  const w = await startDocumentPdf(title, trader);
  const vat = inv.vatRegistered;
  const credit = inv.kind === "credit_note";

  // The document and the customer.
  w.text(title, { size: 14, bold: true, gap: 4 });
  if (vat && !credit) w.text("VAT invoice", { size: 10, bold: true, gap: 2 });
  const issuedOn = inv.issuedOn ?? today;
  const supply = inv.supplyDate ?? issuedOn;
  w.text(`${credit ? "Credit note" : "Invoice"} date: ${formatDate(issuedOn)}`, { gap: 1 });
  w.text(`Date of supply: ${formatDate(supply)}`, { gap: 1 });
  if (vat) {
    const point = inv.taxPoint ?? taxPoint({ kind: inv.kind, issuedOn, supplyDate: inv.supplyDate });
    w.text(`Time of supply (tax point): ${formatDate(point)}`, { gap: 1 });
  }
  if (credit && inv.creditedInvoiceNumber) {
    const of = inv.creditedInvoiceIssuedOn ? ` dated ${formatDate(inv.creditedInvoiceIssuedOn)}` : "";
    w.text(`Credits invoice ${inv.creditedInvoiceNumber}${of}`, { bold: true, gap: 1 });
    if (inv.reason) w.text(`Reason: ${inv.reason}`, { gap: 1 });
  }
  const paid = !credit && paidOn !== undefined;
  if (paid) w.text(`Paid on ${formatDate(paidOn)}: thank you.`, { bold: true, gap: 1 });
  else if (!credit && inv.dueOn) w.text(`Payment due: ${formatDate(inv.dueOn)}`, { bold: true, gap: 1 });
  w.y -= 4;
  w.text("Bill to", { size: 9, muted: true, gap: 0 });
  w.text(inv.customer.name, { bold: true, gap: 0 });
  if (inv.customer.address) w.text(inv.customer.address, { gap: 0 });
  w.y -= 10;

  writeLinesTable(w, vat, inv.lines);
  writeTotals(w, vat, inv.totals, credit ? "Total credited" : vat ? "Total including VAT" : "Total");
  if (!credit && inv.creditedPence > 0) w.total("Less credit notes", `-${formatMoney(inv.creditedPence)}`);
  if (!credit && inv.paidPence > 0) w.total("Less paid", `-${formatMoney(inv.paidPence)}`);
  if (paid) w.total("Paid in full", formatMoney(0), { bold: true });
  else if (!credit && inv.number) w.total("Balance due", formatMoney(inv.balancePence), { bold: true });
  if (!vat) w.text("We are not registered for VAT, so no VAT is charged.", { size: 9, muted: true, gap: 4 });
  w.y -= 6;

  writeNote(w, inv.note);

  // How to pay (nothing to pay once paid).
  if (paid) {
    w.rule();
    w.text(
      `Questions about this invoice? Call us on ${trader.contact.phone} or e-mail ${trader.contact.email}.`,
      {
        gap: 2,
      },
    );
  } else if (!credit) {
    w.rule();
    w.text("How to pay", { size: 12, bold: true, gap: 2 });
    w.text(paymentTermsText(site.invoices.dueDays), { gap: 2 });
    const b = trader.bank;
    w.text(`Bank transfer to ${b.accountName}, sort code ${b.sortCode}, account number ${b.accountNumber}.`, {
      gap: 2,
    });
    w.text(`Payment reference: ${inv.number ?? "(the invoice number, once issued)"}`, { bold: true, gap: 2 });
    w.text(`You can also pay by ${site.payment.methods.map((m) => m.toLowerCase()).join(", ")}.`, { gap: 2 });
    w.text(
      `Questions about this invoice? Call us on ${trader.contact.phone} or e-mail ${trader.contact.email}.`,
      {
        gap: 2,
      },
    );
  }

  return finishDocumentPdf(w, title);
}

/** "invoice-KH-0007.pdf", "credit-note-KH-CN-0001.pdf", "draft-invoice-12.pdf". */
export const invoicePdfName = (inv: Pick<Invoice, "id" | "kind" | "number">): string =>
  inv.number
    ? `${inv.kind === "credit_note" ? "credit-note" : "invoice"}-${inv.number}.pdf`
    : `draft-invoice-${inv.id}.pdf`;
