/**
 * Online payments that need the owner (docs/decisions/048-card-payments-stripe.md): paid more than
 * was owed, or paid for an invoice that is void, already paid or gone. Each says what to refund; he
 * refunds it in Stripe's dashboard and marks it dealt with. Nothing shows when there is none.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { AlertTriangle, Check } from "lucide-react";
import { toast } from "sonner";
import { Button } from "../../../admin/components/ui";
import { formatSubmittedAt } from "../../../admin/format";
import { paymentKeys, paymentsApi } from "./api";

export function PaymentAlerts() {
  const client = useQueryClient();
  const alerts = useQuery({
    queryKey: paymentKeys.alerts,
    queryFn: paymentsApi.alerts,
    refetchInterval: 30_000,
  });
  const resolve = useMutation({
    mutationFn: paymentsApi.resolveAlert,
    onSuccess: () => {
      toast.success("Marked as dealt with");
      void client.invalidateQueries({ queryKey: paymentKeys.alerts });
    },
    onError: () => toast.error("That did not go through. Please try again."),
  });
  const list = alerts.data?.alerts ?? [];
  if (list.length === 0) return null;
  return (
    <section
      aria-labelledby="payment-alerts-h"
      className="mt-6 rounded-card border border-amber-300 bg-amber-50 p-4 sm:p-5"
    >
      <h2 id="payment-alerts-h" className="flex items-center gap-2 text-lg font-bold text-brand-900">
        <AlertTriangle aria-hidden="true" className="size-5 text-amber-700" />
        Online payments that need you
      </h2>
      <ul className="mt-2 divide-y divide-amber-200" data-testid="payment-alerts">
        {list.map((a) => (
          <li key={a.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div className="min-w-0">
              <p className="text-slate-900">{a.message}</p>
              <p className="mt-0.5 text-sm text-slate-700">
                Stripe payment {a.paymentIntentId} · {formatSubmittedAt(a.createdAt)}
              </p>
            </div>
            <Button variant="secondary" disabled={resolve.isPending} onClick={() => resolve.mutate(a.id)}>
              <Check aria-hidden="true" className="size-4" />
              Dealt with<span className="sr-only">: {a.message}</span>
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
