/**
 * The owner's customers (/admin/customers; docs/decisions/038-customers.md): one row per person,
 * whoever they wrote or phoned as, latest activity first. The search box finds a name, a phone number
 * however it is written, an e-mail address or a postcode; the search is kept in the address (`?q=`),
 * so a reload or the back button shows the same list. Pages load as the owner asks for more.
 */
import { useInfiniteQuery } from "@tanstack/react-query";
import { useNavigate, useSearch } from "@tanstack/react-router";
import { Search } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { ApiError } from "../../../admin/api";
import type { CustomerSummary } from "./api";
import { formatDateOnly } from "../../../admin/format";
import { customersQuery } from "../../../admin/query";
import { AdminTable, Spinner, buttonClass, type AdminColumn } from "../../../admin/components/ui";
import { LoadError } from "../../../admin/components/LoadError";

const columns: readonly AdminColumn[] = [
  { label: "Name", className: "px-3 py-3" },
  { label: "Phone", className: "hidden px-3 py-3 md:table-cell" },
  { label: "Email", className: "hidden px-3 py-3 lg:table-cell" },
  { label: "Postcode", className: "hidden px-3 py-3 sm:table-cell" },
  { label: "Jobs", className: "px-3 py-3 text-right" },
  { label: "Last activity", className: "hidden px-3 py-3 sm:table-cell" },
];

const jobsText = (n: number) => (n === 1 ? "1 job" : `${n} jobs`);

export function CustomersScreen() {
  const search = useSearch({ strict: false }) as { q?: string };
  const q = search.q ?? "";
  const navigate = useNavigate();
  const list = useInfiniteQuery(customersQuery(q));
  const rows = list.data?.pages.flatMap((p) => p.customers) ?? [];
  const setQ = (next: string) =>
    void navigate({ to: "/admin/customers", search: next.trim() ? { q: next.trim() } : {}, replace: true });

  return (
    <div>
      <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">Customers</h1>
      <p className="mt-1 text-slate-600">
        Everyone who has asked for work, with their jobs together, however they got in touch.
      </p>
      <SearchBox q={q} onSearch={setQ} />

      <div className="mt-6" aria-live="polite">
        {list.isPending ? (
          <Spinner label="Loading customers…" />
        ) : list.isError ? (
          <LoadError
            what="The customers"
            message={
              list.error instanceof ApiError && list.error.status === 400 ? list.error.message : undefined
            }
            onRetry={list.refetch}
            retrying={list.isFetching}
          />
        ) : rows.length === 0 ? (
          <p className="rounded-card border border-slate-200 bg-white p-6 text-slate-700 shadow-card">
            {q
              ? `No customer matches “${q}”.`
              : "No customers yet: they appear here with their first request."}
          </p>
        ) : (
          <>
            <AdminTable caption={q ? `Customers matching ${q}` : "Customers"} columns={columns}>
              {rows.map((c) => (
                <CustomerRow key={c.id} c={c} />
              ))}
            </AdminTable>
            {list.hasNextPage ? (
              <div className="mt-4 flex justify-center">
                <button
                  type="button"
                  className={buttonClass("secondary")}
                  disabled={list.isFetchingNextPage}
                  onClick={() => void list.fetchNextPage()}
                >
                  {list.isFetchingNextPage ? "Loading…" : "Load more"}
                </button>
              </div>
            ) : null}
          </>
        )}
      </div>
    </div>
  );
}

function CustomerRow({ c }: { c: CustomerSummary }) {
  return (
    <tr data-testid="customer-row" className="align-top hover:bg-slate-50">
      <td className="max-w-0 px-3 py-3 sm:max-w-none">
        <a
          href={`/admin/customers/${c.id}`}
          className="font-semibold break-words text-brand-800 underline-offset-2 hover:underline"
        >
          {c.name}
        </a>
        {/* Below sm the other columns are hidden: their essentials go under the name. */}
        <span className="mt-1 flex flex-wrap gap-x-2 text-xs text-slate-600 md:hidden">
          {c.phone ? <span className="whitespace-nowrap">{c.phone}</span> : null}
          {c.postcode ? <span className="whitespace-nowrap sm:hidden">{c.postcode}</span> : null}
        </span>
        <span className="mt-0.5 block text-xs break-all text-slate-600 lg:hidden">{c.email}</span>
        <span className="mt-0.5 block text-xs text-slate-600 sm:hidden">
          Last activity {formatDateOnly(c.lastActivityAt)}
        </span>
      </td>
      <td className="hidden px-3 py-3 whitespace-nowrap md:table-cell">
        {c.phone ? (
          <a
            className="inline-flex min-h-11 items-center text-brand-700 underline underline-offset-2"
            href={`tel:${c.phone.replace(/[^\d+]/g, "")}`}
          >
            {c.phone}
          </a>
        ) : (
          <span className="text-slate-600">None</span>
        )}
      </td>
      <td className="hidden px-3 py-3 break-all lg:table-cell">
        {c.email ?? <span className="text-slate-600">None</span>}
      </td>
      <td className="hidden px-3 py-3 whitespace-nowrap sm:table-cell">{c.postcode ?? ""}</td>
      <td className="px-3 py-3 text-right whitespace-nowrap tabular-nums">{jobsText(c.jobs)}</td>
      <td className="hidden px-3 py-3 whitespace-nowrap sm:table-cell">{formatDateOnly(c.lastActivityAt)}</td>
    </tr>
  );
}

function SearchBox({ q, onSearch }: { q: string; onSearch: (q: string) => void }) {
  const id = useId();
  const [text, setText] = useState(q);

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- mirrors the address into an editable field
    setText(q);
  }, [q]);

  // Search as the owner types, a moment after the last key.
  useEffect(() => {
    if (text.trim() === q) return;
    const timer = setTimeout(() => onSearch(text), 350);
    return () => clearTimeout(timer);
  }, [text, q, onSearch]);

  return (
    <form
      role="search"
      aria-label="Search customers"
      className="mt-6 flex gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(text);
      }}
    >
      <label htmlFor={`${id}-q`} className="sr-only">
        Search by name, phone, e-mail or postcode
      </label>
      <input
        id={`${id}-q`}
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        maxLength={200}
        placeholder="Name, phone, e-mail or postcode"
        className="min-h-11 w-full min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900"
      />
      <button type="submit" className={buttonClass("primary", "shrink-0")}>
        <Search aria-hidden="true" className="size-4" />
        <span className="sr-only sm:not-sr-only">Search</span>
      </button>
    </form>
  );
}
