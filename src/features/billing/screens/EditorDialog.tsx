/**
 * The frame of a document editor (a quote's, an invoice's), docs/decisions/074-billing-screens.md:
 * a wide dialog with the refusal above the form, the document's sections in the left column, its
 * live totals beside them (under them on a phone), the editor's own buttons at the foot, and
 * "Discard your changes?" when closed with something typed. Also the lines section with its
 * price-list picker, and the totals card both editors show.
 */
import { useState, type ComponentType, type ReactNode } from "react";
import { AdminDialog, ConfirmDialog } from "../../../admin/components/dialogs";
import { FormProblem } from "../../../admin/components/ui";
import { DocumentLines } from "./DocumentLines";
import { sectionTitle } from "./form-parts";
import { emptyLine, lineFromItem } from "./line-draft";
import { incompleteLinesText } from "./typed-lines";
import type { DocumentEditorState } from "./use-document-editor";
import type { LineDraft } from "./line-draft";
import type { Pence } from "../../../platform/money";
import { formatMoney } from "../../../platform/money";

export function EditorDialog({
  title,
  description,
  what,
  editor,
  onSubmit,
  fieldKeys,
  totals,
  footer,
  children,
}: {
  title: string;
  description: string;
  /** "quote", "invoice": in the discard question. */
  what: string;
  editor: DocumentEditorState;
  onSubmit: () => void;
  /** The fields with a message of their own beside them; any other message is listed in the refusal. */
  fieldKeys: readonly string[];
  totals: ReactNode;
  footer: ReactNode;
  children: ReactNode;
}) {
  const reasons = Object.entries(editor.errors).filter(
    ([k]) => !/^lines\.\d+/.test(k) && !fieldKeys.includes(k),
  );
  return (
    <AdminDialog
      open
      widest
      onOpenChange={(open) => {
        if (!open) editor.close();
      }}
      title={title}
      description={description}
    >
      <form
        noValidate
        aria-label={title}
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <FormProblem problem={editor.problem} reasons={reasons} alertRef={editor.alertRef} className="mb-4" />
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_17rem]">
          <div className="grid min-w-0 gap-6">{children}</div>
          {totals}
        </div>
        {footer}
      </form>
      <ConfirmDialog
        open={editor.confirmDiscard}
        onOpenChange={editor.setConfirmDiscard}
        title="Discard your changes?"
        message={`What you typed in this ${what} has not been saved.`}
        confirmLabel="Discard"
        busy={false}
        onConfirm={editor.discard}
      />
    </AdminDialog>
  );
}

/** What the lines section needs of the price list's picker (the price list is the quotes feature's). */
export interface PickerProps {
  id: string;
  vatRegistered: boolean;
  focusSearch?: boolean;
  onPick: (item: { description: string; unitPence: Pence; vatRate: number | null }) => void;
  onClose: () => void;
}

/**
 * The "Lines" section: each line's editor, "Add a line", and "Add from price list" with the picker
 * under the lines; a picked item becomes a line (without its rate when not VAT-registered).
 */
export function EditorLines({
  id,
  testId,
  lines,
  editor,
  vatRegistered,
  vatRates,
  allowOptional,
  Picker,
  pickerStartsOpen = false,
}: {
  id: string;
  testId: string;
  lines: readonly LineDraft[];
  editor: DocumentEditorState;
  vatRegistered: boolean;
  vatRates: readonly number[];
  allowOptional: boolean;
  Picker: ComponentType<PickerProps>;
  /** A new quote starts with the price list open: each of its items is one tap. */
  pickerStartsOpen?: boolean;
}) {
  const [pickerOpen, setPickerOpen] = useState(pickerStartsOpen);
  const defaultRate = vatRegistered ? (vatRates[0] ?? 0) : null;
  const pickerId = `${id}-picker`;
  return (
    <section aria-labelledby={`${id}-lines`}>
      <h3 id={`${id}-lines`} className={sectionTitle}>
        Lines
      </h3>
      <DocumentLines
        id={id}
        testId={testId}
        lines={lines}
        vatRates={vatRegistered ? vatRates : null}
        allowOptional={allowOptional}
        errors={editor.errors}
        field={editor.field}
        errorFor={editor.errorFor}
        onChange={editor.lineActions.onChange}
        onRemove={editor.lineActions.onRemove}
        onAdd={() => editor.lineActions.add(emptyLine(defaultRate))}
        pickerOpen={pickerOpen}
        onPicker={() => {
          // Already open: the cursor goes to its search. The list stays open while items are added.
          if (pickerOpen) document.getElementById(`${pickerId}-search`)?.focus();
          else setPickerOpen(true);
        }}
        picker={
          <Picker
            id={pickerId}
            vatRegistered={vatRegistered}
            focusSearch={!pickerStartsOpen}
            onPick={(item) =>
              editor.lineActions.add(lineFromItem(vatRegistered ? item : { ...item, vatRate: null }), true)
            }
            onClose={() => setPickerOpen(false)}
          />
        }
      />
    </section>
  );
}

/** One figure of the totals card. */
export function TotalRow({
  label,
  value,
  strong = false,
  testId,
}: {
  label: string;
  value: Pence;
  strong?: boolean;
  testId?: string | undefined;
}) {
  return (
    <div className={`flex items-baseline justify-between gap-3 py-1 ${strong ? "text-base" : "text-sm"}`}>
      <dt className={strong ? "font-semibold text-slate-900" : "text-slate-700"}>{label}</dt>
      <dd
        className={`text-right tabular-nums ${strong ? "font-bold text-brand-900" : "text-slate-900"}`}
        data-testid={testId}
      >
        {formatMoney(value)}
      </dd>
    </div>
  );
}

/** The net and a row per VAT band, for a VAT-registered business. */
export function VatRows({
  netPence,
  vatByRate,
  testPrefix,
}: {
  netPence: Pence;
  vatByRate: readonly { rate: number; netPence: Pence; vatPence: Pence }[];
  /** "quote": the rows' test ids (`quote-net`, `quote-vat-20`). */
  testPrefix?: string;
}) {
  return (
    <>
      <TotalRow label="Net" value={netPence} testId={testPrefix && `${testPrefix}-net`} />
      {vatByRate.map((b) => (
        <TotalRow
          key={b.rate}
          label={`VAT ${b.rate}% on ${formatMoney(b.netPence)}`}
          value={b.vatPence}
          testId={testPrefix && `${testPrefix}-vat-${b.rate}`}
        />
      ))}
    </>
  );
}

/** The live totals beside the form (sticky on a wide screen), and the lines not counted yet. */
export function TotalsCard({
  id,
  testId,
  incompleteLines,
  note,
  children,
}: {
  id: string;
  testId: string;
  incompleteLines: number;
  note?: ReactNode;
  children: ReactNode;
}) {
  return (
    <aside aria-labelledby={id} className="lg:sticky lg:top-0 lg:self-start">
      <div className="rounded-card border border-brand-200 bg-brand-50 p-4" data-testid={testId}>
        <h3 id={id} className={sectionTitle}>
          Totals
        </h3>
        <dl className="mt-2 divide-y divide-brand-100">{children}</dl>
        {incompleteLines > 0 ? (
          <p className="mt-2 text-xs text-slate-700">{incompleteLinesText(incompleteLines)}</p>
        ) : null}
        {note}
      </div>
    </aside>
  );
}
