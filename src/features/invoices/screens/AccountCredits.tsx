/**
 * Money paid above invoices' balances, on the money screen (docs/decisions/060-money-corrections.md):
 * refunds the owner still owes, each with "Paid back…" (the day, how, a reference), and money kept
 * on customers' accounts, each with "Pay back £X…" for what is left of it (less what later invoices
 * used) when the customer wants it back rather than kept. Nothing shows when there is none.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Undo2 } from "lucide-react";
import { useId, useState } from "react";
import { toast } from "sonner";
import { Button } from "../../../admin/components/ui";
import { formatMoney } from "../../../platform/money";
import { formatShortDate } from "../../../platform/time";
import { FormDialog, inputClass, labelClass, useProblemForm } from "../../billing/screens";
import type { PaymentMethod } from "../contract/rules";
import { invoicesApi, type AccountCreditRow } from "./api";
import { PaymentMethodChoice } from "./PaymentMethodChoice";

const key = ["invoices", "account-credits"] as const;

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
  const form = useProblemForm(id);
  const [method, setMethod] = useState<PaymentMethod>("bank_transfer");
  const [refundedOn, setRefundedOn] = useState(today);
  const [reference, setReference] = useState("");

  const submit = () =>
    void form.send(async () => {
      await invoicesApi.refundPaid(credit.id, {
        method,
        refundedOn,
        ...(reference.trim() ? { reference: reference.trim() } : {}),
      });
      onDone();
    }, "The refund could not be recorded: the server did not answer. Please try again.");

  return (
    <FormDialog
      busy={form.busy}
      onClose={onClose}
      onSubmit={submit}
      refused={form}
      action="Record as paid back"
      tone="success"
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
      <PaymentMethodChoice
        name={`${id}-method`}
        legend="How it was paid back"
        value={method}
        onChange={setMethod}
      />
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
            {...form.field("refundedOn")}
            onChange={(e) => setRefundedOn(e.target.value)}
          />
          {form.errorFor("refundedOn")}
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
    </FormDialog>
  );
}
