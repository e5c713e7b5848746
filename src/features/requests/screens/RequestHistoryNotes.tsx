/**
 * The request's history and the owner's private notes, inside its detail dialog
 * (./RequestWorkflowPanel.tsx). The history comes from the panel's query; the notes are kept in the
 * query cache, so an added, edited or removed note shows at once.
 */
import { Pencil, X } from "lucide-react";
import { useId, useState } from "react";
import { toast } from "sonner";
import { actorLabel, stateInfo } from "../contract/states";
import type { AdminHistoryEntry, AdminNote, AdminRequest } from "../contract/endpoints";
import { ApiError } from "../../../admin/api";
import { formatSubmittedAt } from "../../../admin/format";
import { keys, queryClient } from "../../../admin/query";
import { workflowApi } from "./api";
import { Button, IconButton } from "../../../admin/components/ui";

export const sectionTitle = "text-xs font-semibold tracking-wide text-slate-600 uppercase";
const textareaClass =
  "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900";

export function reportFailure(err: unknown, what: string) {
  if (err instanceof ApiError && err.status === 401) return;
  console.error(`${what} failed`, err);
  toast.error(
    err instanceof ApiError && err.status < 500 ? err.message : `${what} failed. Please try again.`,
  );
}

/** A history row's title: the state it moved to, or what the customer did without a state change. */
function historyLabel(h: AdminHistoryEntry): string {
  if (h.actor === "customer" && h.fromState === h.toState) {
    return h.note?.startsWith("Asked for another time") ? "Asked for another time" : "Message";
  }
  return stateInfo[h.toState].label;
}

export function RequestHistory({
  request: s,
  history,
  arrival,
}: {
  request: AdminRequest;
  history: AdminHistoryEntry[] | null;
  /** How the request arrived (the first row, from no state), shown as "Received". */
  arrival: AdminHistoryEntry | null;
}) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-history`}>
      <h3 id={`${id}-history`} className={sectionTitle}>
        History
      </h3>
      <ol className="mt-2 space-y-2 border-l-2 border-slate-200 pl-4 text-sm" data-testid="request-history">
        {arrival?.actor === "owner" ? (
          // A job the owner added by hand: its note says how ("Added by you, from a phone call").
          <li data-actor="owner">
            <span className="font-semibold text-slate-900">{arrival.note ?? "Added by you"}</span>{" "}
            <span className="text-slate-600">{formatSubmittedAt(s.submittedAt)}</span>
          </li>
        ) : (
          <li data-actor={arrival?.actor}>
            <span className="font-semibold text-slate-900">Received</span>{" "}
            <span className="text-slate-600">
              {arrival ? `from ${actorLabel[arrival.actor]}, ` : ""}
              {formatSubmittedAt(s.submittedAt)}
            </span>
            {arrival?.note ? <span className="block text-slate-800">“{arrival.note}”</span> : null}
          </li>
        )}
        {(history ?? [])
          .filter((h) => h !== arrival)
          .map((h) => (
            <li key={h.id} data-actor={h.actor}>
              {h.actor === "customer" ? (
                <span className="mr-1.5 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900">
                  From the customer
                </span>
              ) : null}
              <span className="font-semibold text-slate-900">{historyLabel(h)}</span>
              {h.fromState && h.fromState !== h.toState ? (
                <span className="text-slate-700"> (was {stateInfo[h.fromState].label})</span>
              ) : null}
              <span className="text-slate-600">
                {" "}
                by {actorLabel[h.actor]}, {formatSubmittedAt(h.changedAt)}
              </span>
              {h.note ? (
                <span className="mt-0.5 block break-words whitespace-pre-wrap text-slate-800">
                  “{h.note}”
                </span>
              ) : null}
            </li>
          ))}
      </ol>
    </section>
  );
}

export function RequestNotes({ requestId, notes }: { requestId: number; notes: AdminNote[] | null }) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [newNote, setNewNote] = useState("");
  const [editing, setEditing] = useState<{ id: number; body: string } | null>(null);
  const setNotes = (update: (list: AdminNote[] | undefined) => AdminNote[]) =>
    queryClient.setQueryData<AdminNote[]>(keys.notes(requestId), update);

  const addNote = async () => {
    if (!newNote.trim()) return;
    setBusy(true);
    try {
      const note = await workflowApi.addNote(requestId, newNote.trim());
      setNotes((list) => [...(list ?? []), note]);
      setNewNote("");
    } catch (err) {
      reportFailure(err, "Saving the note");
    } finally {
      setBusy(false);
    }
  };

  const saveEdit = async () => {
    if (!editing || !editing.body.trim()) return;
    setBusy(true);
    try {
      const note = await workflowApi.editNote(editing.id, editing.body.trim());
      setNotes((list) => (list ?? []).map((n) => (n.id === note.id ? note : n)));
      setEditing(null);
    } catch (err) {
      reportFailure(err, "Saving the note");
    } finally {
      setBusy(false);
    }
  };

  const removeNote = async (noteId: number) => {
    setBusy(true);
    try {
      await workflowApi.deleteNote(noteId);
      setNotes((list) => (list ?? []).filter((n) => n.id !== noteId));
    } catch (err) {
      reportFailure(err, "Removing the note");
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby={`${id}-notes`}>
      <h3 id={`${id}-notes`} className={sectionTitle}>
        Private notes
      </h3>
      <p className="mt-1 text-xs text-slate-600">Only you see these; the customer never does.</p>
      <ul className="mt-2 space-y-2" data-testid="request-notes">
        {(notes ?? []).map((n) =>
          editing?.id === n.id ? (
            <li key={n.id} className="rounded-lg bg-slate-50 p-3">
              <label htmlFor={`${id}-edit-${n.id}`} className="sr-only">
                Edit note
              </label>
              <textarea
                id={`${id}-edit-${n.id}`}
                rows={3}
                maxLength={2000}
                value={editing.body}
                onChange={(e) => setEditing({ id: n.id, body: e.target.value })}
                className={textareaClass}
              />
              <div className="mt-2 flex gap-2">
                <Button disabled={busy || !editing.body.trim()} onClick={() => void saveEdit()}>
                  Save changes
                </Button>
                <Button variant="ghost" disabled={busy} onClick={() => setEditing(null)}>
                  Cancel
                </Button>
              </div>
            </li>
          ) : (
            <li key={n.id} className="flex items-start gap-2 rounded-lg bg-slate-50 p-3">
              <div className="min-w-0 flex-1">
                <p className="text-sm break-words whitespace-pre-wrap text-slate-900">{n.body}</p>
                <p className="mt-1 text-xs text-slate-600">
                  {formatSubmittedAt(n.createdAt)}
                  {n.updatedAt !== n.createdAt ? `, edited ${formatSubmittedAt(n.updatedAt)}` : ""}
                </p>
              </div>
              <IconButton
                label="Edit note"
                disabled={busy}
                onClick={() => setEditing({ id: n.id, body: n.body })}
              >
                <Pencil aria-hidden="true" className="size-4" />
              </IconButton>
              <IconButton
                label="Remove note"
                className="text-danger-600 hover:bg-danger-50"
                disabled={busy}
                onClick={() => void removeNote(n.id)}
              >
                <X aria-hidden="true" className="size-4" />
              </IconButton>
            </li>
          ),
        )}
      </ul>
      <form
        className="mt-3"
        onSubmit={(e) => {
          e.preventDefault();
          void addNote();
        }}
      >
        <label htmlFor={`${id}-new-note`} className="block text-sm font-semibold text-slate-800">
          Add a note
        </label>
        <textarea
          id={`${id}-new-note`}
          rows={2}
          maxLength={2000}
          value={newNote}
          onChange={(e) => setNewNote(e.target.value)}
          className={textareaClass}
        />
        <Button type="submit" variant="secondary" className="mt-2" disabled={busy || !newNote.trim()}>
          Save note
        </Button>
      </form>
    </section>
  );
}
