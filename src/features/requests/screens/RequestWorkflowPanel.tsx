/**
 * Inside a request's detail dialog: where it stands (state, with a change control and an optional
 * note), archive, the history of every change (what the customer did on their page marked as
 * theirs), the links to the customer's page that went out, and the owner's private notes (never
 * shown to the customer).
 */
import { Archive, ArchiveRestore } from "lucide-react";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { toast } from "sonner";
import { nextStates, stateInfo, type CloseVisitChoice, type RequestState } from "../contract/states";
import type { AdminRequest } from "../contract/endpoints";
import type { AdminHistoryEntry, AdminNote, AdminSentLink } from "../contract/endpoints";
import { ApiError } from "../../../admin/api";
import { formatSubmittedAt } from "../../../admin/format";
import { keys, queries, queryClient, requestChanged } from "../../../admin/query";
import { workflowApi } from "./api";
import { StateBadge } from "../../../admin/components/StateBadge";
import { ConfirmDialog } from "../../../admin/components/dialogs";
import { Button } from "../../../admin/components/ui";

import { RequestHistory, RequestNotes, reportFailure, sectionTitle } from "./RequestHistoryNotes";

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
  const [confirmRevoke, setConfirmRevoke] = useState(false);

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

      <RequestHistory request={s} history={history} arrival={arrival} />

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

      <RequestNotes requestId={s.id} notes={notes} />
    </div>
  );
}
