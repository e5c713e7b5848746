/**
 * Form submissions administration, extended into the
 * owner's inbox (docs/decisions/016-request-workflow.md): every request with its state, search and
 * filters kept in the page address, pages loaded as the owner asks for more, bulk actions on the
 * selected rows, and the CSV export of the current filter. A request opens at its own address
 * (/admin/requests/:id, ./RequestRoute.tsx) over the list, which stays as it was.
 */
import { useInfiniteQuery } from "@tanstack/react-query";
import { Link, Outlet, useNavigate, useSearch } from "@tanstack/react-router";
import { ArrowLeft, Plus } from "lucide-react";
import { useMemo, useState } from "react";
import { toast } from "sonner";
import type { RequestState } from "../contract/states";
import type { AdminRequest } from "../contract/endpoints";
import type { BulkAction } from "../contract/workflow";
import { ApiError } from "../../../admin/api";
import {
  inboxFilters,
  inboxQuery,
  requestChanged,
  requestReadChanged,
  requestRemoved,
} from "../../../admin/query";
import { filtersToQuery, workflowApi, type InboxFilters, requestApi } from "./api";
import { BulkBar } from "./BulkBar";
import { InboxToolbar } from "./InboxToolbar";
import { ConfirmDialog } from "../../../admin/components/dialogs";
import { AdminTable, Spinner, buttonClass, type AdminColumn } from "../../../admin/components/ui";
import { LoadError } from "../../../admin/components/LoadError";
import { InboxRow } from "./InboxRow";

const columns: readonly AdminColumn[] = [
  { label: "Select", className: "w-10 py-3 pr-0 pl-3 sm:px-3", hiddenLabel: true },
  { label: "Read status", className: "w-8 px-1 py-3 sm:px-3", hiddenLabel: true },
  { label: "Name", className: "px-2 py-3 sm:px-3" },
  { label: "State", className: "hidden px-3 py-3 sm:table-cell" },
  { label: "Type", className: "hidden px-3 py-3 lg:table-cell" },
  { label: "Email", className: "hidden px-3 py-3 xl:table-cell" },
  { label: "Phone", className: "hidden px-3 py-3 md:table-cell" },
  { label: "Date", className: "hidden px-3 py-3 sm:table-cell" },
  { label: "Actions", className: "py-3 pr-3 text-right sm:px-3" },
];

export function InboxScreen() {
  const search = useSearch({ from: "/inbox" });
  const navigate = useNavigate();
  const filters = useMemo(() => inboxFilters(search), [search]);
  const list = useInfiniteQuery(inboxQuery(filters));
  const [busyId, setBusyId] = useState<number | null>(null);
  const [toDelete, setToDelete] = useState<AdminRequest | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [bulkBusy, setBulkBusy] = useState(false);

  const changeFilters = (next: InboxFilters) => {
    setSelected(new Set());
    void navigate({ to: "/admin/submissions", search: filtersToQuery(next), replace: true });
  };

  const setRead = async (s: AdminRequest, isRead: boolean) => {
    setBusyId(s.id);
    try {
      await requestReadChanged(await requestApi.setRead(s.id, isRead));
      toast.success(isRead ? "Marked as read" : "Marked as unread", {
        description: `The submission has been marked as ${isRead ? "read" : "unread"}`,
      });
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return;
      console.error("Updating a submission failed", err);
      toast.error("Failed to update submission status.");
    } finally {
      setBusyId(null);
    }
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    const id = toDelete.id;
    setDeleting(true);
    try {
      await requestApi.deleteRequest(id);
      toast.success("Submission deleted", { description: "The submission has been successfully deleted." });
      setToDelete(null);
      setSelected((sel) => new Set([...sel].filter((x) => x !== id)));
      await requestRemoved(id);
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 401)) {
        console.error("Deleting a submission failed", err);
        // A request with issued invoices is kept: the server says why and what to do instead.
        if (err instanceof ApiError && err.status === 409)
          toast.error("Not deleted", { description: err.message });
        else toast.error("Failed to delete submission.");
      }
    } finally {
      setDeleting(false);
    }
  };

  const applyBulk = async (action: BulkAction, state?: RequestState) => {
    const ids = [...selected];
    setBulkBusy(true);
    try {
      const result = await workflowApi.bulk(ids, action, state ? { state } : {});
      const skipped = result.skipped.length;
      toast.success(
        `${result.changed.length} ${result.changed.length === 1 ? "request" : "requests"} changed`,
        {
          ...(skipped > 0
            ? { description: `${skipped} could not be moved to that state and were left as they were.` }
            : {}),
        },
      );
      setSelected(new Set());
      await Promise.all(ids.map((id) => requestChanged(id)));
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return;
      console.error("A bulk action failed", err);
      if (err instanceof ApiError && err.status === 409)
        toast.error("Nothing changed", { description: err.message });
      else toast.error("The change failed. Please try again.");
    } finally {
      setBulkBusy(false);
    }
  };

  const items = list.data?.pages.flatMap((p) => p.submissions) ?? [];
  const failed = list.isError && !(list.error instanceof ApiError && list.error.status === 401);
  const load = list.isPending
    ? ({ state: "loading" } as const)
    : failed || !list.data
      ? ({ state: "failed" } as const)
      : ({ state: "ready", items, nextCursor: list.hasNextPage ? "more" : null } as const);
  const loadMore = async () => {
    const result = await list.fetchNextPage();
    if (result.isFetchNextPageError) toast.error("Failed to load more. Please try again.");
  };
  const allSelected = items.length > 0 && items.every((i) => selected.has(i.id));
  const toggle = (id: number) =>
    setSelected((sel) => {
      const next = new Set(sel);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <div>
      {/* On a phone the heading and "New job" share one line, so the list starts near the top. */}
      <div className="flex items-center justify-between gap-3 sm:items-start">
        <div>
          <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">Form Submissions</h1>
          <p className="mt-1 hidden text-slate-600 sm:block">
            Manage and respond to customer inquiries and appointment requests
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <Link to="/admin/jobs/new" className={buttonClass("primary")}>
            <Plus aria-hidden="true" className="size-4" />
            New job
          </Link>
          <a href="/admin" className={buttonClass("secondary", "max-md:hidden")}>
            <ArrowLeft aria-hidden="true" className="size-4" />
            Back to Admin
          </a>
        </div>
      </div>

      <InboxToolbar filters={filters} onChange={changeFilters} exportHref={workflowApi.exportUrl(filters)} />

      <div className="mt-6">
        {load.state === "loading" ? (
          <Spinner label="Loading submissions..." />
        ) : load.state === "failed" ? (
          <LoadError
            what="The submissions"
            message="Failed to load submissions. Please try again."
            onRetry={list.refetch}
            retrying={list.isFetching}
          />
        ) : load.items.length === 0 ? (
          <p className="rounded-card border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
            No form submissions found
          </p>
        ) : (
          <>
            <div className="mb-2 flex min-h-11 items-center gap-2 pl-3 text-sm text-slate-700">
              <input
                id="select-every-row"
                type="checkbox"
                className="size-6"
                checked={allSelected}
                onChange={() => setSelected(allSelected ? new Set() : new Set(items.map((i) => i.id)))}
              />
              <label htmlFor="select-every-row" className="flex min-h-11 items-center">
                Select the {items.length} shown{load.nextCursor ? " (more below)" : ""}
              </label>
            </div>
            <AdminTable caption="Form submissions" columns={columns}>
              {load.items.map((s) => (
                <InboxRow
                  key={s.id}
                  s={s}
                  selected={selected.has(s.id)}
                  onToggle={() => toggle(s.id)}
                  busy={busyId === s.id}
                  onSetRead={(read) => void setRead(s, read)}
                  onDelete={() => setToDelete(s)}
                />
              ))}
            </AdminTable>
            {load.nextCursor ? (
              <div className="mt-4 text-center">
                <button
                  type="button"
                  className={buttonClass("secondary")}
                  disabled={list.isFetchingNextPage}
                  onClick={() => void loadMore()}
                >
                  {list.isFetchingNextPage ? "Loading…" : "Load more"}
                </button>
              </div>
            ) : null}
          </>
        )}
      </div>

      {selected.size > 0 ? (
        <BulkBar
          count={selected.size}
          busy={bulkBusy}
          onApply={applyBulk}
          onClear={() => setSelected(new Set())}
        />
      ) : null}

      <Outlet />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(o) => {
          if (!o && !deleting) setToDelete(null);
        }}
        title="Delete submission"
        message="Are you sure you want to delete this submission? This action cannot be undone."
        confirmLabel="Delete"
        busy={deleting}
        onConfirm={() => void confirmDelete()}
      />
    </div>
  );
}
