/**
 * An invoice or credit note as a PDF (docs/decisions/030-pdf-library.md, 032-invoices.md): pdf-lib
 * with the standard Helvetica, like the quote's PDF (src/features/quotes/pdf.ts, whose `pdfSafe`
 * folds every string to what the font can draw, so markup in a line appears literally).
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
import type { PDFDocument, PDFFont, PDFPage, RGB } from "pdf-lib";
import { addressLine, businessDefaults, site, traderFacts } from "../../config/site";
import { traderOn, vatLineOf, type Trader } from "../business/contract/identity";
import { formatDate } from "../../platform/time";
import { formatMoney } from "../../platform/money";
import { pdfSafe } from "../quotes/pdf";
import { quantityText } from "../quotes/contract/rules";
import { invoiceKindLabels, paymentTermsText, type Invoice } from "./contract";

const A4: [number, number] = [595.28, 841.89];
const margin = 48;

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  ink: RGB;
  muted: RGB;
  rule: RGB;
}

class Writer {
  page: PDFPage;
  y: number;
  readonly width = A4[0] - 2 * margin;

  constructor(
    private readonly doc: PDFDocument,
    readonly f: Fonts,
  ) {
    this.page = doc.addPage(A4);
    this.y = A4[1] - margin;
  }

  ensure(height: number) {
    if (this.y - height < margin + 20) {
      this.page = this.doc.addPage(A4);
      this.y = A4[1] - margin;
    }
  }

  wrap(text: string, size: number, width: number, font: PDFFont): string[] {
    const measure = (t: string) => font.widthOfTextAtSize(t, size);
    const lines: string[] = [];
    for (const paragraph of text.split("\n")) {
      let line = "";
      for (const raw of pdfSafe(paragraph).split(" ")) {
        let word = raw;
        while (measure(word) > width) {
          let cut = word.length - 1;
          while (cut > 1 && measure(word.slice(0, cut)) > width) cut--;
          if (line) lines.push(line);
          line = "";
          lines.push(word.slice(0, cut));
          word = word.slice(cut);
        }
        const candidate = line ? `${line} ${word}` : word;
        if (measure(candidate) <= width) line = candidate;
        else {
          lines.push(line);
          line = word;
        }
      }
      lines.push(line);
    }
    return lines;
  }

  text(
    value: string,
    o: { size?: number; bold?: boolean; muted?: boolean; gap?: number; x?: number; width?: number } = {},
  ) {
    const size = o.size ?? 10;
    const font = o.bold ? this.f.bold : this.f.regular;
    for (const line of this.wrap(value, size, o.width ?? this.width, font)) {
      this.ensure(size * 1.4);
      this.page.drawText(line, {
        x: o.x ?? margin,
        y: this.y - size,
        size,
        font,
        color: o.muted ? this.f.muted : this.f.ink,
      });
      this.y -= size * 1.4;
    }
    this.y -= o.gap ?? 4;
  }

  rule() {
    this.ensure(8);
    this.page.drawLine({
      start: { x: margin, y: this.y - 2 },
      end: { x: A4[0] - margin, y: this.y - 2 },
      thickness: 0.75,
      color: this.f.rule,
    });
    this.y -= 10;
  }

  row(columns: { width: number; right?: boolean }[], cells: string[], bold = false) {
    const size = 9.5;
    const font = bold ? this.f.bold : this.f.regular;
    const wrapped = cells.map((c, i) => this.wrap(c, size, columns[i]!.width - 6, font));
    const height = Math.max(...wrapped.map((l) => l.length)) * size * 1.35 + 4;
    this.ensure(height);
    let x = margin;
    wrapped.forEach((lines, i) => {
      const col = columns[i]!;
      lines.forEach((line, j) => {
        const at = col.right ? x + col.width - font.widthOfTextAtSize(line, size) : x;
        this.page.drawText(line, {
          x: at,
          y: this.y - size - j * size * 1.35,
          size,
          font,
          color: this.f.ink,
        });
      });
      x += col.width;
    });
    this.y -= height;
  }

  total(label: string, amount: string, bold = false) {
    const size = bold ? 11 : 10;
    const font = bold ? this.f.bold : this.f.regular;
    this.ensure(size * 1.6);
    const right = A4[0] - margin;
    const text = pdfSafe(label);
    this.page.drawText(text, {
      x: right - 120 - font.widthOfTextAtSize(text, size),
      y: this.y - size,
      size,
      font,
      color: this.f.ink,
    });
    this.page.drawText(amount, {
      x: right - font.widthOfTextAtSize(amount, size),
      y: this.y - size,
      size,
      font,
      color: this.f.ink,
    });
    this.y -= size * 1.6;
  }
}

/**
 * Who issues the invoice (docs/decisions/045-business-details.md): the company's registered name
 * and details, or the owner's own name where a sole trader ("Jane Smith trading as …"), and the VAT
 * number when the invoice carries VAT.
 */
export function issuerLines(trader: Trader): string[] {
  const vatLine = vatLineOf(trader);
  return [
    trader.legalName,
    addressLine,
    `Phone ${site.phone.display} - ${site.email}`,
    ...(trader.companyLine ? [trader.companyLine] : []),
    ...(vatLine ? [vatLine] : []),
  ];
}

/** The title printed on the document: "Invoice KH-0007", "Credit note KH-CN-0001", "DRAFT invoice". */
export function pdfTitle(inv: Pick<Invoice, "kind" | "number">): string {
  const label = invoiceKindLabels[inv.kind];
  return inv.number ? `${label} ${inv.number}` : `DRAFT ${label.toLowerCase()} (not yet issued)`;
}

/** The invoice or credit note as PDF bytes. */
export async function invoicePdf(inv: Invoice, today: string, issuer?: Trader): Promise<Uint8Array> {
  const trader = issuer ?? {
    ...traderOn(businessDefaults, traderFacts, inv.issuedOn ?? today),
    vatRegistered: inv.vatRegistered,
  };
  const { PDFDocument, StandardFonts, rgb } = await import("pdf-lib");
  const doc = await PDFDocument.create();
  const title = pdfTitle(inv);
  doc.setTitle(pdfSafe(`${title} - ${site.name}`));
  doc.setAuthor(pdfSafe(trader.legalName));
  doc.setCreator(pdfSafe(site.name));
  doc.setProducer("pdf-lib");
  const w = new Writer(doc, {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
    ink: rgb(0.12, 0.16, 0.23),
    muted: rgb(0.33, 0.38, 0.45),
    rule: rgb(0.85, 0.87, 0.9),
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
  w.text(`${vat ? "Time of supply (tax point)" : "Date of supply"}: ${formatDate(supply)}`, { gap: 1 });
  if (credit && inv.creditedInvoiceNumber) {
    w.text(`Credits invoice ${inv.creditedInvoiceNumber}`, { bold: true, gap: 1 });
    if (inv.reason) w.text(`Reason: ${inv.reason}`, { gap: 1 });
  }
  if (!credit && inv.dueOn) w.text(`Payment due: ${formatDate(inv.dueOn)}`, { bold: true, gap: 1 });
  w.y -= 4;
  w.text("Bill to", { size: 9, muted: true, gap: 0 });
  w.text(inv.customer.name, { bold: true, gap: 0 });
  if (inv.customer.address) w.text(inv.customer.address, { gap: 0 });
  w.y -= 10;

  // The lines.
  const columns = vat
    ? [
        { width: 215 },
        { width: 50, right: true },
        { width: 75, right: true },
        { width: 50, right: true },
        { width: w.width - 390, right: true },
      ]
    : [
        { width: 280 },
        { width: 50, right: true },
        { width: 80, right: true },
        { width: w.width - 410, right: true },
      ];
  w.row(
    columns,
    vat
      ? ["Description", "Qty", "Unit price", "VAT rate", "Net amount"]
      : ["Description", "Qty", "Unit price", "Amount"],
    true,
  );
  w.rule();
  for (const l of inv.lines) {
    w.row(columns, [
      l.description,
      quantityText(l.quantity),
      formatMoney(l.unitPence),
      ...(vat ? [`${l.vatRate ?? 0}%`] : []),
      formatMoney(l.netPence),
    ]);
  }
  w.rule();

  // The totals.
  if (vat) {
    w.total("Total before VAT", formatMoney(inv.totals.netPence));
    for (const band of inv.totals.vatByRate) {
      w.total(`VAT at ${band.rate}% on ${formatMoney(band.netPence)}`, formatMoney(band.vatPence));
    }
    w.total("Total VAT", formatMoney(inv.totals.vatPence));
  }
  w.total(
    credit ? "Total credited" : vat ? "Total including VAT" : "Total",
    formatMoney(inv.totalPence),
    true,
  );
  if (!credit && inv.creditedPence > 0) w.total("Less credit notes", `-${formatMoney(inv.creditedPence)}`);
  if (!credit && inv.paidPence > 0) w.total("Less paid", `-${formatMoney(inv.paidPence)}`);
  if (!credit && inv.number) w.total("Balance due", formatMoney(inv.balancePence), true);
  if (!vat) w.text("We are not registered for VAT, so no VAT is charged.", { size: 9, muted: true, gap: 4 });
  w.y -= 6;

  if (inv.note) {
    w.text("Note", { size: 11, bold: true, gap: 2 });
    w.text(inv.note, { gap: 8 });
  }

  // How to pay.
  if (!credit) {
    w.rule();
    w.text("How to pay", { size: 12, bold: true, gap: 2 });
    w.text(paymentTermsText(site.invoices.dueDays), { gap: 2 });
    const b = site.invoices.bank;
    w.text(`Bank transfer to ${b.accountName}, sort code ${b.sortCode}, account number ${b.accountNumber}.`, {
      gap: 2,
    });
    w.text(`Payment reference: ${inv.number ?? "(the invoice number, once issued)"}`, { bold: true, gap: 2 });
    w.text(`You can also pay by ${site.payment.methods.map((m) => m.toLowerCase()).join(", ")}.`, { gap: 2 });
    w.text(`Questions about this invoice? Call us on ${site.phone.display} or e-mail ${site.email}.`, {
      gap: 2,
    });
  }

  const pages = doc.getPages();
  pages.forEach((p, i) => {
    p.drawText(pdfSafe(`${title} - page ${i + 1} of ${pages.length}`), {
      x: margin,
      y: margin - 20,
      size: 8,
      font: w.f.regular,
      color: w.f.muted,
    });
  });
  return doc.save();
}

/** "invoice-KH-0007.pdf", "credit-note-KH-CN-0001.pdf", "draft-invoice-12.pdf". */
export const invoicePdfName = (inv: Pick<Invoice, "id" | "kind" | "number">): string =>
  inv.number
    ? `${inv.kind === "credit_note" ? "credit-note" : "invoice"}-${inv.number}.pdf`
    : `draft-invoice-${inv.id}.pdf`;
