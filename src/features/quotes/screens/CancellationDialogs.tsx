/**
 * After an accepted quote is cancelled: recording a cancellation the customer made by phone or
 * letter within their cancellation period, and what is owed for work already done (work started
 * early at the customer's request), in proportion to the whole.
 */
import { useId, useState } from "react";
import { formatMoney, parseTypedPounds } from "../../../platform/money";
import { FormDialog, inputClass, labelClass, TextAreaField, useDialogForm } from "../../billing/screens";
import { quotesApi, type AdminQuote } from "./api";
import { quoteLabel } from "./quote-draft";

const amountMessage = "Enter the amount in pounds, such as 80 or 120.50.";

/** The amount in pounds, its hint and its message. */
function AmountField({
  id,
  label,
  value,
  onChange,
  form,
  hint,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  form: ReturnType<typeof useDialogForm>;
  hint?: string;
}) {
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input
        id={id}
        inputMode="decimal"
        className={inputClass}
        value={value}
        placeholder="0.00"
        {...form.field("amountOwedPence")}
        onChange={(e) => onChange(e.target.value)}
      />
      {hint ? <span className="mt-1 block text-sm text-slate-600">{hint}</span> : null}
      {form.errorFor("amountOwedPence")}
    </div>
  );
}

/** A cancellation the customer made by phone or letter, within their 14 days. */
export function CancelDialog({
  quote: q,
  today,
  onClose,
  onDone,
}: {
  quote: AdminQuote;
  today: string;
  onClose: () => void;
  onDone: (quote: AdminQuote) => Promise<void>;
}) {
  const id = useId();
  const form = useDialogForm(id);
  const [receivedOn, setReceivedOn] = useState(today);
  const [reason, setReason] = useState("");
  const [owed, setOwed] = useState("");
  const expressStart = q.acceptance?.expressStart ?? false;

  const submit = () => {
    const owedPence = owed.trim() ? parseTypedPounds(owed) : null;
    if (owed.trim() && owedPence === null) return form.setErrors({ amountOwedPence: amountMessage });
    void form.send(async () => {
      const body = {
        receivedOn,
        reason: reason.trim() || null,
        ...(owedPence !== null ? { amountOwedPence: owedPence } : {}),
      };
      await onDone(await quotesApi.cancel(q.id, body));
    }, "Recording the cancellation");
  };

  return (
    <FormDialog
      title="Record a cancellation"
      description={`The customer cancelled ${quoteLabel(q)} by phone or letter. They are sent an acknowledgement by e-mail, and a confirmed visit is cancelled.`}
      busy={form.busy}
      onClose={onClose}
      onSubmit={submit}
      action="Record the cancellation"
      tone="danger"
    >
      <div>
        <label htmlFor={`${id}-on`} className={labelClass}>
          The day they told you
        </label>
        <input
          id={`${id}-on`}
          type="date"
          className={inputClass}
          value={receivedOn}
          max={today}
          {...form.field("receivedOn")}
          onChange={(e) => setReceivedOn(e.target.value)}
        />
        {form.errorFor("receivedOn")}
      </div>
      <TextAreaField
        id={`${id}-reason`}
        label="Reason (optional)"
        value={reason}
        aria={form.field("reason")}
        onChange={setReason}
        error={form.errorFor("reason")}
      />
      {expressStart ? (
        <AmountField
          id={`${id}-owed`}
          label="Owed for work already done (£, optional)"
          value={owed}
          onChange={setOwed}
          form={form}
          hint="The customer asked for an early start: they pay for the work done up to the cancellation, in proportion to the whole. You can record it later too."
        />
      ) : null}
      {form.errors["_form"] ? <p className="text-sm text-danger-600">{form.errors["_form"]}</p> : null}
    </FormDialog>
  );
}

/** What is owed for work done before a cancellation (work started early at the customer's request). */
export function AmountOwedDialog({
  quote: q,
  onClose,
  onDone,
}: {
  quote: AdminQuote;
  onClose: () => void;
  onDone: (quote: AdminQuote) => Promise<void>;
}) {
  const id = useId();
  const form = useDialogForm(id);
  const [amount, setAmount] = useState("");
  const [note, setNote] = useState("");

  const submit = () => {
    const pence = parseTypedPounds(amount);
    if (pence === null) return form.setErrors({ amountOwedPence: amountMessage });
    void form.send(async () => {
      const body = { amountOwedPence: pence, note: note.trim() || null };
      await onDone(await quotesApi.recordAmountOwed(q.id, body));
    }, "Recording the amount owed");
  };

  return (
    <FormDialog
      title="Record the amount owed"
      description={`For work done on ${quoteLabel(q)} before the customer cancelled, in proportion to the whole (${formatMoney(q.acceptance?.totalPence ?? q.totalPence)}).`}
      busy={form.busy}
      onClose={onClose}
      onSubmit={submit}
      action="Record"
    >
      <AmountField
        id={`${id}-amount`}
        label="Amount owed (£)"
        value={amount}
        onChange={setAmount}
        form={form}
      />
      <TextAreaField
        id={`${id}-note`}
        label="How it was worked out (optional)"
        value={note}
        onChange={setNote}
        error={form.errorFor("note")}
      />
    </FormDialog>
  );
}
