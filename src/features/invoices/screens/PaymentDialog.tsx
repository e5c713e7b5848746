/**
 * Recording a payment against an invoice, from the money screen or the request's invoices: the
 * amount is already the balance, the method bank transfer and the date today, so a payment in full
 * is one tap to open and one to record. More than the balance asks first what the extra is
 * ("£40.00 more than the £560.00 owed: keep it on account, or refund it?"). A refused payment (an
 * extra larger than the invoice, a future date) shows the server's own message beside the field it
 * names and keeps everything typed.
 */
import { useId, useState } from "react";
import { invoicesApi, type AdminInvoice, type AdminPayment } from "./api";
import type { ExcessKind, PaymentInput } from "../contract";
import { Button } from "../../../admin/components/ui";
import { formatMoney, type Pence } from "../../../platform/money";
import { FormDialog, inputClass, labelClass, useProblemForm } from "../../billing/screens";
import { paymentBody, paymentDraft, type PaymentDraft } from "./invoice-form";
import { PaymentMethodChoice } from "./PaymentMethodChoice";

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
  const form = useProblemForm(id);
  const { field, errorFor } = form;
  const [draft, setDraft] = useState<PaymentDraft>(() => paymentDraft(invoice.balancePence, today));
  const [asking, setAsking] = useState<PaymentInput | null>(null);

  const change = (patch: Partial<PaymentDraft>, key: string) => {
    setDraft((d) => ({ ...d, ...patch }));
    form.clear([key]);
  };

  const submit = (excess?: ExcessKind) => {
    form.setProblem(null);
    const result = paymentBody(draft);
    form.setErrors(result.errors ?? {});
    if (result.errors) return;
    if (!excess && invoice.balancePence > 0 && result.body.amountPence > invoice.balancePence) {
      setAsking(result.body);
      return;
    }
    setAsking(null);
    void form.send(
      async () => {
        const answer = await invoicesApi.addPayment(invoice.id, {
          ...result.body,
          ...(excess ? { excess } : {}),
        });
        onRecorded(answer.invoice, answer.payment);
      },
      "The payment could not be recorded: the server did not answer. Nothing you typed is lost; please try again.",
      "The payment was not recorded.",
    );
  };

  return (
    <FormDialog
      busy={form.busy}
      onClose={onClose}
      onSubmit={() => submit()}
      refused={form}
      action="Record payment"
      tone="success"
      formLabel={`Payment for ${invoice.number}`}
      title={`Record a payment for ${invoice.number}`}
      description={`${invoice.customerName} owes ${formatMoney(invoice.balancePence)} on this invoice.`}
      before={
        asking ? (
          <ExcessChoice
            extraPence={asking.amountPence - invoice.balancePence}
            balancePence={invoice.balancePence}
            busy={form.busy}
            onChoose={(kind) => submit(kind)}
            onBack={() => setAsking(null)}
          />
        ) : null
      }
    >
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
      <PaymentMethodChoice
        name={`${id}-method`}
        legend="Method"
        value={draft.method}
        onChange={(method) => change({ method }, "method")}
        error={errorFor("method")}
      />
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
    </FormDialog>
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
