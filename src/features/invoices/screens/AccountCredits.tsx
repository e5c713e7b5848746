/**
 * Money paid above invoices' balances, on the money screen (docs/decisions/060-money-corrections.md):
 * refunds the owner still owes, each with "Paid back…" (the day, how, a reference), and money kept
 * on customers' accounts, each with "Pay back £X…" for what is left of it (less what later invoices
 * used) when the customer wants it back rather than kept. Nothing shows when there is none.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Undo2 } from "lucide-react";
import { useId, useRef, useState } from "react";
import { toast } from "sonner";
import { ApiError } from "../../../admin/api";
import { AdminDialog } from "../../../admin/components/dialogs";
import { Button, FormProblem } from "../../../admin/components/ui";
import { formatMoney } from "../../../platform/money";
import { formatShortDate } from "../../../platform/time";
import { paymentMethodLabels, paymentMethods, type PaymentMethod } from "../contract/rules";
import { invoicesApi, type AccountCreditRow } from "./api";

const key = ["invoices", "account-credits"] as const;
const inputClass =
  "mt-1 block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 aria-[invalid=true]:border-danger-600";
const labelClass = "block text-sm font-semibold text-slate-800";

export function AccountCredits({ today }: { today: string }) {
  const client = useQueryClient();
  const credits = useQuery({ queryKey: key, queryFn: invoicesApi.accountCredits, refetchInterval: 30_000 });
  const [paying, setPaying] = useState<AccountCreditRow | null>(null);
  const list = credits.data ?? [];
  if (list.length === 0) return null;
  const refunds = list.filter((c) => c.kind === "refund");
  const onAccount = list.filter((c) => c.kind === "on_account");
  const from = (c: AccountCreditRow) =>
    `${c.customerName}, paid on ${c.invoiceNumber} on ${formatShortDate(c.receivedOn, { year: true })}`;
  return (
    <section
      aria-labelledby="account-credits-h"
      className="mt-6 rounded-card border border-slate-200 bg-white p-4 sm:p-5"
    >
      <h2 id="account-credits-h" className="text-lg font-bold text-brand-900">
        Overpayments
      </h2>
      {refunds.length > 0 ? (
        <>
          <h3 className="mt-3 text-sm font-semibold text-slate-800">Refunds you owe</h3>
          <ul className="divide-y divide-slate-200" data-testid="refunds-owed">
            {refunds.map((c) => (
              <li key={c.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <p className="min-w-0 text-slate-900">
                  <span className="font-semibold tabular-nums">{formatMoney(c.amountPence)}</span> to{" "}
                  {from(c)}
                </p>
                <Button variant="secondary" onClick={() => setPaying(c)}>
                  <Undo2 aria-hidden="true" className="size-4" />
                  Paid back…
                  <span className="sr-only">
                    {" "}
                    {formatMoney(c.amountPence)} to {c.customerName}
                  </span>
                </Button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {onAccount.length > 0 ? (
        <>
          <h3 className="mt-3 text-sm font-semibold text-slate-800">Money on account</h3>
          <ul className="divide-y divide-slate-200" data-testid="money-on-account">
            {onAccount.map((c) => (
              <li key={c.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <p className="min-w-0 text-slate-900">
                  <span className="font-semibold tabular-nums">{formatMoney(c.leftPence)}</span> for {from(c)}
                  {c.leftPence < c.amountPence ? (
                    <span className="block text-sm text-slate-700">
                      {formatMoney(c.amountPence - c.leftPence)} of {formatMoney(c.amountPence)} used on later
                      invoices
                    </span>
                  ) : null}
                </p>
                {c.leftPence > 0 ? (
                  <Button variant="secondary" onClick={() => setPaying(c)}>
                    <Undo2 aria-hidden="true" className="size-4" />
                    Pay back {formatMoney(c.leftPence)}…<span className="sr-only"> to {c.customerName}</span>
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {paying ? (
        <RefundPaidDialog
          credit={paying}
          today={today}
          onClose={() => setPaying(null)}
          onDone={() => {
            setPaying(null);
            toast.success(
              paying.kind === "on_account"
                ? `${formatMoney(paying.leftPence)} on account recorded as paid back`
                : `Refund of ${formatMoney(paying.amountPence)} recorded as paid back`,
            );
            void client.invalidateQueries({ queryKey: key });
          }}
        />
      ) : null}
    </section>
  );
}

function RefundPaidDialog({
  credit,
  today,
  onClose,
  onDone,
}: {
  credit: AccountCreditRow;
  today: string;
  onClose: () => void;
  onDone: () => void;
}) {
  const id = useId();
  const [method, setMethod] = useState<PaymentMethod>("bank_transfer");
  const [refundedOn, setRefundedOn] = useState(today);
  const [reference, setReference] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const alertRef = useRef<HTMLDivElement>(null);

  const submit = async () => {
    setBusy(true);
    setProblem(null);
    try {
      await invoicesApi.refundPaid(credit.id, {
        method,
        refundedOn,
        ...(reference.trim() ? { reference: reference.trim() } : {}),
      });
      onDone();
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return;
      setErrors(err instanceof ApiError ? err.fields : {});
      setProblem(
        err instanceof ApiError && err.status > 0 && err.status < 500
          ? err.message
          : "The refund could not be recorded: the server did not answer. Please try again.",
      );
      requestAnimationFrame(() => alertRef.current?.focus());
    } finally {
      setBusy(false);
    }
  };

  return (
    <AdminDialog
      open
      onOpenChange={(open) => {
        if (!open && !busy) onClose();
      }}
      title={
        credit.kind === "on_account"
          ? `Pay back ${formatMoney(credit.leftPence)} on account`
          : `Refund of ${formatMoney(credit.amountPence)} paid back`
      }
      description={
        credit.kind === "on_account"
          ? `To ${credit.customerName}: what is left of the ${formatMoney(credit.amountPence)} overpaid on ${credit.invoiceNumber}. It will no longer be taken off their next invoice.`
          : `To ${credit.customerName}, overpaid on ${credit.invoiceNumber}.`
      }
    >
      <form
        noValidate
        className="grid gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <FormProblem problem={problem} reasons={Object.entries(errors)} alertRef={alertRef} />
        <fieldset>
          <legend className={labelClass}>How it was paid back</legend>
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
                  checked={method === m}
                  onChange={() => setMethod(m)}
                />
                {paymentMethodLabels[m]}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor={`${id}-on`} className={labelClass}>
              Paid back on
            </label>
            <input
              id={`${id}-on`}
              type="date"
              className={inputClass}
              value={refundedOn}
              max={today}
              aria-invalid={Boolean(errors["refundedOn"])}
              onChange={(e) => setRefundedOn(e.target.value)}
            />
          </div>
          <div>
            <label htmlFor={`${id}-ref`} className={labelClass}>
              Reference (optional)
            </label>
            <input
              id={`${id}-ref`}
              className={inputClass}
              value={reference}
              maxLength={100}
              onChange={(e) => setReference(e.target.value)}
            />
          </div>
        </div>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" disabled={busy} onClick={onClose}>
            Back
          </Button>
          <Button type="submit" variant="success" disabled={busy}>
            Record as paid back
          </Button>
        </div>
      </form>
    </AdminDialog>
  );
}
