/**
 * Every invoice and credit note (/admin/invoices), reached from the Money screen: invoices are kept
 * for six years, and an anonymised or deleted request's invoices stay listed here. Filters: status
 * (open, overdue, or one status), kind (invoices, credit notes, or both), the issue-date range and
 * a search on number or customer name; 50 to a page, newest first. Each row opens its request.
 */
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { ChevronLeft, ChevronRight, Search } from "lucide-react";
import { useId, useState } from "react";
import { keys } from "../../../admin/query";
import { Button, Spinner } from "../../../admin/components/ui";
import { formatMoney } from "../../../platform/money";
import { formatShortDate } from "../../../platform/time";
import { invoiceKindLabels, invoiceStatusLabels, invoiceStatuses } from "../contract/rules";
import type { InvoiceListQuery, InvoiceRow } from "../contract/endpoints";
import { invoicesApi, type AdminInvoice } from "./api";
import { InvoiceStatusBadge } from "./InvoiceStatusBadge";
import { IssueDialog } from "./NewDirectInvoice";
import { ApiError } from "../../../admin/api";
import { toast } from "sonner";
import { LoadError } from "../../../admin/components/LoadError";

const inputClass =
  "mt-1 block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900";
const labelClass = "block text-sm font-semibold text-slate-800";
const day = (date: string) => formatShortDate(date, { year: true });

type Kind = "all" | "invoices" | "credit-notes";
const kindQuery: Record<Kind, InvoiceListQuery["creditNotes"]> = {
  all: "1",
  invoices: "0",
  "credit-notes": "only",
};

interface Filters {
  status: string;
  kind: Kind;
  from: string;
  to: string;
  q: string;
}

const noFilters: Filters = { status: "", kind: "all", from: "", to: "", q: "" };

function queryOf(f: Filters, page: number): InvoiceListQuery {
  return {
    creditNotes: kindQuery[f.kind],
    ...(f.status ? { status: f.status as InvoiceListQuery["status"] } : {}),
    ...(f.from ? { from: f.from } : {}),
    ...(f.to ? { to: f.to } : {}),
    ...(f.q.trim() ? { q: f.q.trim() } : {}),
    ...(page > 1 ? { page: String(page) } : {}),
  };
}

function Row({ row: r, onOpen }: { row: InvoiceRow; onOpen: (id: number) => void }) {
  const credit = r.kind === "credit_note";
  const label = r.number ?? "Draft";
  return (
    <li className="grid gap-1 p-4 sm:grid-cols-[1fr_auto] sm:items-center sm:gap-4" data-testid="invoice-row">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          {r.submissionId !== null ? (
            <a
              href={`/admin/requests/${r.submissionId}`}
              className="inline-flex min-h-11 items-center font-mono font-semibold text-brand-700 underline underline-offset-2"
            >
              {label}
            </a>
          ) : (
            // A direct invoice has no request to open: its own dialog (PDF, issue, e-mail it).
            <button
              type="button"
              onClick={() => onOpen(r.id)}
              className="inline-flex min-h-11 items-center font-mono font-semibold text-brand-700 underline underline-offset-2"
            >
              {label}
            </button>
          )}
          <span className="text-sm text-slate-700">{invoiceKindLabels[r.kind]}</span>
          {credit ? null : <InvoiceStatusBadge invoice={r} />}
        </p>
        <p className="break-words text-slate-900">{r.customerName}</p>
        <p className="text-sm text-slate-700">
          {r.issuedOn ? `Issued ${day(r.issuedOn)}` : "Not issued yet"}
        </p>
      </div>
      <dl className="flex gap-6 text-right sm:justify-end">
        <div>
          <dt className="text-xs text-slate-600">{credit ? "Credited" : "Total"}</dt>
          <dd className="font-semibold text-slate-900 tabular-nums">{formatMoney(r.totalPence)}</dd>
        </div>
        {credit ? null : (
          <div>
            <dt className="text-xs text-slate-600">Left to pay</dt>
            <dd className="font-semibold text-slate-900 tabular-nums">{formatMoney(r.balancePence)}</dd>
          </div>
        )}
      </dl>
    </li>
  );
}

function FilterForm({ initial, onApply }: { initial: Filters; onApply: (f: Filters) => void }) {
  const id = useId();
  const [f, setF] = useState(initial);
  return (
    <form
      role="search"
      aria-label="Filter invoices and credit notes"
      className="mt-4 grid gap-3 rounded-card border border-slate-200 bg-white p-4 shadow-card sm:grid-cols-2 lg:grid-cols-5"
      onSubmit={(e) => {
        e.preventDefault();
        onApply(f);
      }}
    >
      <div className="sm:col-span-2 lg:col-span-1">
        <label htmlFor={`${id}-q`} className={labelClass}>
          Number or name
        </label>
        <input
          id={`${id}-q`}
          type="search"
          className={inputClass}
          value={f.q}
          maxLength={100}
          onChange={(e) => setF({ ...f, q: e.target.value })}
        />
      </div>
      <div>
        <label htmlFor={`${id}-kind`} className={labelClass}>
          Kind
        </label>
        <select
          id={`${id}-kind`}
          className={inputClass}
          value={f.kind}
          onChange={(e) => setF({ ...f, kind: e.target.value as Kind })}
        >
          <option value="all">All kinds</option>
          <option value="invoices">Invoices only</option>
          <option value="credit-notes">Credit notes only</option>
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-status`} className={labelClass}>
          Status
        </label>
        <select
          id={`${id}-status`}
          className={inputClass}
          value={f.status}
          onChange={(e) => setF({ ...f, status: e.target.value })}
        >
          <option value="">Any status</option>
          <option value="open">Waiting for payment</option>
          <option value="overdue">Overdue</option>
          {invoiceStatuses.map((s) => (
            <option key={s} value={s}>
              {invoiceStatusLabels[s]}
            </option>
          ))}
        </select>
      </div>
      <div className="grid grid-cols-2 gap-2 sm:col-span-2 lg:col-span-2">
        <div>
          <label htmlFor={`${id}-from`} className={labelClass}>
            Issued from
          </label>
          <input
            id={`${id}-from`}
            type="date"
            className={inputClass}
            value={f.from}
            onChange={(e) => setF({ ...f, from: e.target.value })}
          />
        </div>
        <div>
          <label htmlFor={`${id}-to`} className={labelClass}>
            Issued to
          </label>
          <input
            id={`${id}-to`}
            type="date"
            className={inputClass}
            value={f.to}
            onChange={(e) => setF({ ...f, to: e.target.value })}
          />
        </div>
      </div>
      <div className="flex gap-2 sm:col-span-2 lg:col-span-5 lg:justify-end">
        <Button type="submit">
          <Search aria-hidden="true" className="size-4" />
          Show
        </Button>
        <Button
          variant="secondary"
          onClick={() => {
            setF(noFilters);
            onApply(noFilters);
          }}
        >
          Clear
        </Button>
      </div>
    </form>
  );
}

export function InvoiceListScreen() {
  const [filters, setFilters] = useState<Filters>(noFilters);
  const [page, setPage] = useState(1);
  const query = queryOf(filters, page);
  const list = useQuery({
    queryKey: [...keys.money, "list", query] as const,
    queryFn: () => invoicesApi.list(query),
    placeholderData: keepPreviousData,
  });
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const [opened, setOpened] = useState<AdminInvoice | null>(null);
  const open = (id: number) => {
    invoicesApi.get(id).then(setOpened, (err: unknown) => {
      if (err instanceof ApiError && err.status === 401) return;
      toast.error("The invoice could not be opened. Please try again.");
    });
  };

  return (
    <div>
      <a
        href="/admin/money"
        className="inline-flex min-h-11 items-center text-brand-700 underline underline-offset-2"
      >
        <ChevronLeft aria-hidden="true" className="size-4" />
        Money
      </a>
      <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">Invoices and credit notes</h1>
      <p className="mt-1 text-slate-700">Every invoice and credit note, kept for six years, newest first.</p>
      <FilterForm
        initial={filters}
        onApply={(f) => {
          setFilters(f);
          setPage(1);
        }}
      />
      {list.isPending ? <Spinner label="Loading the invoices…" className="py-4" /> : null}
      {list.isError ? (
        <LoadError
          className="mt-4"
          what="The invoices"
          message={list.error.message || undefined}
          onRetry={list.refetch}
          retrying={list.isFetching}
        />
      ) : null}
      {data ? (
        <p className="mt-4 text-sm text-slate-700" aria-live="polite" data-testid="invoice-list-count">
          {data.total === 0
            ? "Nothing matches these filters."
            : `${data.total} found${pages > 1 ? `, page ${data.page} of ${pages}` : ""}.`}
        </p>
      ) : null}
      {data && data.invoices.length > 0 ? (
        <ul
          aria-label="Invoices and credit notes"
          className="mt-2 divide-y divide-slate-200 rounded-card border border-slate-200 bg-white shadow-card"
        >
          {data.invoices.map((r) => (
            <Row key={r.id} row={r} onOpen={open} />
          ))}
        </ul>
      ) : null}
      {opened && data ? (
        <IssueDialog invoice={opened} settings={data.settings} onClose={() => setOpened(null)} />
      ) : null}
      {pages > 1 ? (
        <nav aria-label="Pages" className="mt-3 flex justify-between gap-2">
          <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            <ChevronLeft aria-hidden="true" className="size-4" />
            Newer
          </Button>
          <Button variant="secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Older
            <ChevronRight aria-hidden="true" className="size-4" />
          </Button>
        </nav>
      ) : null}
    </div>
  );
}
