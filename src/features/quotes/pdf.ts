/**
 * A quote as a PDF (docs/decisions/030-pdf-library.md): pdf-lib, pure JavaScript, with the PDF
 * standard font Helvetica (nothing to embed or download). The same layout serves the quote as sent
 * and the accepted quote; the accepted one adds what was agreed (options ticked, total, the
 * early-start choice) and the cancellation information with its end date and the model form.
 *
 * Text is drawn as text, never interpreted: markup in a description appears literally. The
 * standard font covers Windows-1252 only, so every string is first folded (NFKC, typographic
 * spaces and dashes to plain ones) and anything still outside it becomes "?"; control characters
 * become spaces.
 *
 * pdf-lib (about 200 ms to load) is imported by the first PDF made, not by every cold start of the
 * functions that import this module (docs/decisions/021-functions-cold-start.md).
 */
import type { PDFDocument, PDFFont, PDFPage, RGB } from "pdf-lib";
import { addressLine, site } from "../../config/site";
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
import { quantityText, quoteNumber, workStartText, type Quote } from "./contract";

export interface QuotePdfInput {
  quote: Quote;
  customer: { name: string; address: string | null; email: string | null };
  /** The day the PDF is for (London): "issued" date of a quote not yet sent. */
  today: string;
  /** Who the quote is from: the trader in force when it was sent (now, for a draft); the config's by default. */
  trader?: Trader;
}

const A4: [number, number] = [595.28, 841.89];
const margin = 48;
/** The colours, as pdf-lib's RGB values (made once pdf-lib is loaded). */
interface Palette {
  ink: RGB;
  muted: RGB;
  rule: RGB;
}

/** Windows-1252's printable characters beyond ASCII, which Helvetica's WinAnsi encoding covers. */
const winAnsiExtra = new Set(
  "€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ" +
    Array.from({ length: 0xff - 0xa0 + 1 }, (_, i) => String.fromCharCode(0xa0 + i)).join(""),
);

/** A string Helvetica can draw: folded, one line, anything else as "?". */
export function pdfSafe(value: string): string {
  const folded = value
    .normalize("NFKC")
    .replace(/[\u2000-\u200b\u202f\u205f\u3000]/g, " ")
    .replace(/[\u2010-\u2012\u2212]/g, "-");
  let out = "";
  for (const ch of folded) {
    const code = ch.codePointAt(0)!;
    if (code < 0x20 || code === 0x7f || (code >= 0x80 && code < 0xa0)) out += " ";
    else if (code < 0x7f || winAnsiExtra.has(ch)) out += ch;
    else out += "?";
  }
  return out;
}

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  colors: Palette;
}

/** Lays text out top-down across as many A4 pages as it needs. */
class Writer {
  page: PDFPage;
  y: number;
  readonly width = A4[0] - 2 * margin;

  constructor(
    private readonly doc: PDFDocument,
    readonly fonts: Fonts,
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

  /** Words of `text` wrapped to `width` at `size` (a word longer than a line is cut). */
  wrap(text: string, size: number, width: number, font: PDFFont = this.fonts.regular): string[] {
    // Widths add up (standard fonts apply no kerning), so each word is measured once.
    const measure = (t: string) => font.widthOfTextAtSize(t, size);
    const space = measure(" ");
    const lines: string[] = [];
    for (const paragraph of text.split("\n")) {
      let line = "";
      let lineWidth = 0;
      for (const rawWord of pdfSafe(paragraph).split(" ")) {
        let word = rawWord;
        let wordWidth = measure(word);
        while (wordWidth > width) {
          let cut = word.length - 1;
          while (cut > 1 && measure(word.slice(0, cut)) > width) cut--;
          if (line) {
            lines.push(line);
            line = "";
            lineWidth = 0;
          }
          lines.push(word.slice(0, cut));
          word = word.slice(cut);
          wordWidth = measure(word);
        }
        const candidateWidth = line ? lineWidth + space + wordWidth : wordWidth;
        if (candidateWidth <= width) {
          line = line ? `${line} ${word}` : word;
          lineWidth = candidateWidth;
        } else {
          lines.push(line);
          line = word;
          lineWidth = wordWidth;
        }
      }
      lines.push(line);
    }
    return lines;
  }

  text(value: string, options: { size?: number; bold?: boolean; color?: RGB; gap?: number } = {}) {
    const size = options.size ?? 10;
    const font = options.bold ? this.fonts.bold : this.fonts.regular;
    for (const line of this.wrap(value, size, this.width, font)) {
      this.ensure(size * 1.4);
      this.page.drawText(line, {
        x: margin,
        y: this.y - size,
        size,
        font,
        color: options.color ?? this.fonts.colors.ink,
      });
      this.y -= size * 1.4;
    }
    this.y -= options.gap ?? 4;
  }

  line() {
    this.ensure(8);
    this.page.drawLine({
      start: { x: margin, y: this.y - 2 },
      end: { x: A4[0] - margin, y: this.y - 2 },
      thickness: 0.75,
      color: this.fonts.colors.rule,
    });
    this.y -= 10;
  }

  section(s: RightsSection) {
    this.ensure(40);
    this.text(s.heading, { size: 12, bold: true, gap: 2 });
    for (const p of s.paragraphs) this.text(p, { size: 9.5, gap: 5 });
    this.y -= 6;
  }
}

interface Column {
  title: string;
  width: number;
  align: "left" | "right";
}

function drawRow(
  w: Writer,
  columns: Column[],
  cells: string[],
  options: { bold?: boolean; size?: number } = {},
) {
  const size = options.size ?? 9.5;
  const font = options.bold ? w.fonts.bold : w.fonts.regular;
  const wrapped = cells.map((c, i) => w.wrap(c, size, columns[i]!.width - 6, font));
  const height = Math.max(...wrapped.map((l) => l.length)) * size * 1.35 + 4;
  w.ensure(height);
  let x = margin;
  wrapped.forEach((lines, i) => {
    const col = columns[i]!;
    lines.forEach((line, j) => {
      const lineWidth = font.widthOfTextAtSize(line, size);
      const at = col.align === "right" ? x + col.width - lineWidth : x;
      w.page.drawText(line, {
        x: at,
        y: w.y - size - j * size * 1.35,
        size,
        font,
        color: w.fonts.colors.ink,
      });
    });
    x += col.width;
  });
  w.y -= height;
}

function totalRow(w: Writer, label: string, amount: string, bold = false) {
  const size = bold ? 11 : 10;
  const font = bold ? w.fonts.bold : w.fonts.regular;
  w.ensure(size * 1.6);
  const amountWidth = font.widthOfTextAtSize(amount, size);
  const labelText = pdfSafe(label);
  const labelWidth = font.widthOfTextAtSize(labelText, size);
  const right = A4[0] - margin;
  const color = w.fonts.colors.ink;
  w.page.drawText(labelText, { x: right - 110 - labelWidth, y: w.y - size, size, font, color });
  w.page.drawText(amount, { x: right - amountWidth, y: w.y - size, size, font, color });
  w.y -= size * 1.6;
}

/** The quote (or, once accepted, the accepted quote) as PDF bytes. */
export async function quotePdf(input: QuotePdfInput): Promise<Uint8Array> {
  const { quote, customer } = input;
  const trader = input.trader ?? { ...siteTrader(input.today), vatRegistered: quote.vatRegistered };
  const accepted = quote.acceptance;
  const { PDFDocument, StandardFonts, rgb } = await import("pdf-lib");
  const doc = await PDFDocument.create();
  const title = `Quote ${quoteNumber(quote.submissionId)}${quote.version > 1 ? ` version ${quote.version}` : ""}`;
  doc.setTitle(pdfSafe(`${title} - ${site.name}`));
  doc.setAuthor(pdfSafe(trader.legalName));
  doc.setCreator(pdfSafe(site.name));
  doc.setProducer("pdf-lib");
  const colors = { ink: rgb(0.12, 0.16, 0.23), muted: rgb(0.33, 0.38, 0.45), rule: rgb(0.85, 0.87, 0.9) };
  const muted = colors.muted;
  const fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
    colors,
  };
  const w = new Writer(doc, fonts);

  // Who we are.
  w.text(trader.legalName, { size: 16, bold: true, gap: 2 });
  w.text(addressLine, { size: 9.5, color: muted, gap: 0 });
  w.text(`Phone ${site.phone.display}  ·  ${site.email}`.replace("·", "-"), {
    size: 9.5,
    color: muted,
    gap: 0,
  });
  for (const line of [trader.companyLine, vatLineOf(trader)]) {
    if (line) w.text(line, { size: 9.5, color: muted, gap: 0 });
  }
  w.y -= 10;
  w.line();

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
        { title: "Description", width: 235, align: "left" },
        { title: "Qty", width: 45, align: "right" },
        { title: "Unit price", width: 70, align: "right" },
        { title: "VAT", width: 45, align: "right" },
        { title: "Amount", width: w.width - 395, align: "right" },
      ]
    : [
        { title: "Description", width: 280, align: "left" },
        { title: "Qty", width: 50, align: "right" },
        { title: "Unit price", width: 80, align: "right" },
        { title: "Amount", width: w.width - 410, align: "right" },
      ];
  drawRow(
    w,
    columns,
    columns.map((c) => c.title),
    { bold: true },
  );
  w.line();
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
    drawRow(w, columns, cells);
  }
  w.line();

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
    if (!vat) w.text("We are not registered for VAT, so no VAT is added.", { size: 9, color: muted, gap: 4 });
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
      `Accepted on ${formatDateTime(new Date(accepted.at))} through your request's page, agreeing to pay ${formatMoney(accepted.totalPence)}.`,
      { size: 10, gap: 3 },
    );
    w.text(expressStartRecord(accepted.expressStart, quote.urgentRepair), { size: 10, gap: 10 });
  } else {
    w.text(
      `To accept or decline this quote, use the private link to your request's page in our e-mail, or call us on ${site.phone.display}.`,
      { size: 10, gap: 10 },
    );
  }

  // The pre-contract information and cancellation right (with the model form).
  w.line();
  for (const s of quoteTermsSections(termsFactsOf(quote, input.today, trader))) w.section(s);

  // Page numbers.
  const pages = doc.getPages();
  pages.forEach((p, i) => {
    const label = `${title} - page ${i + 1} of ${pages.length}`;
    p.drawText(label, { x: margin, y: margin - 20, size: 8, font: fonts.regular, color: muted });
  });
  return doc.save();
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
