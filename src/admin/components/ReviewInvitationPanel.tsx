/**
 * Inside a finished (`done`) request's dialog: send the customer a one-time review link by e-mail,
 * and see what became of the links sent (docs/decisions/020-verified-reviews.md). Nothing shows, and
 * nothing is fetched, for a request in any other state.
 */
import { Send } from "lucide-react";
import { useCallback, useEffect, useId, useState } from "react";
import { toast } from "sonner";
import type { AdminSubmission } from "../../lib/contracts/admin";
import type { AdminInvitation } from "../../features/reviews/contract/endpoints";
import { ApiError, adminApi } from "../api";
import { formatSubmittedAt } from "../format";
import { Button } from "./ui";

const mailLabel = { sent: "e-mail sent", pending: "e-mail queued", failed: "e-mail failed" } as const;

function describe(i: AdminInvitation, now: number): string {
  const sent = `Sent ${formatSubmittedAt(i.createdAt)}`;
  const mail = i.mailStatus ? ` (${mailLabel[i.mailStatus]})` : "";
  if (i.usedAt) return `${sent}${mail}: review received ${formatSubmittedAt(i.usedAt)}.`;
  if (Date.parse(i.expiresAt) <= now) return `${sent}${mail}: no longer works.`;
  return `${sent}${mail}: works until ${formatSubmittedAt(i.expiresAt)}.`;
}

export function ReviewInvitationPanel({ submission }: { submission: AdminSubmission }) {
  const id = useId();
  const [invitations, setInvitations] = useState<AdminInvitation[] | null>(null);
  /** When the list was loaded: a link whose date has passed by then no longer works. */
  const [loadedAt, setLoadedAt] = useState(0);
  const [busy, setBusy] = useState(false);
  const isDone = submission.state === "done";

  const load = useCallback(async () => {
    try {
      const list = await adminApi.invitations(submission.id);
      setLoadedAt(Date.now());
      setInvitations(list);
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 401)) console.error("Loading invitations failed", err);
    }
  }, [submission.id]);

  // Only a finished request can have invitations sent, so only its dialog asks for them: every
  // other dialog opens with one call fewer (each call starts a function worker of its own).
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- state is set after the awaited fetch
    if (isDone) void load();
  }, [load, isDone]);

  if (!isDone) return null;
  const reviewed = invitations?.some((i) => i.testimonialId !== null) ?? false;

  const send = async () => {
    setBusy(true);
    try {
      await adminApi.sendInvitation(submission.id);
      toast.success("Review invitation sent");
      await load();
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return;
      toast.error(
        err instanceof ApiError && err.status < 500 ? err.message : "Sending the invitation failed.",
      );
    } finally {
      setBusy(false);
    }
  };

  const now = loadedAt;
  return (
    <section aria-labelledby={`${id}-title`} className="mt-6 border-t border-slate-200 pt-5">
      <h3 id={`${id}-title`} className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
        Review invitation
      </h3>
      {invitations && invitations.length > 0 ? (
        <ul className="mt-2 space-y-1 text-sm text-slate-700">
          {invitations.map((i) => (
            <li key={i.id}>{describe(i, now)}</li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-slate-700">
          The job is done. Send {submission.name} a link to review it; their review will show as from a
          verified customer.
        </p>
      )}
      {isDone && !reviewed ? (
        <Button className="mt-3" variant="secondary" disabled={busy} onClick={() => void send()}>
          <Send aria-hidden="true" className="size-4" />
          {invitations && invitations.length > 0 ? "Send a new review link" : "Send review invitation"}
        </Button>
      ) : null}
    </section>
  );
}
