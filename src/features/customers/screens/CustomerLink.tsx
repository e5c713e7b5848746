/**
 * On a request's screen: "Customer: <name> (N jobs)", linking to the customer's screen
 * (docs/decisions/038-customers.md). Nothing shows while it loads, for spam, or if it fails: the
 * request itself stays usable.
 */
import { useQuery } from "@tanstack/react-query";
import { UserRound } from "lucide-react";
import { queries } from "../../../admin/query";

export function CustomerLink({ requestId }: { requestId: number }) {
  const customer = useQuery(queries.requestCustomer(requestId));
  const c = customer.data;
  if (!c) return null;
  return (
    <p className="mt-1 flex items-center gap-1.5 text-sm text-slate-700">
      <UserRound aria-hidden="true" className="size-4 shrink-0" />
      <a
        href={`/admin/customers/${c.id}`}
        data-testid="request-customer"
        className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline underline-offset-2"
      >
        Customer: {c.name} ({c.jobs === 1 ? "1 job" : `${c.jobs} jobs`})
      </a>
    </p>
  );
}
