/**
 * The tick box of the issue dialog when the customer has money on account (overpayments of their
 * earlier invoices): ticked by default, issuing takes it off the invoice, up to its total, as a
 * payment "from money on account" (docs/decisions/060-money-corrections.md).
 */
import { useId } from "react";
import { formatMoney } from "../../../platform/money";

export function OnAccountChoice({
  onAccountPence,
  totalPence,
  checked,
  onChange,
}: {
  onAccountPence: number;
  totalPence: number;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  if (onAccountPence <= 0) return null;
  const used = Math.min(onAccountPence, totalPence);
  return (
    <div className="mt-4 rounded-md border border-slate-200 bg-slate-50 p-3">
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          aria-describedby={`${id}-note`}
          className="mt-0.5 size-5 shrink-0 accent-brand-700"
        />
        <label htmlFor={id} className="text-sm font-semibold text-slate-800">
          Use {formatMoney(onAccountPence)} on account from earlier overpayment(s)
        </label>
      </div>
      <p id={`${id}-note`} className="mt-1 pl-8 text-sm text-slate-700">
        {used < onAccountPence
          ? `${formatMoney(used)} is taken off this invoice; ${formatMoney(onAccountPence - used)} stays on account.`
          : `${formatMoney(used)} is taken off this invoice; ${formatMoney(totalPence - used)} is left to pay.`}
      </p>
    </div>
  );
}
