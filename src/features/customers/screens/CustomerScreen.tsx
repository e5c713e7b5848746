/**
 * One customer (/admin/customers/:id; docs/decisions/038-customers.md): how to reach them (tap to
 * call, e-mail), a new job prefilled with their details, their requests (each opening the request),
 * visits, quotes and invoices with amounts, the owner's notes on their requests, and the owner's
 * own notes on the person.
 */
import { useMutation, useQuery } from "@tanstack/react-query";
import { ArrowLeft, Mail, MapPin, Phone, Plus } from "lucide-react";
import { useEffect, useId, useState, type ReactNode } from "react";
import { toast } from "sonner";
import { ApiError } from "../../../admin/api";
import { customersApi, type CustomerDetail } from "./api";
import { formatDateOnly, formatSubmittedAt } from "../../../admin/format";
import { keys, queries, queryClient } from "../../../admin/query";
import { StateBadge } from "../../../admin/components/StateBadge";
import { Badge, Button, Spinner, buttonClass } from "../../../admin/components/ui";
import { useServiceLabel } from "../../site-content/screens";
import { formatMoney } from "../../../platform/money";
import { dateInZone, formatShortDate } from "../../../platform/time";
import { windowName } from "../../appointments/contract/windows";
import { invoiceKindLabels } from "../../invoices/contract/rules";
import { InvoiceStatusBadge } from "../../invoices/screens";
import { QuoteStatusBadge } from "../../quotes/screens";
import { maxCustomerNotesLength } from "../contract/endpoints";
import { newJobHref } from "./new-job";
import { LoadError } from "../../../admin/components/LoadError";

const sectionTitle = "text-lg font-bold text-brand-900";
const card = "rounded-card border border-slate-200 bg-white shadow-card";
const visitStatusLabels = {
  proposed: "Proposed",
  confirmed: "Confirmed",
  completed: "Done",
  cancelled: "Cancelled",
  declined: "Declined",
} as const;

export function CustomerScreen({ id }: { id: number }) {
  const detail = useQuery(queries.customer(id));

  let body: ReactNode;
  if (detail.isPending) body = <Spinner label="Loading the customer…" />;
  else if (detail.isError) {
    const gone = detail.error instanceof ApiError && detail.error.status === 404;
    body = gone ? (
      <p role="alert" className="mt-6 rounded-lg bg-danger-50 px-4 py-3 font-medium text-danger-600">
        This customer no longer exists.
      </p>
    ) : (
      <LoadError className="mt-6" what="The customer" onRetry={detail.refetch} retrying={detail.isFetching} />
    );
  } else body = <CustomerBody d={detail.data} />;

  return (
    <div>
      <a
        href="/admin/customers"
        className="inline-flex min-h-11 items-center gap-2 rounded-lg text-sm font-semibold text-brand-700 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        All customers
      </a>
      {body}
    </div>
  );
}

function CustomerBody({ d }: { d: CustomerDetail }) {
  const serviceLabel = useServiceLabel();
  const c = d.customer;
  const today = dateInZone(new Date());
  return (
    <>
      <div className="mt-2 flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold break-words text-brand-900 sm:text-3xl">{c.name}</h1>
          <p className="mt-1 text-slate-600">
            {c.jobs === 1 ? "1 job" : `${c.jobs} jobs`} · customer since {formatDateOnly(c.createdAt)}
          </p>
        </div>
        <a href={newJobHref(c)} className={buttonClass("primary", "shrink-0")}>
          <Plus aria-hidden="true" className="size-4" />
          New job for this customer
        </a>
      </div>

      <section aria-label="Contact" className={`${card} mt-6 grid gap-4 p-4 sm:grid-cols-3 sm:p-6`}>
        <Contact icon={<Phone aria-hidden="true" className="size-4" />} label="Phone">
          {c.phone ? (
            <a
              className="inline-flex min-h-11 items-center text-brand-700 underline underline-offset-2"
              href={`tel:${c.phone.replace(/[^\d+]/g, "")}`}
            >
              {c.phone}
            </a>
          ) : (
            "None given"
          )}
        </Contact>
        <Contact icon={<Mail aria-hidden="true" className="size-4" />} label="Email">
          {c.email ? (
            <a
              className="inline-flex min-h-11 items-center break-all text-brand-700 underline underline-offset-2"
              href={`mailto:${c.email}`}
            >
              {c.email}
            </a>
          ) : (
            "None given"
          )}
        </Contact>
        <Contact icon={<MapPin aria-hidden="true" className="size-4" />} label="Address">
          {c.address ?? "None given"}
        </Contact>
      </section>

      <Section title="Requests" count={d.requests.length} empty="No requests.">
        <ul className="divide-y divide-slate-200">
          {d.requests.map((r) => (
            <li
              key={r.id}
              data-testid="customer-request"
              className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3"
            >
              <a
                href={`/admin/requests/${r.id}`}
                className="inline-flex min-h-11 items-center font-mono font-semibold text-brand-800 underline underline-offset-2"
              >
                {r.reference}
              </a>
              <StateBadge state={r.state} />
              <span className="text-slate-800">
                {r.formType === "booking" ? serviceLabel(r.service) : "Contact message"}
              </span>
              <span className="w-full text-sm text-slate-600 sm:ml-auto sm:w-auto">
                {formatSubmittedAt(r.submittedAt)}
              </span>
            </li>
          ))}
        </ul>
      </Section>

      <Section title="Visits" count={d.visits.length} empty="No visits booked.">
        <ul className="divide-y divide-slate-200">
          {d.visits.map((v) => (
            <li key={v.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3">
              <span className="font-semibold text-slate-900">
                {formatShortDate(v.date, { year: true })}, {windowName(v.window)}
              </span>
              <Badge
                tone={v.status === "confirmed" ? "success" : v.status === "proposed" ? "accent" : "neutral"}
              >
                {visitStatusLabels[v.status]}
              </Badge>
              <a
                href={`/admin/requests/${v.submissionId}`}
                className="inline-flex min-h-11 items-center font-mono text-sm text-brand-700 underline"
              >
                {v.reference}
              </a>
            </li>
          ))}
        </ul>
      </Section>

      <Section title="Quotes" count={d.quotes.length} empty="No quotes.">
        <ul className="divide-y divide-slate-200">
          {d.quotes.map((q) => (
            <li key={q.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3">
              <a
                href={`/admin/requests/${q.submissionId}`}
                className="inline-flex min-h-11 items-center font-mono font-semibold text-brand-800 underline"
              >
                {q.title}
              </a>
              <QuoteStatusBadge status={q.status} />
              <span className="ml-auto font-semibold text-slate-900 tabular-nums">
                {formatMoney(q.totalPence)}
              </span>
            </li>
          ))}
        </ul>
      </Section>

      <Section title="Invoices" count={d.invoices.length} empty="No invoices.">
        {d.onAccountPence > 0 ? (
          <p className="mb-3 rounded-lg bg-success-50 p-3 text-sm text-slate-900" data-testid="on-account">
            <span className="font-semibold">{formatMoney(d.onAccountPence)} on account</span> from
            overpayments: take it off their next invoice.
          </p>
        ) : null}
        <ul className="divide-y divide-slate-200">
          {d.invoices.map((i) => {
            const overdue =
              (i.status === "unpaid" || i.status === "part-paid") && !!i.dueOn && i.dueOn < today;
            return (
              <li
                key={i.id}
                data-testid="customer-invoice"
                className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3"
              >
                {i.submissionId ? (
                  <a
                    href={`/admin/requests/${i.submissionId}`}
                    className="inline-flex min-h-11 items-center font-mono font-semibold text-brand-800 underline"
                  >
                    {i.number ?? "Draft"}
                  </a>
                ) : (
                  <span className="font-mono font-semibold text-slate-900">{i.number ?? "Draft"}</span>
                )}
                <span className="text-sm text-slate-700">{invoiceKindLabels[i.kind]}</span>
                {/* A credit note is not paid or owed: its kind says what it is. */}
                {i.kind === "credit_note" ? null : (
                  <InvoiceStatusBadge invoice={{ status: i.status, overdue }} />
                )}
                <span className="ml-auto text-right tabular-nums">
                  <span className="font-semibold text-slate-900">{formatMoney(i.totalPence)}</span>
                  {i.paidPence > 0 && i.paidPence < i.totalPence ? (
                    <span className="block text-xs text-slate-600">{formatMoney(i.paidPence)} paid</span>
                  ) : null}
                </span>
              </li>
            );
          })}
        </ul>
      </Section>

      <Section title="Notes on their requests" count={d.notes.length} empty="No notes.">
        <ul className="divide-y divide-slate-200">
          {d.notes.map((n) => (
            <li key={n.id} className="px-4 py-3">
              <p className="break-words whitespace-pre-wrap text-slate-900">{n.body}</p>
              <p className="mt-1 text-xs text-slate-600">
                <a
                  href={`/admin/requests/${n.submissionId}`}
                  className="inline-flex min-h-11 items-center font-mono text-brand-700 underline"
                >
                  {n.reference}
                </a>{" "}
                · {formatSubmittedAt(n.createdAt)}
              </p>
            </li>
          ))}
        </ul>
      </Section>

      <CustomerNotes id={c.id} notes={c.notes} />
    </>
  );
}

function Contact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <p className="flex items-center gap-1.5 text-xs font-semibold tracking-wide text-slate-600 uppercase">
        {icon}
        {label}
      </p>
      <p className="mt-1 break-words text-slate-900">{children}</p>
    </div>
  );
}

function Section({
  title,
  count,
  empty,
  children,
}: {
  title: string;
  count: number;
  empty: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="mt-8">
      <h2 id={id} className={sectionTitle}>
        {title} <span className="text-base font-semibold text-slate-600">({count})</span>
      </h2>
      <div className={`${card} mt-3`}>
        {count === 0 ? <p className="px-4 py-3 text-slate-600">{empty}</p> : children}
      </div>
    </section>
  );
}

function CustomerNotes({ id, notes }: { id: number; notes: string | null }) {
  const fieldId = useId();
  const [text, setText] = useState(notes ?? "");
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- mirrors the saved notes into the field
    setText(notes ?? "");
  }, [notes]);
  const save = useMutation({
    mutationFn: () => customersApi.saveNotes(id, text),
    onSuccess: async (customer) => {
      toast.success("Notes saved");
      queryClient.setQueryData<CustomerDetail>(keys.customer(id), (d) => (d ? { ...d, customer } : d));
      await queryClient.invalidateQueries({ queryKey: keys.customers });
    },
    onError: (err) => {
      if (err instanceof ApiError && err.status === 401) return;
      toast.error("The notes were not saved", { description: err.message });
    },
  });
  const changed = text.trim() !== (notes ?? "");
  return (
    <section aria-labelledby={`${fieldId}-h`} className="mt-8">
      <h2 id={`${fieldId}-h`} className={sectionTitle}>
        Your notes on this customer
      </h2>
      <form
        className={`${card} mt-3 p-4`}
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <label htmlFor={fieldId} className="text-sm text-slate-700">
          Private: never shown to the customer.
        </label>
        <textarea
          id={fieldId}
          value={text}
          onChange={(e) => setText(e.target.value)}
          maxLength={maxCustomerNotesLength}
          rows={4}
          className="mt-2 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900"
        />
        <div className="mt-3 flex justify-end">
          <Button type="submit" disabled={!changed || save.isPending}>
            {save.isPending ? "Saving…" : "Save notes"}
          </Button>
        </div>
      </form>
    </section>
  );
}
