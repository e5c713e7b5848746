/** How money came in or went back: one tap per method, two to a row. */
import type { ReactNode } from "react";
import { labelClass } from "../../billing/screens";
import { paymentMethodLabels, paymentMethods, type PaymentMethod } from "../contract/rules";

export function PaymentMethodChoice({
  name,
  legend,
  value,
  onChange,
  error,
}: {
  /** The radio group's name (unique in the page). */
  name: string;
  legend: string;
  value: PaymentMethod;
  onChange: (method: PaymentMethod) => void;
  error?: ReactNode;
}) {
  return (
    <fieldset>
      <legend className={labelClass}>{legend}</legend>
      <div className="mt-1 grid grid-cols-2 gap-2">
        {paymentMethods.map((m) => (
          <label
            key={m}
            className="flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 px-3 text-sm text-slate-800 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
          >
            <input
              type="radio"
              name={name}
              className="size-5 accent-brand-700"
              checked={value === m}
              onChange={() => onChange(m)}
            />
            {paymentMethodLabels[m]}
          </label>
        ))}
      </div>
      {error}
    </fieldset>
  );
}
