/**
 * Detail dialog for one request (opened by ./RequestRoute.tsx at /admin/requests/:id): who, where,
 * call/text/e-mail and the next thing to do first (./RequestSections.tsx), the rest in sections.
 */
import { Mail, MailOpen, Trash2 } from "lucide-react";
import type { AdminRequest } from "../contract/endpoints";
import { sourceLabels } from "../contract/states";
import { useServiceLabel } from "../../site-content/screens";
import { formatSubmittedAt } from "../../../admin/format";
import { MailStatus } from "../../../admin/components/MailStatus";
import { RequestWorkflowPanel } from "./RequestWorkflowPanel";
import { StateBadge } from "../../../admin/components/StateBadge";
import { RequestPhotos } from "../../photos/screens";
import { AdminDialog } from "../../../admin/components/dialogs";
import { Button, Spinner } from "../../../admin/components/ui";
import { nextAction, RequestHeadline, Section } from "./RequestSections";
import { useRequestPanels } from "./panels";
import { LoadError } from "../../../admin/components/LoadError";

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{label}</dt>
      <dd className="mt-0.5 break-words text-slate-900">{children}</dd>
    </div>
  );
}

export function RequestDialog({
  request,
  status,
  onClose,
  onRetry,
  onToggleRead,
  onDelete,
  busy,
}: {
  request: AdminRequest | null;
  status: "loading" | "missing" | "failed" | "ready";
  onClose: () => void;
  onRetry: () => void;
  onToggleRead: (s: AdminRequest) => void;
  onDelete: (s: AdminRequest) => void;
  busy: boolean;
}) {
  const serviceLabel = useServiceLabel();
  const { Visit, Quotes, Invoices, ReviewInvitation } = useRequestPanels();
  const s = request;
  const isBooking = s?.formType === "booking";
  const next = s ? nextAction(s).section : null;
  return (
    <AdminDialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={s ? (isBooking ? "Appointment Request" : "Contact Message") : "Request"}
      description={s ? `Submitted on ${formatSubmittedAt(s.submittedAt)}` : ""}
      wide
    >
      {status === "loading" ? <Spinner label="Loading the request…" /> : null}
      {status === "missing" ? (
        <p role="alert" className="rounded-lg bg-slate-50 p-4 text-slate-700">
          This request no longer exists. It may have been deleted.
        </p>
      ) : null}
      {status === "failed" ? <LoadError what="The request" onRetry={onRetry} /> : null}
      {s ? (
        <>
          <RequestHeadline s={s} />
          <Section requestId={s.id} id="job" title={isBooking ? "Job and photos" : "Message"} open>
            <p className="rounded-lg bg-slate-50 p-3 break-words whitespace-pre-wrap text-slate-900">
              {s.message}
            </p>
            <RequestPhotos key={s.id} requestId={s.id} />
          </Section>
          {isBooking ? (
            <Section requestId={s.id} id="visit" title="Visit" open>
              <Visit key={`appointment-${s.id}`} requestId={s.id} />
            </Section>
          ) : null}
          <Section requestId={s.id} id="quote" title="Quote" open>
            <Quotes key={`quotes-${s.id}`} request={s} />
          </Section>
          <Section requestId={s.id} id="invoices" title="Invoices and payments" open>
            <Invoices key={`invoices-${s.id}`} request={s} />
          </Section>
          <Section requestId={s.id} id="contact" title="Contact details">
            <dl className="grid gap-4 sm:grid-cols-2">
              <Field label="Reference">
                <span className="mr-2 font-mono">{s.reference}</span>
                <StateBadge state={s.state} />
              </Field>
              <Field label="Name">{s.name}</Field>
              <Field label="Phone">
                {s.phone ? (
                  <a
                    className="inline-flex min-h-11 items-center text-brand-700 underline underline-offset-2"
                    href={`tel:${s.phone.replace(/[^\d+]/g, "")}`}
                  >
                    {s.phone}
                  </a>
                ) : (
                  <span className="text-slate-600">Not given</span>
                )}
              </Field>
              <Field label="Email">
                {s.email ? (
                  <a
                    className="inline-flex min-h-11 items-center break-all text-brand-700 underline underline-offset-2"
                    href={`mailto:${s.email}`}
                  >
                    {s.email}
                  </a>
                ) : (
                  <span className="text-slate-600">None: nothing can be e-mailed to this customer</span>
                )}
              </Field>
              {s.source !== "web" ? <Field label="Added">By you, {sourceLabels[s.source].from}</Field> : null}
              {s.mailStatus ? (
                <Field label="Owner notified">
                  <MailStatus status={s.mailStatus} />
                </Field>
              ) : null}
              {isBooking ? (
                <>
                  <Field label="Address">{s.address?.trim() ? s.address : "Not provided"}</Field>
                  <Field label="Service Required">{serviceLabel(s.service)}</Field>
                </>
              ) : null}
            </dl>
          </Section>
          <Section
            requestId={s.id}
            id="progress"
            title="Progress, history and notes"
            open={next === "progress"}
          >
            <RequestWorkflowPanel key={s.id} request={s} />
          </Section>
          <Section requestId={s.id} id="review" title="Review invitation">
            <ReviewInvitation key={`invite-${s.id}`} request={s} />
          </Section>
          <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:justify-end">
            <Button
              variant="ghost"
              className="order-last text-danger-600 hover:bg-danger-50 sm:order-first sm:mr-auto"
              disabled={busy}
              onClick={() => onDelete(s)}
            >
              <Trash2 aria-hidden="true" className="size-4" />
              Delete
            </Button>
            <Button variant="secondary" disabled={busy} onClick={() => onToggleRead(s)}>
              {s.isRead ? (
                <Mail aria-hidden="true" className="size-4" />
              ) : (
                <MailOpen aria-hidden="true" className="size-4" />
              )}
              {s.isRead ? "Mark as Unread" : "Mark as Read"}
            </Button>
          </div>
        </>
      ) : null}
    </AdminDialog>
  );
}
