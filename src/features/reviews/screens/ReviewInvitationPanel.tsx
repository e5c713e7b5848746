/**
 * Inside a finished (`done`) request's dialog: send the customer a one-time review link by e-mail,
 * after reading the e-mail exactly as it will go, and see what became of the links sent
 * (docs/decisions/020-verified-reviews.md). Nothing shows, and nothing is fetched, for a request in
 * any other state.
 */
import { reviewsApi } from "./api";
import { useQuery } from "@tanstack/react-query";
import { MessageSquareText, Send } from "lucide-react";
import { useId, useState, type ReactNode } from "react";
import { toast } from "sonner";
import type { AdminRequest } from "../../requests/contract/endpoints";
import type { AdminInvitation } from "../contract/endpoints";
import { ApiError } from "../../../admin/api";
import { formatSubmittedAt } from "../../../admin/format";
import { keys, requestChanged } from "../../../admin/query";
import { AdminDialog } from "../../../admin/components/dialogs";
import { Button } from "../../../admin/components/ui";
import { CopyMessage, type TextLink } from "../../../admin/components/CopyMessage";

const mailLabel = { sent: "e-mail sent", pending: "e-mail queued", failed: "e-mail failed" } as const;

function describe(i: AdminInvitation, now: number): string {
  const sent = `Sent ${formatSubmittedAt(i.createdAt)}`;
  const mail = i.mailStatus ? ` (${mailLabel[i.mailStatus]})` : "";
  if (i.usedAt) return `${sent}${mail}: review received ${formatSubmittedAt(i.usedAt)}.`;
  if (Date.parse(i.expiresAt) <= now) return `${sent}${mail}: no longer works.`;
  return `${sent}${mail}: works until ${formatSubmittedAt(i.expiresAt)}.`;
}

type Preview = { to: string; subject: string; text: string };

function failure(err: unknown, what: string) {
  if (err instanceof ApiError && err.status === 401) return;
  toast.error(err instanceof ApiError && err.status < 500 ? err.message : `${what} failed.`);
}

export function ReviewInvitationPanel({ request }: { request: AdminRequest }) {
  const id = useId();
  const isDone = request.state === "done";
  // Only a finished request can have invitations sent, so only its dialog asks for them: every
  // other dialog opens with one call fewer (each call starts a function worker of its own).
  const query = useQuery({
    queryKey: keys.invitations(request.id),
    queryFn: async () => ({ list: await reviewsApi.invitations(request.id), loadedAt: Date.now() }),
    enabled: isDone && request.email !== null,
  });
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [textLink, setTextLink] = useState<TextLink | null>(null);

  const makeTextLink = async () => {
    setBusy(true);
    try {
      const { link } = await reviewsApi.sendInvitation(request.id);
      if (link) setTextLink(link);
    } catch (err) {
      failure(err, "Making the review link");
    } finally {
      setBusy(false);
    }
  };

  if (!isDone) return null;
  if (!request.email) {
    // A job taken by phone without an address: the owner texts the one-time link himself.
    return (
      <Frame requestId={request.id} titleId={`${id}-title`}>
        <p className="mt-2 text-sm text-slate-700">
          {request.name} has no e-mail address. Text them a one-time link to review the job; their review will
          show as from a verified customer. A new link stops any earlier one working.
        </p>
        {textLink ? (
          <CopyMessage link={textLink} />
        ) : (
          <Button className="mt-3" variant="secondary" disabled={busy} onClick={() => void makeTextLink()}>
            <MessageSquareText aria-hidden="true" className="size-4" />
            Make a review link to text
          </Button>
        )}
      </Frame>
    );
  }
  const invitations = query.data?.list ?? null;
  /** When the list was loaded: a link whose date has passed by then no longer works. */
  const now = query.data?.loadedAt ?? 0;
  const reviewed = invitations?.some((i) => i.testimonialId !== null) ?? false;

  const showPreview = async () => {
    setBusy(true);
    try {
      setPreview(await reviewsApi.previewInvitation(request.id));
    } catch (err) {
      failure(err, "Preparing the e-mail");
    } finally {
      setBusy(false);
    }
  };

  const send = async () => {
    setBusy(true);
    try {
      await reviewsApi.sendInvitation(request.id);
      toast.success("Review invitation sent");
      setPreview(null);
      await requestChanged(request.id);
    } catch (err) {
      failure(err, "Sending the invitation");
    } finally {
      setBusy(false);
    }
  };

  return (
    <Frame requestId={request.id} titleId={`${id}-title`}>
      {invitations && invitations.length > 0 ? (
        <ul className="mt-2 space-y-1 text-sm text-slate-700">
          {invitations.map((i) => (
            <li key={i.id}>{describe(i, now)}</li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-slate-700">
          The job is done. Send {request.name} a link to review it; their review will show as from a verified
          customer.
        </p>
      )}
      {!reviewed ? (
        <Button className="mt-3" variant="secondary" disabled={busy} onClick={() => void showPreview()}>
          <Send aria-hidden="true" className="size-4" />
          {invitations && invitations.length > 0 ? "Send a new review link" : "Send review invitation"}
        </Button>
      ) : null}

      <AdminDialog
        open={preview !== null}
        onOpenChange={(open) => {
          if (!open && !busy) setPreview(null);
        }}
        title="Review invitation e-mail"
        description="Read it before it goes: this is the e-mail the customer will get."
        wide
      >
        {preview ? (
          <>
            <dl className="grid gap-1 text-sm">
              <div className="flex gap-2">
                <dt className="font-semibold text-slate-700">To:</dt>
                <dd className="break-all text-slate-900">{preview.to}</dd>
              </div>
              <div className="flex gap-2">
                <dt className="font-semibold text-slate-700">Subject:</dt>
                <dd className="text-slate-900">{preview.subject}</dd>
              </div>
            </dl>
            <pre
              className="mt-3 max-h-[50vh] overflow-y-auto rounded-lg bg-slate-50 p-3 font-sans text-sm break-words whitespace-pre-wrap text-slate-900"
              data-testid="invitation-preview"
            >
              {preview.text}
            </pre>
            <p className="mt-2 text-xs text-slate-600">
              The link is made when you send the e-mail and works once. The review form suggests the first
              name and the surname&rsquo;s initial; the customer can change them.
            </p>
            <div className="mt-4 flex flex-wrap justify-end gap-3">
              <Button variant="secondary" disabled={busy} onClick={() => setPreview(null)}>
                Cancel
              </Button>
              <Button disabled={busy} onClick={() => void send()}>
                <Send aria-hidden="true" className="size-4" />
                Send this e-mail
              </Button>
            </div>
          </>
        ) : null}
      </AdminDialog>
    </Frame>
  );
}

/** The panel's section and heading, the same whether or not a link can be sent. */
function Frame({
  requestId,
  titleId,
  children,
}: {
  requestId: number;
  titleId: string;
  children: ReactNode;
}) {
  return (
    <section
      id={`review-invitation-${requestId}`}
      aria-labelledby={titleId}
      className="mt-6 scroll-mt-4 border-t border-slate-200 pt-5"
    >
      <h3 id={titleId} className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
        Review invitation
      </h3>
      {children}
    </section>
  );
}
