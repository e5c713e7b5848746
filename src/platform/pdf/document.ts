/**
 * The PDF engine the quote and invoice PDFs share (docs/decisions/030-pdf-library.md,
 * 044-vat-tax-point-and-pdf-font.md): pdf-lib with DejaVu Sans embedded and subset (each PDF
 * carries only the glyphs it uses), A4 pages laid out top-down, paragraphs wrapped in linear time,
 * tables whose column headers are drawn again at the top of every page a table continues on, totals
 * aligned right and "page n of m" footers. What a PDF says stays with its feature; this module only
 * draws.
 *
 * Text is drawn as text, never interpreted: markup appears literally. Characters the font lacks
 * are replaced as `printable` says (src/platform/pdf/text.ts). pdf-lib (about 200 ms to load) is
 * imported by the first PDF made, not by every cold start (docs/decisions/021-functions-cold-start.md).
 */
import type { PDFDocument, PDFFont, PDFPage, RGB } from "pdf-lib";
import { face, fontkitApi, printable, widthOf, wrapText, type Face } from "./text";

export const A4: [number, number] = [595.28, 841.89];
export const margin = 48;

export interface Column {
  readonly width: number;
  readonly right?: boolean;
}

export interface TextOptions {
  size?: number;
  bold?: boolean;
  muted?: boolean;
  /** Space below, in points (4 unless given). */
  gap?: number;
}

interface Ink {
  ink: RGB;
  muted: RGB;
  rule: RGB;
}

interface Embedded {
  font: PDFFont;
  face: Face;
}

export class PdfWriter {
  page: PDFPage;
  y: number;
  readonly width = A4[0] - 2 * margin;
  private header: { columns: readonly Column[]; cells: readonly string[] } | null = null;

  constructor(
    readonly doc: PDFDocument,
    private readonly fonts: { regular: Embedded; bold: Embedded },
    private readonly colors: Ink,
  ) {
    this.page = doc.addPage(A4);
    this.y = A4[1] - margin;
  }

  private pick(bold = false): Embedded {
    return bold ? this.fonts.bold : this.fonts.regular;
  }

  private draw(text: string, x: number, y: number, size: number, bold = false, muted = false) {
    if (!text) return;
    this.page.drawText(text, {
      x,
      y,
      size,
      font: this.pick(bold).font,
      color: muted ? this.colors.muted : this.colors.ink,
    });
  }

  /** Starts a new page when fewer than `height` points are left; a table's header follows. */
  ensure(height: number) {
    if (this.y - height >= margin + 20) return;
    this.page = this.doc.addPage(A4);
    this.y = A4[1] - margin;
    if (this.header) this.drawHeader();
  }

  /** `text` as lines no wider than `width` at `size` (see `wrapText`). */
  wrap(text: string, size: number, width: number, bold = false): string[] {
    return wrapText(text, size, width, this.pick(bold).face);
  }

  /** A paragraph across the page's width (or `width` from `x`), wrapped, breaking pages. */
  text(value: string, o: TextOptions & { x?: number; width?: number } = {}) {
    const size = o.size ?? 10;
    for (const line of this.wrap(value, size, o.width ?? this.width, o.bold)) {
      this.ensure(size * 1.4);
      this.draw(line, o.x ?? margin, this.y - size, size, o.bold, o.muted);
      this.y -= size * 1.4;
    }
    this.y -= o.gap ?? 4;
  }

  /** A thin rule across the page. */
  rule() {
    this.ensure(8);
    this.page.drawLine({
      start: { x: margin, y: this.y - 2 },
      end: { x: A4[0] - margin, y: this.y - 2 },
      thickness: 0.75,
      color: this.colors.rule,
    });
    this.y -= 10;
  }

  /** Starts a table: its header row and a rule, drawn again on every page the table continues on. */
  table(columns: readonly Column[], cells: readonly string[]) {
    this.header = { columns, cells };
    this.ensure(40);
    this.drawHeader();
  }

  /** Ends the table: later pages get no header. */
  endTable() {
    this.header = null;
  }

  private drawHeader() {
    const { columns, cells } = this.header!;
    this.cells(columns, cells, true);
    this.rule();
  }

  /** One row of a table; a row taller than what is left starts a page, one taller than a page splits. */
  row(columns: readonly Column[], cells: readonly string[]) {
    this.cells(columns, cells, false);
  }

  private cells(columns: readonly Column[], cells: readonly string[], bold: boolean) {
    const size = 9.5;
    const step = size * 1.35;
    const f = this.pick(bold).face;
    const wrapped = cells.map((c, i) => this.wrap(c, size, columns[i]!.width - 6, bold));
    const count = Math.max(...wrapped.map((l) => l.length));
    const usable = A4[1] - 2 * margin - 20;
    if (count * step + 4 <= usable) this.ensure(count * step + 4);
    let from = 0;
    while (from < count) {
      this.ensure(step);
      // As many lines as fit on this page, each column's drawn in one text block.
      const fit = Math.max(1, Math.floor((this.y - margin - 20) / step));
      const to = Math.min(count, from + fit);
      let x = margin;
      wrapped.forEach((lines, i) => {
        const col = columns[i]!;
        const part = lines.slice(from, to);
        if (col.right) {
          part.forEach((line, j) => {
            this.draw(line, x + col.width - widthOf(line, size, f), this.y - size - j * step, size, bold);
          });
        } else if (part.some(Boolean)) {
          this.page.drawText(part.join("\n"), {
            x,
            y: this.y - size,
            size,
            lineHeight: step,
            font: this.pick(bold).font,
            color: this.colors.ink,
          });
        }
        x += col.width;
      });
      this.y -= (to - from) * step;
      from = to;
    }
    this.y -= 4;
  }

  /** A total: its label right-aligned `labelGap` points left of the page's right edge, the amount at it. */
  total(label: string, amount: string, o: { bold?: boolean; labelGap?: number } = {}) {
    const size = o.bold ? 11 : 10;
    const f = this.pick(o.bold).face;
    this.ensure(size * 1.6);
    const right = A4[0] - margin;
    const labelText = printable(label, f);
    const amountText = printable(amount, f);
    const gap = o.labelGap ?? 120;
    this.draw(labelText, right - gap - widthOf(labelText, size, f), this.y - size, size, o.bold);
    this.draw(amountText, right - widthOf(amountText, size, f), this.y - size, size, o.bold);
    this.y -= size * 1.6;
  }

  /** Numbers the pages ("<title> - page 1 of 3") and returns the PDF's bytes. */
  async finish(footer: (page: number, pages: number) => string): Promise<Uint8Array> {
    const pages = this.doc.getPages();
    const f = this.fonts.regular.face;
    pages.forEach((p, i) => {
      p.drawText(printable(footer(i + 1, pages.length), f), {
        x: margin,
        y: margin - 20,
        size: 8,
        font: this.fonts.regular.font,
        color: this.colors.muted,
      });
    });
    return this.doc.save({ objectsPerTick: Number.POSITIVE_INFINITY });
  }
}

/** A new A4 document with the fonts embedded (subset) and its title, author and creator set. */
export async function createPdf(meta: {
  title: string;
  author: string;
  creator: string;
}): Promise<PdfWriter> {
  const { PDFDocument, rgb } = await import("pdf-lib");
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkitApi as unknown as Parameters<PDFDocument["registerFontkit"]>[0]);
  doc.setTitle(meta.title);
  doc.setAuthor(meta.author);
  doc.setCreator(meta.creator);
  doc.setProducer("pdf-lib");
  // Ligatures and kerning off: each character is one glyph of its own advance, as `widthOf` measures.
  const features = { liga: false, kern: false, clig: false, calt: false };
  const embed = async (name: "regular" | "bold"): Promise<Embedded> => {
    const f = face(name);
    return { face: f, font: await doc.embedFont(f.bytes, { subset: true, features }) };
  };
  const fonts = { regular: await embed("regular"), bold: await embed("bold") };
  const colors = { ink: rgb(0.12, 0.16, 0.23), muted: rgb(0.33, 0.38, 0.45), rule: rgb(0.85, 0.87, 0.9) };
  return new PdfWriter(doc, fonts, colors);
}
