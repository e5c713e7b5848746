/** Form submissions administration. */
import { ArrowLeft, Eye, Mail, MailOpen, Trash2 } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { toast } from "sonner";
import type { AdminSubmission } from "../../lib/contracts/admin";
import type { SubmissionFilter } from "../../lib/schemas/admin";
import { ApiError, adminApi } from "../api";
import { MailStatus, unreadRowBackground } from "./MailStatus";
import { formatDateOnly } from "../format";
import { takeOpenParam } from "../deep-link";
import { SubmissionDialog } from "./SubmissionDialog";
import { AdminTable, Badge, ConfirmDialog, IconButton, Spinner, buttonClass, type AdminColumn } from "./ui";

const columns: readonly AdminColumn[] = [
  { label: "Read status", className: "w-10 py-3 pr-1 pl-3 sm:px-3", hiddenLabel: true },
  { label: "Name", className: "px-2 py-3 sm:px-3" },
  { label: "Type", className: "hidden px-3 py-3 sm:table-cell" },
  { label: "Email", className: "hidden px-3 py-3 md:table-cell" },
  { label: "Phone", className: "hidden px-3 py-3 md:table-cell" },
  { label: "Date", className: "hidden px-3 py-3 sm:table-cell" },
  { label: "Actions", className: "py-3 pr-3 text-right sm:px-3" },
];

const filters: { value: SubmissionFilter; label: string }[] = [
  { value: "all", label: "All" },
  { value: "contact", label: "Contact Messages" },
  { value: "booking", label: "Booking Requests" },
];

type Load = { state: "loading" } | { state: "failed" } | { state: "ready"; items: AdminSubmission[] };

export function SubmissionsScreen() {
  const [filter, setFilter] = useState<SubmissionFilter>("all");
  const [load, setLoad] = useState<Load>({ state: "loading" });
  const [viewing, setViewing] = useState<AdminSubmission | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [toDelete, setToDelete] = useState<AdminSubmission | null>(null);
  const [deleting, setDeleting] = useState(false);

  const fetchList = useCallback(async (type: SubmissionFilter, showSpinner: boolean) => {
    if (showSpinner) setLoad({ state: "loading" });
    try {
      const items = await adminApi.submissions(type);
      setLoad({ state: "ready", items });
      // Keep an open dialog in step with the reloaded row; a link from the owner's e-mail opens one.
      const linked = takeOpenParam();
      setViewing((open) => (open ? (items.find((i) => i.id === open.id) ?? open) : null));
      if (linked !== null) setViewing(items.find((i) => i.id === linked) ?? null);
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return;
      console.error("Loading submissions failed", err);
      toast.error("Error", { description: "Failed to load submissions. Please try again." });
      setLoad({ state: "failed" });
    }
  }, []);

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- state is set after the awaited fetch
    void fetchList(filter, true);
  }, [filter, fetchList]);

  const setRead = async (s: AdminSubmission, isRead: boolean, quiet = false) => {
    setBusyId(s.id);
    try {
      const updated = await adminApi.setRead(s.id, isRead);
      setViewing((open) => (open?.id === updated.id ? updated : open));
      if (!quiet) {
        toast.success(isRead ? "Marked as read" : "Marked as unread", {
          description: `The submission has been marked as ${isRead ? "read" : "unread"}`,
        });
      }
      await fetchList(filter, false);
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return;
      console.error("Updating a submission failed", err);
      toast.error("Failed to update submission status.");
    } finally {
      setBusyId(null);
    }
  };

  const open = (s: AdminSubmission) => {
    setViewing(s);
    // Opening an unread one marks it read.
    if (!s.isRead) void setRead(s, true, true);
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    const id = toDelete.id;
    setDeleting(true);
    try {
      await adminApi.deleteSubmission(id);
      toast.success("Submission deleted", { description: "The submission has been successfully deleted." });
      setToDelete(null);
      setViewing((v) => (v?.id === id ? null : v));
      await fetchList(filter, false);
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 401)) {
        console.error("Deleting a submission failed", err);
        toast.error("Failed to delete submission.");
      }
    } finally {
      setDeleting(false);
    }
  };

  return (
    <div>
      <div className="flex flex-col-reverse gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">Form Submissions</h1>
          <p className="mt-1 text-slate-600">
            Manage and respond to customer inquiries and appointment requests
          </p>
        </div>
        <a href="/admin" className={buttonClass("secondary", "self-start")}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to Admin
        </a>
      </div>

      <div role="group" aria-label="Filter submissions" className="mt-6 flex flex-wrap gap-2">
        {filters.map((f) => (
          <button
            key={f.value}
            type="button"
            aria-pressed={filter === f.value}
            onClick={() => setFilter(f.value)}
            className={buttonClass(filter === f.value ? "primary" : "secondary", "min-h-10 py-1.5")}
          >
            {f.label}
          </button>
        ))}
      </div>

      <div className="mt-6">
        {load.state === "loading" ? (
          <Spinner label="Loading submissions..." />
        ) : load.state === "failed" ? (
          <div role="alert" className="rounded-card border border-red-200 bg-danger-50 p-6 text-center">
            <p className="font-medium text-danger-600">Failed to load submissions. Please try again.</p>
            <button
              type="button"
              className={buttonClass("primary", "mt-4")}
              onClick={() => void fetchList(filter, true)}
            >
              Try Again
            </button>
          </div>
        ) : load.items.length === 0 ? (
          <p className="rounded-card border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
            No form submissions found
          </p>
        ) : (
          <AdminTable caption="Form submissions, newest first" columns={columns}>
            {load.items.map((s) => (
              <tr
                key={s.id}
                data-testid={`submission-row-${s.id}`}
                data-read={s.isRead ? "true" : "false"}
                className={s.isRead ? "" : `${unreadRowBackground} font-semibold`}
              >
                <td className="py-3 pr-1 pl-3 sm:px-3">
                  {s.isRead ? (
                    <MailOpen role="img" aria-label="Read" className="size-5 text-slate-400" />
                  ) : (
                    <Mail role="img" aria-label="Unread" className="size-5 text-brand-700" />
                  )}
                </td>
                <td className="px-2 py-3 text-slate-900 sm:px-3">
                  {s.name}
                  <span className="mt-0.5 block">
                    <MailStatus status={s.mailStatus} />
                  </span>
                  <span className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs font-normal text-slate-600 sm:hidden">
                    {s.formType === "booking" ? (
                      <Badge tone="accent">Booking</Badge>
                    ) : (
                      <Badge tone="brand">Contact</Badge>
                    )}
                    {formatDateOnly(s.submittedAt)}
                  </span>
                </td>
                <td className="hidden px-3 py-3 sm:table-cell">
                  {s.formType === "booking" ? (
                    <Badge tone="accent">Booking</Badge>
                  ) : (
                    <Badge tone="brand">Contact</Badge>
                  )}
                </td>
                <td className="hidden px-3 py-3 font-normal break-all text-slate-700 md:table-cell">
                  {s.email}
                </td>
                <td className="hidden px-3 py-3 font-normal whitespace-nowrap text-slate-700 md:table-cell">
                  {s.phone}
                </td>
                <td className="hidden px-3 py-3 font-normal whitespace-nowrap text-slate-700 sm:table-cell">
                  {formatDateOnly(s.submittedAt)}
                </td>
                <td className="py-2 pr-2 sm:px-3">
                  <div className="flex justify-end gap-0.5 sm:gap-1">
                    <IconButton label={`View details for ${s.name}`} onClick={() => open(s)}>
                      <Eye aria-hidden="true" className="size-5" />
                    </IconButton>
                    <IconButton
                      label={s.isRead ? `Mark as unread: ${s.name}` : `Mark as read: ${s.name}`}
                      disabled={busyId === s.id}
                      onClick={() => void setRead(s, !s.isRead)}
                    >
                      {s.isRead ? (
                        <Mail aria-hidden="true" className="size-5" />
                      ) : (
                        <MailOpen aria-hidden="true" className="size-5" />
                      )}
                    </IconButton>
                    <IconButton
                      label={`Delete submission from ${s.name}`}
                      className="text-danger-600 hover:bg-danger-50"
                      disabled={busyId === s.id}
                      onClick={() => setToDelete(s)}
                    >
                      <Trash2 aria-hidden="true" className="size-5" />
                    </IconButton>
                  </div>
                </td>
              </tr>
            ))}
          </AdminTable>
        )}
      </div>

      <SubmissionDialog
        submission={viewing}
        busy={viewing !== null && busyId === viewing.id}
        onClose={() => setViewing(null)}
        onToggleRead={(s) => void setRead(s, !s.isRead)}
        onDelete={(s) => setToDelete(s)}
      />
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
