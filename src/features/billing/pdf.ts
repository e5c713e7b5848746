/**
 * The parts a quote's and an invoice's PDF draw the same way (docs/decisions/066-billing-core.md),
 * over the drawing engine in src/platform/pdf/document.ts (embedded font, wrapping, page numbers):
 * the issuer's heading, the lines' table (its headers repeated on every page it runs over), the
 * VAT bands and totals, the note, and the footer. What each document says around them (validity,
 * acceptance, tax point, how to pay) stays with the quotes and invoices features.
 */
import { site } from "../../config/site";
import { vatLineOf, type Trader } from "../business/contract/identity";
import { formatMoney, type Pence, type VatRate } from "../../platform/money";
import { createPdf, type Column, type PdfWriter } from "../../platform/pdf/document";
import { quantityText } from "./contract/hundredths";
import { vatBandLabel, type DocumentTotals } from "./contract/totals";

/**
 * Who issues the document (docs/decisions/045-business-details.md): the company's registered name
 * and details, or the owner's own name where a sole trader ("Jane Smith trading as …"), and the VAT
 * number when the document carries VAT.
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

/** A new document PDF titled `title`, with the issuer's heading drawn and ruled off. */
export async function startDocumentPdf(title: string, trader: Trader): Promise<PdfWriter> {
  const w = await createPdf({
    title: `${title} - ${site.name}`,
    author: trader.legalName,
    creator: site.name,
  });
  const [first, ...rest] = issuerLines(trader);
  w.text(first!, { size: 16, bold: true, gap: 2 });
  for (const line of rest) w.text(line, { size: 9.5, muted: true, gap: 0 });
  w.y -= 8;
  w.rule();
  return w;
}

/** A line as the table prints it. */
export interface PdfLine {
  readonly description: string;
  readonly quantity: number;
  readonly unitPence: Pence;
  readonly vatRate: VatRate | null;
  readonly netPence: Pence;
}

/** The table's columns: with VAT, a rate column and the net amount; without, the amount. */
function lineColumns(w: PdfWriter, vat: boolean): { columns: Column[]; titles: string[] } {
  return vat
    ? {
        columns: [
          { width: 205 },
          { width: 45, right: true },
          { width: 75, right: true },
          { width: 65, right: true },
          { width: w.width - 390, right: true },
        ],
        titles: ["Description", "Qty", "Unit price", "VAT rate", "Net amount"],
      }
    : {
        columns: [
          { width: 280 },
          { width: 50, right: true },
          { width: 80, right: true },
          { width: w.width - 410, right: true },
        ],
        titles: ["Description", "Qty", "Unit price", "Amount"],
      };
}

/**
 * The lines' table, its headers drawn again on each page it continues on, then a rule. `describe`
 * words a line's description (a quote marks its optional lines).
 */
export function writeLinesTable<L extends PdfLine>(
  w: PdfWriter,
  vat: boolean,
  lines: readonly L[],
  describe: (line: L) => string = (l) => l.description,
): void {
  const { columns, titles } = lineColumns(w, vat);
  w.table(columns, titles);
  for (const l of lines) {
    w.row(columns, [
      describe(l),
      quantityText(l.quantity),
      formatMoney(l.unitPence),
      ...(vat ? [`${l.vatRate ?? 0}%`] : []),
      formatMoney(l.netPence),
    ]);
  }
  w.endTable();
  w.rule();
}

/**
 * The totals: with VAT, the net, one row per VAT band and the VAT, then the total in bold under
 * `totalLabel`. Not registered, the total alone.
 */
export function writeTotals(
  w: PdfWriter,
  vat: boolean,
  totals: Pick<DocumentTotals, "netPence" | "vatByRate" | "vatPence" | "totalPence">,
  totalLabel: string,
): void {
  if (vat) {
    w.total("Total before VAT", formatMoney(totals.netPence));
    for (const band of totals.vatByRate) w.total(vatBandLabel(band), formatMoney(band.vatPence));
    w.total("Total VAT", formatMoney(totals.vatPence));
  }
  w.total(totalLabel, formatMoney(totals.totalPence), { bold: true });
}

/** The owner's note to the customer, under its heading (nothing when there is none). */
export function writeNote(w: PdfWriter, note: string | null): void {
  if (!note) return;
  w.text("Note", { size: 11, bold: true, gap: 2 });
  w.text(note, { size: 10, gap: 8 });
}

/** "<title> - page n of m" on every page; the PDF's bytes. */
export const finishDocumentPdf = (w: PdfWriter, title: string): Promise<Uint8Array> =>
  w.finish((page, pages) => `${title} - page ${page} of ${pages}`);
