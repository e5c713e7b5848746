/**
 * The inbox's search and filters: search box (name, e-mail, phone however typed, address,
 * message, reference), type, state, date range, archived, sort, and the CSV export of exactly
 * what the filters show. On a phone only the search box shows; the rest is behind one "Filters"
 * button (which counts the filters in force), so the list starts on the first screen.
 */
import { Download, Search, SlidersHorizontal, X } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { requestStates, stateInfo } from "../contract/states";
import type { InboxFilters } from "./api";
import { buttonClass } from "../../../admin/components/ui";

const types: { value: InboxFilters["type"]; label: string }[] = [
  { value: "all", label: "All" },
  { value: "contact", label: "Contact Messages" },
  { value: "booking", label: "Booking Requests" },
];

const fieldClass =
  "mt-1 block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900";
const labelClass = "block text-xs font-semibold tracking-wide text-slate-700 uppercase";

export function InboxToolbar({
  filters,
  onChange,
  exportHref,
}: {
  filters: InboxFilters;
  onChange: (next: InboxFilters) => void;
  exportHref: string;
}) {
  const id = useId();
  const [text, setText] = useState(filters.q);

  // Keep the box in step when the filters change from elsewhere (e.g. "Clear").
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- mirrors a prop into an editable field
    setText(filters.q);
  }, [filters.q]);

  // Search as the owner types, a moment after the last key.
  useEffect(() => {
    if (text === filters.q) return;
    const timer = setTimeout(() => onChange({ ...filters, q: text }), 350);
    return () => clearTimeout(timer);
  }, [text, filters, onChange]);

  const set = <K extends keyof InboxFilters>(key: K, value: InboxFilters[K]) =>
    onChange({ ...filters, [key]: value });
  const inForce = [
    filters.type !== "all",
    filters.state !== "",
    filters.from !== "" || filters.to !== "",
    filters.archived !== "false",
    filters.sort !== "newest",
  ].filter(Boolean).length;
  const filtered = filters.q !== "" || inForce > 0;
  const [shown, setShown] = useState(false);

  return (
    <div className="mt-6 space-y-4">
      <form
        role="search"
        aria-label="Search requests"
        className="flex gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          onChange({ ...filters, q: text });
        }}
      >
        <label htmlFor={`${id}-q`} className="sr-only">
          Search by name, e-mail, phone, address, message or reference
        </label>
        <input
          id={`${id}-q`}
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          maxLength={200}
          placeholder="Name, phone, e-mail, address or KB-000042"
          className="min-h-11 w-full min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900"
        />
        <button type="submit" className={buttonClass("primary", "shrink-0")}>
          <Search aria-hidden="true" className="size-4" />
          <span className="sr-only sm:not-sr-only">Search</span>
        </button>
        <button
          type="button"
          aria-expanded={shown}
          aria-controls={`${id}-filters`}
          onClick={() => setShown(!shown)}
          className={buttonClass("secondary", "shrink-0 md:hidden")}
        >
          <SlidersHorizontal aria-hidden="true" className="size-4" />
          Filters{inForce > 0 ? ` (${inForce})` : ""}
        </button>
      </form>

      <div id={`${id}-filters`} className={`space-y-4 ${shown ? "" : "hidden md:block"}`}>
        <div role="group" aria-label="Filter submissions" className="flex flex-wrap gap-2">
          {types.map((f) => (
            <button
              key={f.value}
              type="button"
              aria-pressed={filters.type === f.value}
              onClick={() => set("type", f.value)}
              className={buttonClass(filters.type === f.value ? "primary" : "secondary", "py-1.5")}
            >
              {f.label}
            </button>
          ))}
        </div>

        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
          <div className="col-span-2 sm:col-span-1">
            <label htmlFor={`${id}-state`} className={labelClass}>
              State
            </label>
            <select
              id={`${id}-state`}
              className={fieldClass}
              value={filters.state}
              onChange={(e) => set("state", e.target.value as InboxFilters["state"])}
            >
              <option value="">Any state</option>
              {requestStates.map((s) => (
                <option key={s} value={s}>
                  {stateInfo[s].label}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={`${id}-from`} className={labelClass}>
              From
            </label>
            <input
              id={`${id}-from`}
              type="date"
              className={fieldClass}
              value={filters.from}
              max={filters.to || undefined}
              onChange={(e) => set("from", e.target.value)}
            />
          </div>
          <div>
            <label htmlFor={`${id}-to`} className={labelClass}>
              To
            </label>
            <input
              id={`${id}-to`}
              type="date"
              className={fieldClass}
              value={filters.to}
              min={filters.from || undefined}
              onChange={(e) => set("to", e.target.value)}
            />
          </div>
          <div>
            <label htmlFor={`${id}-archived`} className={labelClass}>
              Show
            </label>
            <select
              id={`${id}-archived`}
              className={fieldClass}
              value={filters.archived}
              onChange={(e) => set("archived", e.target.value as InboxFilters["archived"])}
            >
              <option value="false">Inbox</option>
              <option value="true">Archived only</option>
              <option value="all">Inbox and archived</option>
            </select>
          </div>
          <div>
            <label htmlFor={`${id}-sort`} className={labelClass}>
              Order
            </label>
            <select
              id={`${id}-sort`}
              className={fieldClass}
              value={filters.sort}
              onChange={(e) => set("sort", e.target.value as InboxFilters["sort"])}
            >
              <option value="newest">Newest first</option>
              <option value="oldest">Oldest first</option>
            </select>
          </div>
          <div className="col-span-2 flex items-end gap-2 sm:col-span-1">
            <a href={exportHref} download className={buttonClass("secondary", "w-full")}>
              <Download aria-hidden="true" className="size-4" />
              Export CSV
            </a>
          </div>
        </div>
      </div>
      {filtered ? (
        <button
          type="button"
          className="inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-brand-700 underline underline-offset-2"
          onClick={() => onChange({ ...filters, q: "", state: "", from: "", to: "", archived: "false" })}
        >
          <X aria-hidden="true" className="size-4" />
          Clear search and filters
        </button>
      ) : null}
    </div>
  );
}
