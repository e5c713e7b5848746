/**
 * The billing core's admin screens that the quotes' and invoices' screens show
 * (docs/decisions/066-billing-core.md, docs/decisions/074-billing-screens.md): the line editor and
 * the line drafts behind it, the editor's frame and state, the list panel's frame and parts, and
 * the form pieces their dialogs share.
 */
export { DocumentLines, type DocumentLinesProps } from "./DocumentLines";
export { LineEditor } from "./LineEditor";
export {
  emptyLine,
  isBlankLine,
  lineFromItem,
  lineMessages,
  lineNetText,
  newLineKey,
  parseQuantity,
  serverErrors,
  type DraftErrors,
  type LineDraft,
} from "./line-draft";
export {
  draftLineOf,
  incompleteLinesText,
  readablePricedLines,
  readTypedLines,
  type TypedLine,
} from "./typed-lines";
export {
  errorId,
  FieldError,
  FormDialog,
  inputClass,
  labelClass,
  refusal,
  refusedByServer,
  reportFailure,
  sectionTitle,
  signedOut,
  TextAreaField,
  useDialogForm,
  useFieldErrors,
  useProblemForm,
  type FieldProps,
} from "./form-parts";
export { useDocumentEditor, type DocumentEditorState } from "./use-document-editor";
export { EditorDialog, EditorLines, TotalRow, TotalsCard, VatRows, type PickerProps } from "./EditorDialog";
export { DocumentNote, DocumentPanel, LinesTable, SumRow, usePanelAction, VatSums } from "./DocumentPanel";
