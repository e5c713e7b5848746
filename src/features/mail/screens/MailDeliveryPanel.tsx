/**
 * Dashboard panel for e-mail delivery: shows messages the site gave up sending after a
 * day of retries, with a retry action, and says plainly when no mail server is configured.
 */
import { mailApi } from "./api";
import { MailX, RefreshCw } from "lucide-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import type { MailSummary } from "../contract/endpoints";

import { formatSubmittedAt } from "../../../admin/format";
import { Button } from "../../../admin/components/ui";
import { keys, queries, queryClient } from "../../../admin/query";
import { LoadError } from "../../../admin/components/LoadError";

export function MailDeliveryPanel({ mail, onChanged }: { mail: MailSummary; onChanged: () => void }) {
  // The list is asked for only when the counts say some e-mails failed.
  const query = useQuery({ ...queries.failedMail(), enabled: mail.failed > 0 });
  const failed = query.data ?? null;
  const loadError = query.isError && !query.isFetching;
  const [retrying, setRetrying] = useState(false);

  if (mail.failed === 0 && mail.smtpConfigured) return null;

  if (mail.failed === 0) {
    return (
      <p
        className="mt-6 rounded-lg bg-slate-100 px-4 py-3 text-sm text-slate-700"
        data-testid="mail-not-configured"
      >
        E-mail is not configured (no SMTP_URL): {mail.pending} notification{mail.pending === 1 ? "" : "s"}{" "}
        waiting in the outbox. Run <code>npm run mail:outbox</code> to read them.
      </p>
    );
  }

  const retry = async () => {
    setRetrying(true);
    try {
      const result = await mailApi.retryMail();
      toast.success("E-mails queued again", {
        description:
          result.sent > 0
            ? `${result.sent} of ${result.queued} sent now; the rest will be retried automatically.`
            : `${result.queued} will be retried in the next few minutes.`,
      });
      onChanged();
      await queryClient.invalidateQueries({ queryKey: keys.failedMail });
    } catch (err) {
      console.error("Retrying e-mails failed", err);
      toast.error("Error", { description: "Failed to retry the e-mails. Please try again." });
    } finally {
      setRetrying(false);
    }
  };

  return (
    <section
      aria-labelledby="mail-failed-heading"
      className="mt-6 rounded-card border border-red-200 bg-danger-50 p-5"
      data-testid="mail-failed"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex gap-3">
          <MailX aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-danger-600" />
          <div>
            <h2 id="mail-failed-heading" className="font-bold text-danger-600">
              {mail.failed} e-mail{mail.failed === 1 ? "" : "s"} could not be sent
            </h2>
            <p className="mt-1 text-sm text-slate-700">
              The requests themselves are safe in Form Submissions; only the e-mail about them did not go out
              after a day of retries.
            </p>
          </div>
        </div>
        <Button variant="secondary" disabled={retrying} onClick={() => void retry()}>
          <RefreshCw aria-hidden="true" className="size-4" />
          {retrying ? "Retrying..." : "Retry sending"}
        </Button>
      </div>
      {loadError ? (
        <LoadError
          compact
          className="mt-3"
          what="The list of e-mails"
          onRetry={query.refetch}
          retrying={query.isFetching}
        />
      ) : failed && failed.length > 0 ? (
        <ul className="mt-4 divide-y divide-red-100 text-sm">
          {failed.map((f) => (
            <li key={f.id} className="py-2">
              <span className="block font-medium break-words text-slate-900">{f.subject}</span>
              <span className="block text-slate-600">
                To {f.toAddress} · {formatSubmittedAt(f.createdAt)} · {f.attempts} attempts
                {f.lastError ? ` · ${f.lastError}` : ""}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
