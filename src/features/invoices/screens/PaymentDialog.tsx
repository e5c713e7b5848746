/**
 * Recording a payment against an invoice, from the money screen or the request's invoices: the
 * amount is already the balance, the method bank transfer and the date today, so a payment in full
 * is one tap to open and one to record. More than the balance asks first what the extra is
 * ("£40.00 more than the £560.00 owed: keep it on account, or refund it?"). A refused payment (an
 * extra larger than the invoice, a future date) shows the server's own message beside the field it
 * names and keeps everything typed.
 */
import { useId, useRef, useState } from "react";
import { ApiError } from "../../../admin/api";
import { invoicesApi, type AdminInvoice, type AdminPayment } from "./api";
import type { ExcessKind, PaymentInput } from "../contract";
import { AdminDialog } from "../../../admin/components/dialogs";
import { Button, FormProblem } from "../../../admin/components/ui";
import { formatMoney, type Pence } from "../../../platform/money";
import {
  paymentBody,
  paymentDraft,
  paymentMethodLabels,
  paymentMethods,
  type PaymentDraft,
} from "./invoice-form";

const inputClass =
  "mt-1 block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 aria-[invalid=true]:border-danger-600 aria-[invalid=true]:ring-1 aria-[invalid=true]:ring-danger-600";
const labelClass = "block text-sm font-semibold text-slate-800";

/** What the dialog needs to know of the invoice. */
export interface PayableInvoice {
  id: number;
  number: string;
  customerName: string;
  balancePence: Pence;
}

export function PaymentDialog({
  invoice,
  today,
  onClose,
  onRecorded,
}: {
  invoice: PayableInvoice;
  today: string;
  onClose: () => void;
  onRecorded: (invoice: AdminInvoice, payment: AdminPayment) => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState<PaymentDraft>(() => paymentDraft(invoice.balancePence, today));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState<PaymentInput | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);

  const change = (patch: Partial<PaymentDraft>, field: string) => {
    setDraft((d) => ({ ...d, ...patch }));
    if (errors[field]) setErrors(({ [field]: _gone, ...rest }) => rest);
  };

  const submit = async (excess?: ExcessKind) => {
    setProblem(null);
    const result = paymentBody(draft);
    if (result.errors) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    if (!excess && invoice.balancePence > 0 && result.body.amountPence > invoice.balancePence) {
      setAsking(result.body);
      return;
    }
    setAsking(null);
    setBusy(true);
    try {
      const answer = await invoicesApi.addPayment(invoice.id, {
        ...result.body,
        ...(excess ? { excess } : {}),
      });
      onRecorded(answer.invoice, answer.payment);
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return;
      const fields = err instanceof ApiError ? err.fields : {};
      setErrors(fields);
      setProblem(
        err instanceof ApiError && err.status > 0 && err.status < 500
          ? Object.keys(fields).length > 0
            ? "The payment was not recorded."
            : err.message
          : "The payment could not be recorded: the server did not answer. Nothing you typed is lost; please try again.",
      );
      requestAnimationFrame(() => alertRef.current?.focus());
    } finally {
      setBusy(false);
    }
  };

  const field = (k: string) => ({
    "aria-invalid": Boolean(errors[k]),
    ...(errors[k] ? { "aria-describedby": `${id}-${k}-error` } : {}),
  });
  const errorFor = (k: string) =>
    errors[k] ? (
      <span id={`${id}-${k}-error`} className="mt-1 block text-sm font-normal text-danger-600">
        {errors[k]}
      </span>
    ) : null;
  // The server's reasons are repeated in the alert (read first, and in view on a small screen).
  const reasons = problem ? Object.entries(errors) : [];

  return (
    <AdminDialog
      open
      onOpenChange={(open) => {
        if (!open && !busy) onClose();
      }}
      title={`Record a payment for ${invoice.number}`}
      description={`${invoice.customerName} owes ${formatMoney(invoice.balancePence)} on this invoice.`}
    >
      {asking ? (
        <ExcessChoice
          extraPence={asking.amountPence - invoice.balancePence}
          balancePence={invoice.balancePence}
          busy={busy}
          onChoose={(kind) => void submit(kind)}
          onBack={() => setAsking(null)}
        />
      ) : null}
      <form
        noValidate
        className={asking ? "hidden" : "grid gap-4"}
        aria-label={`Payment for ${invoice.number}`}
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <FormProblem problem={problem} reasons={reasons} alertRef={alertRef} />
        <div>
          <label htmlFor={`${id}-amount`} className={labelClass}>
            Amount (£)
          </label>
          <input
            id={`${id}-amount`}
            inputMode="decimal"
            autoComplete="off"
            className={inputClass}
            value={draft.amount}
            {...field("amountPence")}
            onChange={(e) => change({ amount: e.target.value }, "amountPence")}
          />
          {errorFor("amountPence")}
        </div>
        <fieldset>
          <legend className={labelClass}>Method</legend>
          <div className="mt-1 grid grid-cols-2 gap-2">
            {paymentMethods.map((m) => (
              <label
                key={m}
                className="flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 px-3 text-sm text-slate-800 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
              >
                <input
                  type="radio"
                  name={`${id}-method`}
                  className="size-5 accent-brand-700"
                  checked={draft.method === m}
                  onChange={() => change({ method: m }, "method")}
                />
                {paymentMethodLabels[m]}
              </label>
            ))}
          </div>
          {errorFor("method")}
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor={`${id}-on`} className={labelClass}>
              Received on
            </label>
            <input
              id={`${id}-on`}
              type="date"
              className={inputClass}
              value={draft.receivedOn}
              max={today}
              {...field("receivedOn")}
              onChange={(e) => change({ receivedOn: e.target.value }, "receivedOn")}
            />
            {errorFor("receivedOn")}
          </div>
          <div>
            <label htmlFor={`${id}-ref`} className={labelClass}>
              Reference (optional)
            </label>
            <input
              id={`${id}-ref`}
              className={inputClass}
              value={draft.reference}
              maxLength={100}
              {...field("reference")}
              onChange={(e) => change({ reference: e.target.value }, "reference")}
            />
            {errorFor("reference")}
          </div>
        </div>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" disabled={busy} onClick={onClose}>
            Back
          </Button>
          <Button type="submit" variant="success" disabled={busy}>
            Record payment
          </Button>
        </div>
      </form>
    </AdminDialog>
  );
}

/** The step before recording more than is owed: what the extra is. */
function ExcessChoice({
  extraPence,
  balancePence,
  busy,
  onChoose,
  onBack,
}: {
  extraPence: Pence;
  balancePence: Pence;
  busy: boolean;
  onChoose: (kind: ExcessKind) => void;
  onBack: () => void;
}) {
  const headingId = useId();
  const extra = formatMoney(extraPence);
  return (
    <section aria-labelledby={headingId} className="grid gap-4" data-testid="payment-excess">
      <div className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-slate-900">
        <h3 id={headingId} className="font-semibold">
          {extra} more than the {formatMoney(balancePence)} owed: keep it on account, or refund it?
        </h3>
        <p className="mt-1">
          On account, it is a credit for the customer towards their next invoice. To refund, it is listed
          under Money until you record it as paid back. The receipt tells the customer which.
        </p>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <Button variant="success" disabled={busy} onClick={() => onChoose("on_account")}>
          Keep {extra} on account
        </Button>
        <Button variant="primary" disabled={busy} onClick={() => onChoose("refund")}>
          Refund {extra}
        </Button>
      </div>
      <Button variant="secondary" disabled={busy} onClick={onBack}>
        Change the amount
      </Button>
    </section>
  );
}
