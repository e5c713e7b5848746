/**
 * An invoice or credit note as a PDF (docs/decisions/032-invoices.md): what it says. The drawing
 * (the embedded font, wrapping, the lines' table with its headers repeated on every page, page
 * numbers) is the shared engine in src/platform/pdf/document.ts, as for the quote's PDF
 * (docs/decisions/030-pdf-library.md, 044-vat-tax-point-and-pdf-font.md).
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
import { traderOn, vatLineOf, type Trader } from "../business/contract/identity";
import { formatDate } from "../../platform/time";
import { formatMoney } from "../../platform/money";
import { createPdf, type Column } from "../../platform/pdf/document";
import { quantityText } from "../quotes/contract/rules";
import { invoiceKindLabels, paymentTermsText, taxPoint, type Invoice } from "./contract";

/**
 * Who issues the invoice (docs/decisions/045-business-details.md): the company's registered name
 * and details, or the owner's own name where a sole trader ("Jane Smith trading as …"), and the VAT
 * number when the invoice carries VAT.
 */
export function issuerLines(trader: Trader): string[] {
  const vatLine = vatLineOf(trader);
  return [
    trader.legalName,
    trader.contact.address,
    `Phone ${trader.contact.phone} - ${trader.contact.email}`,
    ...(trader.companyLine ? [trader.companyLine] : []),
    ...(vatLine ? [vatLine] : []),
  ];
}

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
  const w = await createPdf({
    title: `${title} - ${site.name}`,
    author: trader.legalName,
    creator: site.name,
  });
  const vat = inv.vatRegistered;
  const credit = inv.kind === "credit_note";

  // Who we are.
  const [first, ...rest] = issuerLines(trader);
  w.text(first!, { size: 16, bold: true, gap: 2 });
  for (const line of rest) w.text(line, { size: 9.5, muted: true, gap: 0 });
  w.y -= 8;
  w.rule();

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

  // The lines.
  const columns: Column[] = vat
    ? [
        { width: 205 },
        { width: 45, right: true },
        { width: 75, right: true },
        { width: 65, right: true },
        { width: w.width - 390, right: true },
      ]
    : [
        { width: 280 },
        { width: 50, right: true },
        { width: 80, right: true },
        { width: w.width - 410, right: true },
      ];
  w.table(
    columns,
    vat
      ? ["Description", "Qty", "Unit price", "VAT rate", "Net amount"]
      : ["Description", "Qty", "Unit price", "Amount"],
  );
  for (const l of inv.lines) {
    w.row(columns, [
      l.description,
      quantityText(l.quantity),
      formatMoney(l.unitPence),
      ...(vat ? [`${l.vatRate ?? 0}%`] : []),
      formatMoney(l.netPence),
    ]);
  }
  w.endTable();
  w.rule();

  // The totals.
  if (vat) {
    w.total("Total before VAT", formatMoney(inv.totals.netPence));
    for (const band of inv.totals.vatByRate) {
      w.total(`VAT at ${band.rate}% on ${formatMoney(band.netPence)}`, formatMoney(band.vatPence));
    }
    w.total("Total VAT", formatMoney(inv.totals.vatPence));
  }
  w.total(credit ? "Total credited" : vat ? "Total including VAT" : "Total", formatMoney(inv.totalPence), {
    bold: true,
  });
  if (!credit && inv.creditedPence > 0) w.total("Less credit notes", `-${formatMoney(inv.creditedPence)}`);
  if (!credit && inv.paidPence > 0) w.total("Less paid", `-${formatMoney(inv.paidPence)}`);
  if (paid) w.total("Paid in full", formatMoney(0), { bold: true });
  else if (!credit && inv.number) w.total("Balance due", formatMoney(inv.balancePence), { bold: true });
  if (!vat) w.text("We are not registered for VAT, so no VAT is charged.", { size: 9, muted: true, gap: 4 });
  w.y -= 6;

  if (inv.note) {
    w.text("Note", { size: 11, bold: true, gap: 2 });
    w.text(inv.note, { gap: 8 });
  }

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

  return w.finish((page, pages) => `${title} - page ${page} of ${pages}`);
}

/** "invoice-KH-0007.pdf", "credit-note-KH-CN-0001.pdf", "draft-invoice-12.pdf". */
export const invoicePdfName = (inv: Pick<Invoice, "id" | "kind" | "number">): string =>
  inv.number
    ? `${inv.kind === "credit_note" ? "credit-note" : "invoice"}-${inv.number}.pdf`
    : `draft-invoice-${inv.id}.pdf`;
