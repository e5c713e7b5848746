/**
 * The billing core's server face (docs/decisions/066-billing-core.md): document lines to and from
 * their tables, and the parts of a quote's or an invoice's PDF both draw the same way.
 */
export {
  lineFromStored,
  linesToStore,
  pricedLine,
  storedForTotals,
  type LineInput,
  type StoredLine,
} from "./service-lines";
export {
  finishDocumentPdf,
  issuerLines,
  startDocumentPdf,
  writeLinesTable,
  writeNote,
  writeTotals,
  type PdfLine,
} from "./pdf";
export { documentLineStore, documentStore } from "./repository";
