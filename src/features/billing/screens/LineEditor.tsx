/**
 * One line of a document being written (a quote's or an invoice's): description, quantity, unit
 * price in pounds, the VAT rate when registered, and (on a quote) whether the customer may tick
 * it, with the line's total worked out as typed (docs/decisions/066-billing-core.md).
 */
import { Trash2 } from "lucide-react";
import { IconButton } from "../../../admin/components/ui";
import { lineNetText, type DraftErrors, type LineDraft } from "./line-draft";
import { inputClass, labelClass, type FieldProps } from "./form-parts";

/**
 * One line of a document being written: description, quantity, unit price in pounds, the VAT rate
 * when registered, and (on a quote) whether the customer may tick it. The invoice editor uses it
 * too, without the optional box.
 */
export function LineEditor({
  id,
  index,
  line,
  vatRates,
  errors,
  field,
  errorFor,
  onChange,
  onRemove,
  allowOptional = true,
}: {
  id: string;
  index: number;
  line: LineDraft;
  vatRates: readonly number[] | null;
  errors: DraftErrors;
  field: FieldProps;
  errorFor: (key: string) => React.ReactNode;
  onChange: (patch: Partial<LineDraft>, field: string) => void;
  onRemove: (() => void) | null;
  /** False where lines cannot be optional (an invoice). */
  allowOptional?: boolean;
}) {
  const k = (f: string) => `lines.${index}.${f}`;
  const net = lineNetText(line);
  const lineProblem = errors[`lines.${index}`];
  return (
    <li
      data-testid="quote-line"
      aria-label={`Line ${index + 1}`}
      className={`rounded-lg border p-3 ${lineProblem ? "border-danger-600" : "border-slate-200"} ${line.optional ? "border-dashed bg-slate-50" : "bg-white"}`}
    >
      <div
        className={`grid grid-cols-2 gap-3 ${vatRates ? "sm:grid-cols-[minmax(0,1fr)_5.5rem_8rem_6rem]" : "sm:grid-cols-[minmax(0,1fr)_5.5rem_8rem]"}`}
      >
        <div className="col-span-2 sm:col-span-1">
          <label htmlFor={`${id}-description`} className={labelClass}>
            Description <span className="sr-only">of line {index + 1}</span>
          </label>
          <input
            id={`${id}-description`}
            className={inputClass}
            value={line.description}
            maxLength={500}
            {...field(k("description"))}
            onChange={(e) => onChange({ description: e.target.value }, "description")}
          />
          {errorFor(k("description"))}
        </div>
        <div>
          <label htmlFor={`${id}-quantity`} className={labelClass}>
            Quantity <span className="sr-only">of line {index + 1}</span>
          </label>
          <input
            id={`${id}-quantity`}
            className={inputClass}
            inputMode="decimal"
            value={line.quantity}
            {...field(k("quantity"))}
            onChange={(e) => onChange({ quantity: e.target.value }, "quantity")}
          />
          {errorFor(k("quantity"))}
        </div>
        <div>
          <label htmlFor={`${id}-price`} className={labelClass}>
            Unit price (£) <span className="sr-only">of line {index + 1}</span>
          </label>
          <input
            id={`${id}-price`}
            className={inputClass}
            inputMode="decimal"
            placeholder="0.00"
            value={line.unitPrice}
            {...field(k("unitPence"))}
            onChange={(e) => onChange({ unitPrice: e.target.value }, "unitPence")}
          />
          {errorFor(k("unitPence"))}
        </div>
        {vatRates ? (
          <div>
            <label htmlFor={`${id}-vat`} className={labelClass}>
              VAT <span className="sr-only">of line {index + 1}</span>
            </label>
            <select
              id={`${id}-vat`}
              className={inputClass}
              value={line.vatRate}
              {...field(k("vatRate"))}
              onChange={(e) => onChange({ vatRate: e.target.value }, "vatRate")}
            >
              {vatRates.map((r) => (
                <option key={r} value={String(r)}>
                  {r}%
                </option>
              ))}
            </select>
            {errorFor(k("vatRate"))}
          </div>
        ) : null}
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1">
        {allowOptional ? (
          <label className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              className="size-5 accent-brand-700"
              checked={line.optional}
              onChange={(e) => onChange({ optional: e.target.checked }, "optional")}
            />
            Optional <span className="text-slate-600">(the customer may tick it)</span>
            <span className="sr-only">, line {index + 1}</span>
          </label>
        ) : null}
        <span className="ml-auto text-sm text-slate-700" data-testid="line-net">
          {net ? (
            <>
              Line total <span className="font-semibold text-slate-900">{net}</span>
            </>
          ) : (
            <span className="text-slate-600">No total yet</span>
          )}
        </span>
        {onRemove ? (
          <IconButton
            label={`Remove line ${index + 1}`}
            className="text-danger-600 hover:bg-danger-50"
            onClick={onRemove}
          >
            <Trash2 aria-hidden="true" className="size-4" />
          </IconButton>
        ) : null}
      </div>
      {lineProblem ? (
        <p className="mt-1 text-sm text-danger-600" id={`${id}-problem`}>
          {lineProblem}
        </p>
      ) : null}
    </li>
  );
}
