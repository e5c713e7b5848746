/**
 * The billing core's admin screens that the quotes' and invoices' editors show
 * (docs/decisions/066-billing-core.md): one line editor and the line drafts behind it.
 */
export { DocumentLines, type DocumentLinesProps } from "./DocumentLines";
export { FieldError, LineEditor, type FieldProps } from "./LineEditor";
export {
  emptyLine,
  isBlankLine,
  lineFromItem,
  lineMessages,
  lineNetText,
  newLineKey,
  parseAmount,
  parseQuantity,
  serverErrors,
  type DraftErrors,
  type LineDraft,
} from "./line-draft";
