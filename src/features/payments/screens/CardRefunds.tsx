/**
 * "Refund £X to the card" for each credit note of an invoice paid online
 * (docs/decisions/048-card-payments-stripe.md): after a confirmation, Stripe is asked to refund that
 * much of the card payment; the line then says the refund is on its way, and done once Stripe's
 * `charge.refunded` has arrived. Nothing shows for an invoice not paid by card online.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CreditCard } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { ApiError } from "../../../admin/api";
import { ConfirmDialog } from "../../../admin/components/dialogs";
import { Button } from "../../../admin/components/ui";
import { formatMoney } from "../../../platform/money";
import { paymentKeys, paymentsApi, type CardRefund } from "./api";

export function CardRefunds({ invoiceId }: { invoiceId: number }) {
  const client = useQueryClient();
  const [asking, setAsking] = useState<CardRefund | null>(null);
  const plan = useQuery({
    queryKey: paymentKeys.refunds(invoiceId),
    queryFn: () => paymentsApi.refunds(invoiceId),
  });
  const refund = useMutation({
    mutationFn: (r: CardRefund) => paymentsApi.refund(r.creditNoteId),
    onSuccess: ({ refund: r }) => {
      setAsking(null);
      toast.success(`Refund of ${formatMoney(r.amountPence)} sent to Stripe`, {
        description: "It shows as done here once Stripe confirms it.",
      });
      void client.invalidateQueries({ queryKey: paymentKeys.refunds(invoiceId) });
    },
    onError: (error) => {
      setAsking(null);
      toast.error(
        error instanceof ApiError && error.message ? error.message : "The refund did not go through.",
      );
    },
  });
  const rows = (plan.data?.refunds ?? []).filter((r) => r.status !== "available" || r.amountPence > 0);
  if (rows.length === 0) return null;
  return (
    <ul className="mt-2 space-y-2 text-sm" data-testid="card-refunds">
      {rows.map((r) => (
        <li key={r.creditNoteId} className="flex flex-wrap items-center gap-2">
          {r.status === "available" ? (
            <Button variant="secondary" disabled={refund.isPending} onClick={() => setAsking(r)}>
              <CreditCard aria-hidden="true" className="size-4" />
              Refund {formatMoney(r.amountPence)} to the card
              <span className="sr-only"> for credit note {r.creditNoteNumber}</span>
            </Button>
          ) : (
            <span className="text-slate-800">
              {r.creditNoteNumber}: {formatMoney(r.amountPence)}{" "}
              {r.status === "succeeded"
                ? "refunded to the card"
                : r.status === "pending"
                  ? "refund to the card on its way"
                  : "refund to the card failed"}
            </span>
          )}
        </li>
      ))}
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => (open ? undefined : setAsking(null))}
        title={`Refund ${formatMoney(asking?.amountPence ?? 0)} to the card?`}
        message={`Stripe sends ${formatMoney(asking?.amountPence ?? 0)} back to the card that paid, for credit note ${asking?.creditNoteNumber ?? ""}. This cannot be undone.`}
        confirmLabel={`Refund ${formatMoney(asking?.amountPence ?? 0)}`}
        busy={refund.isPending}
        onConfirm={() => (asking ? refund.mutate(asking) : undefined)}
      />
    </ul>
  );
}
