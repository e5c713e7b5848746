/** An invoice's status as a badge: draft, unpaid, part paid, paid, void, or overdue. */
import { invoiceBadgeLabels, invoiceBadgeOf, type InvoiceBadge } from "./invoice-form";
import type { InvoiceStatus } from "../contract/rules";

/** Background and text colour per badge (tests/unit/admin-contrast.test.ts checks each pair). */
export const invoiceBadgeLooks: Record<InvoiceBadge, { bg: string; text: string }> = {
  draft: { bg: "bg-accent-100", text: "text-accent-900" },
  unpaid: { bg: "bg-brand-100", text: "text-brand-800" },
  "part-paid": { bg: "bg-brand-800", text: "text-white" },
  paid: { bg: "bg-success-700", text: "text-white" },
  void: { bg: "bg-brand-50", text: "text-brand-700" },
  overdue: { bg: "bg-danger-600", text: "text-white" },
};

export function InvoiceStatusBadge({ invoice }: { invoice: { status: InvoiceStatus; overdue: boolean } }) {
  const badge = invoiceBadgeOf(invoice);
  const look = invoiceBadgeLooks[badge];
  const label =
    badge === "overdue" && invoice.status === "part-paid" ? "Overdue, part paid" : invoiceBadgeLabels[badge];
  return (
    <span
      data-testid="invoice-status"
      data-status={badge}
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${look.bg} ${look.text}`}
    >
      {label}
    </span>
  );
}
