/**
 * Actions on the selected requests: mark read or unread, set a state, archive or restore, mark as
 * spam, delete. Every action asks once, naming how many requests it will change.
 */
import { LoaderCircle } from "lucide-react";
import { useId, useState } from "react";
import { requestStates, stateInfo, type RequestState } from "../contract/states";
import type { BulkAction } from "../contract/workflow";
import { AdminDialog } from "../../../admin/components/dialogs";
import { Button } from "../../../admin/components/ui";

const actions: { value: BulkAction; label: string }[] = [
  { value: "read", label: "Mark as read" },
  { value: "unread", label: "Mark as unread" },
  { value: "state", label: "Set state…" },
  { value: "archive", label: "Archive" },
  { value: "unarchive", label: "Restore to inbox" },
  { value: "spam", label: "Mark as spam" },
  { value: "delete", label: "Delete" },
];

const plural = (n: number) => `${n} ${n === 1 ? "request" : "requests"}`;

/** The question the confirmation asks, naming the count. */
export function bulkQuestion(action: BulkAction, count: number, state?: RequestState): string {
  const n = plural(count);
  switch (action) {
    case "read":
      return `Mark ${n} as read?`;
    case "unread":
      return `Mark ${n} as unread?`;
    case "state":
      return `Move ${n} to ${stateInfo[state ?? "contacted"].label}? Requests that cannot move there are left as they are.`;
    case "archive":
      return `Archive ${n}? They leave the inbox but are kept.`;
    case "unarchive":
      return `Restore ${n} to the inbox?`;
    case "spam":
      return `Mark ${n} as spam? Spam is hidden from the inbox and deleted after 30 days.`;
    case "delete":
      return `Delete ${n}, with their notes, history and e-mails? This cannot be undone.`;
  }
}

export function BulkBar({
  count,
  busy,
  onApply,
  onClear,
}: {
  count: number;
  busy: boolean;
  onApply: (action: BulkAction, state?: RequestState) => Promise<void>;
  onClear: () => void;
}) {
  const id = useId();
  const [action, setAction] = useState<BulkAction>("read");
  const [state, setState] = useState<RequestState>("contacted");
  const [confirming, setConfirming] = useState(false);

  return (
    <div
      role="region"
      aria-label="Selected requests"
      className="sticky bottom-0 z-10 mt-4 flex flex-wrap items-end gap-3 rounded-card border border-brand-200 bg-brand-50 p-3 shadow-card"
    >
      <p
        className="min-h-11 basis-full text-sm font-semibold text-brand-900 sm:basis-auto sm:self-center"
        aria-live="polite"
      >
        {plural(count)} selected
      </p>
      <div className="min-w-40 flex-1 sm:flex-none">
        <label htmlFor={`${id}-action`} className="block text-xs font-semibold text-slate-700">
          Action
        </label>
        <select
          id={`${id}-action`}
          value={action}
          onChange={(e) => setAction(e.target.value as BulkAction)}
          className="mt-1 block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
        >
          {actions.map((a) => (
            <option key={a.value} value={a.value}>
              {a.label}
            </option>
          ))}
        </select>
      </div>
      {action === "state" ? (
        <div className="min-w-36 flex-1 sm:flex-none">
          <label htmlFor={`${id}-state`} className="block text-xs font-semibold text-slate-700">
            New state
          </label>
          <select
            id={`${id}-state`}
            value={state}
            onChange={(e) => setState(e.target.value as RequestState)}
            className="mt-1 block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
          >
            {requestStates.map((s) => (
              <option key={s} value={s}>
                {stateInfo[s].label}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <Button disabled={busy} onClick={() => setConfirming(true)}>
        Apply to selected
      </Button>
      <Button variant="ghost" disabled={busy} onClick={onClear}>
        Clear selection
      </Button>

      <AdminDialog
        open={confirming}
        onOpenChange={(open) => {
          if (!open && !busy) setConfirming(false);
        }}
        title={`Change ${plural(count)}`}
        description={bulkQuestion(action, count, state)}
        role="alertdialog"
      >
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" disabled={busy} onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          <Button
            variant={action === "delete" ? "danger" : "primary"}
            disabled={busy}
            onClick={() => {
              void onApply(action, action === "state" ? state : undefined).finally(() =>
                setConfirming(false),
              );
            }}
          >
            {busy ? (
              <LoaderCircle aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
            ) : null}
            {action === "delete" ? `Delete ${plural(count)}` : `Yes, change ${plural(count)}`}
          </Button>
        </div>
      </AdminDialog>
    </div>
  );
}
