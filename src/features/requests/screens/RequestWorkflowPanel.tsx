/**
 * Inside a request's detail dialog: where it stands (state, with a change control and an optional
 * note), archive, the history of every change (what the customer did on their page marked as
 * theirs), the links to the customer's page that went out, and the owner's private notes (never
 * shown to the customer).
 */
import { Archive, ArchiveRestore, Pencil, X } from "lucide-react";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { toast } from "sonner";
import {
  actorLabel,
  nextStates,
  stateInfo,
  type CloseVisitChoice,
  type RequestState,
} from "../contract/states";
import type { AdminRequest } from "../contract/endpoints";
import type { AdminHistoryEntry, AdminNote, AdminSentLink } from "../contract/endpoints";
import { ApiError } from "../../../admin/api";
import { formatSubmittedAt } from "../../../admin/format";
import { keys, queries, queryClient, requestChanged } from "../../../admin/query";
import { workflowApi } from "./api";
import { StateBadge } from "../../../admin/components/StateBadge";
import { ConfirmDialog } from "../../../admin/components/dialogs";
import { Button, IconButton } from "../../../admin/components/ui";

const sectionTitle = "text-xs font-semibold tracking-wide text-slate-600 uppercase";
const textareaClass =
  "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900";

/** A history row's title: the state it moved to, or what the customer did without a state change. */
function historyLabel(h: AdminHistoryEntry): string {
  if (h.actor === "customer" && h.fromState === h.toState) {
    return h.note?.startsWith("Asked for another time") ? "Asked for another time" : "Message";
  }
  return stateInfo[h.toState].label;
}

function reportFailure(err: unknown, what: string) {
  if (err instanceof ApiError && err.status === 401) return;
  console.error(`${what} failed`, err);
  toast.error(
    err instanceof ApiError && err.status < 500 ? err.message : `${what} failed. Please try again.`,
  );
}

export function RequestWorkflowPanel({ request }: { request: AdminRequest }) {
  const id = useId();
  const s = request;
  const options = nextStates(s.state);
  const [target, setTarget] = useState<RequestState | "">("");
  const [note, setNote] = useState("");
  const [busy, setBusy] = useState(false);
  // From the cache: any action on this request (here, in the appointment panel, a bulk action)
  // fetches them again, so the history shows every change as soon as it is made.
  const historyQuery = useQuery(queries.history(s.id));
  const notesQuery = useQuery(queries.notes(s.id));
  const history = historyQuery.data?.history ?? null;
  /** How the request arrived (the first row, from no state), shown as "Received". */
  const arrival = history?.find((h) => h.fromState === null) ?? null;
  const links: AdminSentLink[] = historyQuery.data?.links ?? [];
  const notes: AdminNote[] | null = notesQuery.data ?? null;
  const loadError = historyQuery.error ?? notesQuery.error;
  useEffect(() => {
    if (loadError) reportFailure(loadError, "Loading the history and notes");
  }, [loadError]);
  const setNotes = (update: (list: AdminNote[] | undefined) => AdminNote[]) =>
    queryClient.setQueryData<AdminNote[]>(keys.notes(s.id), update);
  const [confirmRevoke, setConfirmRevoke] = useState(false);
  const [newNote, setNewNote] = useState("");
  const [editing, setEditing] = useState<{ id: number; body: string } | null>(null);

  /** The server's refusal to mark done while the visit is ahead, until the owner chooses. */
  const [visitAhead, setVisitAhead] = useState<string | null>(null);

  const changeState = async (visit?: CloseVisitChoice) => {
    if (!target) return;
    setBusy(true);
    try {
      const updated = await workflowApi.update(s.id, {
        state: target,
        ...(note.trim() ? { note: note.trim() } : {}),
        ...(visit ? { visit } : {}),
      });
      toast.success(`Moved to ${stateInfo[updated.state].label}`);
      setTarget("");
      setNote("");
      setVisitAhead(null);
      await requestChanged(s.id, updated);
    } catch (err) {
      if (err instanceof ApiError && err.code === "visit_ahead") {
        setVisitAhead(err.message);
        return;
      }
      reportFailure(err, "Changing the state");
    } finally {
      setBusy(false);
    }
  };

  const toggleArchive = async () => {
    setBusy(true);
    try {
      const updated = await workflowApi.update(s.id, { archived: s.archivedAt === null });
      toast.success(updated.archivedAt ? "Archived" : "Restored to the inbox");
      await requestChanged(s.id, updated);
    } catch (err) {
      reportFailure(err, "Archiving");
    } finally {
      setBusy(false);
    }
  };

  const revokeLinks = async () => {
    setBusy(true);
    try {
      const result = await workflowApi.revokeLinks(s.id);
      queryClient.setQueryData<{ history: AdminHistoryEntry[]; links: AdminSentLink[] }>(
        keys.history(s.id),
        (data) => (data ? { ...data, links: result.links } : data),
      );
      setConfirmRevoke(false);
      toast.success(result.revoked === 1 ? "1 link revoked" : `${result.revoked} links revoked`);
    } catch (err) {
      reportFailure(err, "Revoking the links");
    } finally {
      setBusy(false);
    }
  };

  const addNote = async () => {
    if (!newNote.trim()) return;
    setBusy(true);
    try {
      const note = await workflowApi.addNote(s.id, newNote.trim());
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
    <div className="mt-6 space-y-6 border-t border-slate-200 pt-5">
      <section aria-labelledby={`${id}-progress`}>
        <h3 id={`${id}-progress`} className={sectionTitle}>
          Progress
        </h3>
        <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-700">
          <StateBadge state={s.state} />
          <span>{stateInfo[s.state].meaning}</span>
        </p>
        {s.archivedAt ? (
          <p className="mt-1 text-sm text-slate-700">Archived on {formatSubmittedAt(s.archivedAt)}.</p>
        ) : null}
        {options.length > 0 ? (
          <form
            className="mt-3 grid gap-3 sm:grid-cols-[minmax(0,12rem)_1fr]"
            onSubmit={(e) => {
              e.preventDefault();
              void changeState();
            }}
          >
            <div>
              <label htmlFor={`${id}-target`} className="block text-sm font-semibold text-slate-800">
                Move to
              </label>
              <select
                id={`${id}-target`}
                value={target}
                onChange={(e) => {
                  setTarget(e.target.value as RequestState | "");
                  setVisitAhead(null);
                }}
                className="mt-1 block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
              >
                <option value="">Choose…</option>
                {options.map((o) => (
                  <option key={o} value={o}>
                    {stateInfo[o].label}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor={`${id}-note`} className="block text-sm font-semibold text-slate-800">
                Note for the history (optional)
              </label>
              <input
                id={`${id}-note`}
                value={note}
                maxLength={1000}
                onChange={(e) => setNote(e.target.value)}
                className="mt-1 block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
              />
            </div>
            {visitAhead ? (
              <div
                role="alert"
                data-testid="visit-ahead"
                className="rounded-lg border border-accent-100 bg-accent-50 p-3 text-sm text-slate-800 sm:col-span-2"
              >
                <p>{visitAhead}</p>
                <div className="mt-2 flex flex-wrap gap-2">
                  <Button variant="success" disabled={busy} onClick={() => void changeState("complete")}>
                    Complete the visit and mark done
                  </Button>
                  <Button variant="secondary" disabled={busy} onClick={() => void changeState("cancel")}>
                    Cancel the visit (the customer is told) and mark done
                  </Button>
                </div>
              </div>
            ) : null}
            <div className="flex flex-wrap gap-3 sm:col-span-2">
              <Button type="submit" disabled={busy || !target}>
                Update state
              </Button>
              <Button variant="secondary" disabled={busy} onClick={() => void toggleArchive()}>
                {s.archivedAt ? (
                  <ArchiveRestore aria-hidden="true" className="size-4" />
                ) : (
                  <Archive aria-hidden="true" className="size-4" />
                )}
                {s.archivedAt ? "Restore to inbox" : "Archive"}
              </Button>
            </div>
          </form>
        ) : null}
      </section>

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

      {links.length > 0 ? (
        <section aria-labelledby={`${id}-links`}>
          <h3 id={`${id}-links`} className={sectionTitle}>
            Links to the customer&rsquo;s page
          </h3>
          <p className="mt-1 text-xs text-slate-600">
            Each e-mail to the customer carries its own private link; only a scrambled copy is kept, so the
            link itself cannot be shown.
          </p>
          <ul className="mt-2 space-y-1 text-sm" data-testid="request-links">
            {links.map((l) => (
              <li key={l.id}>
                <span className="text-slate-900">&ldquo;{l.mailSubject ?? "E-mail deleted"}&rdquo;</span>{" "}
                <span className="text-slate-600">
                  {l.mailSentAt
                    ? `sent ${formatSubmittedAt(l.mailSentAt)}`
                    : l.mailStatus === "failed"
                      ? "not delivered"
                      : `waiting to send since ${formatSubmittedAt(l.createdAt)}`}
                  {l.revokedAt ? `, revoked ${formatSubmittedAt(l.revokedAt)}` : ""}
                </span>
              </li>
            ))}
          </ul>
          {links.some((l) => !l.revokedAt) ? (
            <Button
              variant="secondary"
              className="mt-2"
              disabled={busy}
              onClick={() => setConfirmRevoke(true)}
            >
              Revoke links
            </Button>
          ) : null}
          <ConfirmDialog
            open={confirmRevoke}
            onOpenChange={(open) => {
              if (!busy) setConfirmRevoke(open);
            }}
            title="Revoke links"
            message="Every link to this request's page stops working now, including any in forwarded e-mails. The customer can ask the site for a new link, which goes only to their e-mail address."
            confirmLabel="Revoke links"
            busy={busy}
            onConfirm={() => void revokeLinks()}
          />
        </section>
      ) : null}

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
    </div>
  );
}
