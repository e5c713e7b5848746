/**
 * The lines of a document being written (a quote's or an invoice's): each line's editor, the
 * message about the lines as a whole, "Add a line" and "Add from price list", and the picker the
 * caller supplies (the price list belongs to the quotes feature) under them
 * (docs/decisions/066-billing-core.md).
 */
import { ListPlus, Plus } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "../../../admin/components/ui";
import { LineEditor } from "./LineEditor";
import type { FieldProps } from "./form-parts";
import type { DraftErrors, LineDraft } from "./line-draft";

export interface DocumentLinesProps {
  /** The form's id; each line's fields are `<id>-<line key>-…`, the picker `<id>-picker`. */
  id: string;
  /** The list's test id ("quote-lines", "invoice-lines"). */
  testId: string;
  lines: readonly LineDraft[];
  vatRates: readonly number[] | null;
  /** False where lines cannot be optional (an invoice). */
  allowOptional: boolean;
  errors: DraftErrors;
  field: FieldProps;
  errorFor: (key: string) => ReactNode;
  onChange: (index: number, patch: Partial<LineDraft>, field: string) => void;
  onRemove: (index: number) => void;
  onAdd: () => void;
  pickerOpen: boolean;
  /** "Add from price list" pressed (opens the picker, or takes the focus to it when open). */
  onPicker: () => void;
  /** The picker, shown while open. */
  picker: ReactNode;
}

export function DocumentLines(p: DocumentLinesProps) {
  return (
    <>
      <ol className="mt-2 grid gap-3" data-testid={p.testId}>
        {p.lines.map((line, i) => (
          <LineEditor
            key={line.key}
            id={`${p.id}-${line.key}`}
            index={i}
            line={line}
            vatRates={p.vatRates}
            errors={p.errors}
            field={p.field}
            errorFor={p.errorFor}
            allowOptional={p.allowOptional}
            onChange={(patch, f) => p.onChange(i, patch, f)}
            onRemove={p.lines.length > 1 ? () => p.onRemove(i) : null}
          />
        ))}
      </ol>
      {p.errors["lines"] ? (
        <p className="mt-2 text-sm text-danger-600" role="status">
          {p.errors["lines"]}
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button variant="secondary" onClick={p.onAdd}>
          <Plus aria-hidden="true" className="size-4" />
          Add a line
        </Button>
        <Button
          variant="secondary"
          aria-expanded={p.pickerOpen}
          aria-controls={`${p.id}-picker`}
          onClick={p.onPicker}
        >
          <ListPlus aria-hidden="true" className="size-4" />
          Add from price list
        </Button>
      </div>
      {p.pickerOpen ? p.picker : null}
    </>
  );
}
