/**
 * A credit note against an issued invoice, with a reason: the whole of it, the lines ticked, or an
 * amount the owner types ("goodwill: £25"), VAT included and shared over the invoice's VAT bands.
 * For an amount, the dialog shows what the credit note will come to (net and VAT) before it is made,
 * and refuses more than can still be credited.
 */
import { useId, useState, type ReactNode } from "react";
import { formatMoney, tryParsePounds, type Pence } from "../../../platform/money";
import { FormDialog, inputClass, labelClass, TextAreaField, useProblemForm } from "../../billing/screens";
import { amountCreditLines, invoiceTotals } from "../contract/totals";
import { invoicesApi, type AdminInvoice, type InvoiceSettings } from "./api";
import { creditLines } from "./invoice-form";

type What = "whole" | "lines" | "amount";

/** What a credit note of `amount` comes to on this invoice (net, VAT, total). */
function amountPreview(inv: AdminInvoice, amount: Pence) {
  const lines = amountCreditLines(inv.totals.vatByRate, amount, inv.vatRegistered, "Credit");
  return invoiceTotals(lines, { vatRegistered: inv.vatRegistered });
}

/** Local checks before the server's; an empty object when all is well. */
function localErrors(inv: AdminInvoice, what: What, reason: string, chosen: number, amount: string) {
  const errors: Record<string, string> = {};
  const left = inv.totalPence - inv.creditedPence;
  if (!reason.trim()) errors["reason"] = "Please give the reason for the credit note.";
  if (what === "lines" && chosen === 0) errors["lines"] = "Tick the lines to credit.";
  if (what === "amount") {
    const pence = tryParsePounds(amount);
    if (pence === null || pence <= 0)
      errors["amountPence"] = "Please give the amount in pounds, such as 25.00.";
    else if (pence > left)
      errors["amountPence"] =
        `The credit note (${formatMoney(pence)}) cannot be more than what is left to credit on invoice ${inv.number} (${formatMoney(left)}).`;
  }
  return errors;
}

export function CreditNoteDialog({
  invoice: inv,
  settings,
  onClose,
  onDone,
}: {
  invoice: AdminInvoice;
  settings: InvoiceSettings;
  onClose: () => void;
  onDone: (creditNote: AdminInvoice, invoice: AdminInvoice) => void;
}) {
  const id = useId();
  const form = useProblemForm(id);
  const { errors, errorFor } = form;
  const [reason, setReason] = useState("");
  const [what, setWhat] = useState<What>("whole");
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [amount, setAmount] = useState("");

  const submit = () => {
    form.setProblem(null);
    const local = localErrors(inv, what, reason, chosen.size, amount);
    form.setErrors(local);
    if (Object.keys(local).length > 0) return;
    void form.send(async () => {
      const answer = await invoicesApi.creditNote(inv.id, {
        reason: reason.trim(),
        ...(what === "lines" ? { lines: creditLines(inv.lines, chosen) } : {}),
        ...(what === "amount" ? { amountPence: tryParsePounds(amount)! } : {}),
      });
      onDone(answer.creditNote, answer.invoice);
    }, "The credit note could not be saved: the server did not answer. Please try again.");
  };

  return (
    <FormDialog
      wide
      busy={form.busy}
      onClose={onClose}
      onSubmit={submit}
      refused={form}
      action="Make the credit note"
      tone="danger"
      title={`Credit note against ${inv.number}`}
      description={`An issued invoice never changes: a credit note corrects it. ${formatMoney(
        inv.totalPence - inv.creditedPence,
      )} can still be credited.`}
    >
      <fieldset>
        <legend className={labelClass}>What to credit</legend>
        <div className="mt-1 flex flex-wrap gap-x-5">
          {(
            [
              ["whole", "The whole invoice (it becomes void)"],
              ["lines", "Some lines"],
              ["amount", "An amount"],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
              <input
                type="radio"
                name={`${id}-what`}
                className="size-5 accent-brand-700"
                checked={what === value}
                onChange={() => setWhat(value)}
              />
              {label}
            </label>
          ))}
        </div>
        {what === "lines" ? (
          <LinePicker
            invoice={inv}
            chosen={chosen}
            onChange={setChosen}
            vatRegistered={settings.vatRegistered}
          />
        ) : null}
        {errorFor("lines")}
      </fieldset>
      {what === "amount" ? (
        <AmountField
          id={id}
          invoice={inv}
          amount={amount}
          onChange={(value) => {
            setAmount(value);
            form.clear(["amountPence"]);
          }}
          error={errors["amountPence"] ? errorFor("amountPence") : null}
        />
      ) : null}
      <TextAreaField
        id={`${id}-reason`}
        label="Reason"
        value={reason}
        placeholder={what === "amount" ? "Goodwill: the job ran a day late" : undefined}
        aria={form.field("reason")}
        onChange={setReason}
        error={errorFor("reason")}
      />
    </FormDialog>
  );
}

/** The invoice's lines to tick (amounts without VAT when registered). */
function LinePicker({
  invoice: inv,
  chosen,
  onChange,
  vatRegistered,
}: {
  invoice: AdminInvoice;
  chosen: ReadonlySet<number>;
  onChange: (next: Set<number>) => void;
  vatRegistered: boolean;
}) {
  return (
    <>
      {vatRegistered ? <p className="mt-1 text-sm text-slate-600">Amounts without VAT.</p> : null}
      <ul className="mt-2 grid gap-1 rounded-lg border border-slate-200 p-2">
        {inv.lines
          .filter((l) => l.netPence > 0)
          .map((l) => (
            <li key={l.id}>
              <label className="flex min-h-11 items-center gap-3 text-sm text-slate-800">
                <input
                  type="checkbox"
                  className="size-5 shrink-0 accent-brand-700"
                  checked={chosen.has(l.id)}
                  onChange={(e) => {
                    const next = new Set(chosen);
                    if (e.target.checked) next.add(l.id);
                    else next.delete(l.id);
                    onChange(next);
                  }}
                />
                <span className="min-w-0 flex-1 break-words">{l.description}</span>
                <span className="tabular-nums">{formatMoney(l.netPence)}</span>
              </label>
            </li>
          ))}
      </ul>
    </>
  );
}

/** The amount in pounds (VAT included), and what the credit note will come to. */
function AmountField({
  id,
  invoice: inv,
  amount,
  onChange,
  error,
}: {
  id: string;
  invoice: AdminInvoice;
  amount: string;
  onChange: (value: string) => void;
  error: ReactNode;
}) {
  const pence = tryParsePounds(amount);
  const left = inv.totalPence - inv.creditedPence;
  const preview = pence !== null && pence > 0 && pence <= left ? amountPreview(inv, pence) : null;
  return (
    <div>
      <label htmlFor={`${id}-amount`} className={labelClass}>
        Amount to credit (£){inv.vatRegistered ? ", VAT included" : ""}
      </label>
      <input
        id={`${id}-amount`}
        inputMode="decimal"
        autoComplete="off"
        className={inputClass}
        value={amount}
        aria-invalid={Boolean(error)}
        aria-describedby={`${id}-amount-preview${error ? ` ${id}-amountPence-error` : ""}`}
        onChange={(e) => onChange(e.target.value)}
      />
      {error}
      <p id={`${id}-amount-preview`} className="mt-1 text-sm text-slate-700" aria-live="polite">
        {preview
          ? inv.vatRegistered
            ? `The credit note: ${formatMoney(preview.netPence)} + VAT ${formatMoney(preview.vatPence)} = ${formatMoney(preview.totalPence)}${preview.totalPence < pence! ? ` (${formatMoney(pence!)} cannot be made in whole pence at these VAT rates)` : ""}.`
            : `The credit note: ${formatMoney(preview.totalPence)}.`
          : `Up to ${formatMoney(left)}.`}
      </p>
    </div>
  );
}
