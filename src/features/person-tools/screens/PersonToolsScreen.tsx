/**
 * Personal data tools (UK GDPR rights of access and erasure): look up everything held about one
 * e-mail address, download it as one JSON file, or erase it all. Every use is recorded (what and
 * when, with a count; never the address), and the record is listed here.
 */
import { ArrowLeft, Download, Search, Trash2 } from "lucide-react";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { toast } from "sonner";
import type { AdminAuditEntry, PersonReport } from "../../requests/contract/endpoints";
import { ApiError } from "../../../admin/api";
import { formatDateOnly, formatSubmittedAt } from "../../../admin/format";
import { workflowApi } from "../../requests/screens";
import { StateBadge } from "../../../admin/components/StateBadge";
import { AdminDialog } from "../../../admin/components/dialogs";
import { Button, buttonClass } from "../../../admin/components/ui";
import { keys, queries, queryClient } from "../../../admin/query";

const auditLabels: Record<AdminAuditEntry["action"], string> = {
  person_search: "Looked up a person",
  person_export: "Downloaded a person's data",
  person_erase: "Erased a person",
  retention: "Retention deleted old data",
};

const mailKinds: Record<string, string> = {
  owner_submission: "Notification to you",
  customer_confirmation: "Confirmation to the customer",
  owner_review: "Review notification",
  owner_digest: "Daily summary naming them",
};

function failure(err: unknown, what: string) {
  if (err instanceof ApiError && err.status === 401) return;
  console.error(`${what} failed`, err);
  toast.error(
    err instanceof ApiError && err.status < 500 ? err.message : `${what} failed. Please try again.`,
  );
}

export function PersonToolsScreen() {
  const id = useId();
  const [email, setEmail] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [report, setReport] = useState<PersonReport | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const auditQuery = useQuery(queries.audit());
  const audit = auditQuery.data ?? null;

  useEffect(() => {
    if (auditQuery.error) failure(auditQuery.error, "Loading the record");
  }, [auditQuery.error]);

  /** Every use is recorded: the record is fetched again after each. */
  const loadAudit = () => queryClient.invalidateQueries({ queryKey: keys.audit });

  const search = async () => {
    setFieldError(null);
    setBusy(true);
    try {
      setReport(await workflowApi.findPerson(email));
    } catch (err) {
      if (err instanceof ApiError && err.fields["email"]) setFieldError(err.fields["email"]);
      else failure(err, "The search");
      setReport(null);
    } finally {
      setBusy(false);
      void loadAudit();
    }
  };

  const download = async () => {
    if (!report) return;
    setBusy(true);
    try {
      await workflowApi.exportPerson(report.email);
      toast.success("Download started");
    } catch (err) {
      failure(err, "The download");
    } finally {
      setBusy(false);
      void loadAudit();
    }
  };

  const erase = async () => {
    if (!report) return;
    setBusy(true);
    try {
      const erased = await workflowApi.erasePerson(report.email);
      toast.success("Erased", {
        description: `${erased.submissions} requests and ${erased.mail} e-mails were deleted.`,
      });
      setConfirming(false);
      // Their requests are gone: every list, count and request in the cache is fetched again.
      for (const queryKey of [
        ["request"],
        keys.inbox,
        keys.summary,
        keys.attention,
        keys.customers,
        ["schedule"],
      ])
        void queryClient.invalidateQueries({ queryKey });
      setReport(await workflowApi.findPerson(report.email));
    } catch (err) {
      failure(err, "Erasing");
    } finally {
      setBusy(false);
      void loadAudit();
    }
  };

  return (
    <div>
      <div className="flex flex-col-reverse gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">Personal Data</h1>
          <p className="mt-1 max-w-2xl text-slate-600">
            When someone asks what we hold about them, or asks us to delete it, look up their e-mail address
            here.
          </p>
        </div>
        <a href="/admin" className={buttonClass("secondary", "self-start")}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to Admin
        </a>
      </div>

      <form
        className="mt-6 max-w-xl"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void search();
        }}
      >
        <label htmlFor={`${id}-email`} className="block text-sm font-semibold text-slate-800">
          E-mail address
        </label>
        <div className="mt-1 flex gap-2">
          <input
            id={`${id}-email`}
            type="email"
            autoComplete="off"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={fieldError ? "true" : undefined}
            aria-describedby={fieldError ? `${id}-email-error` : undefined}
            className="min-h-11 w-full min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
          />
          <Button type="submit" disabled={busy}>
            <Search aria-hidden="true" className="size-4" />
            Look up
          </Button>
        </div>
        {fieldError ? (
          <p id={`${id}-email-error`} className="mt-1 text-sm font-medium text-danger-600">
            {fieldError}
          </p>
        ) : null}
      </form>

      {report ? (
        <section
          aria-labelledby={`${id}-found`}
          className="mt-6 rounded-card border border-slate-200 bg-white p-5 shadow-card"
        >
          <h2 id={`${id}-found`} className="text-lg font-bold text-brand-900" data-testid="person-summary">
            {report.total === 0
              ? `Nothing is held about ${report.email}`
              : `Held about ${report.email}: ${report.submissions.length} ${report.submissions.length === 1 ? "request" : "requests"}, ${report.mail.length} ${report.mail.length === 1 ? "e-mail" : "e-mails"}`}
          </h2>
          {report.submissions.length > 0 ? (
            <ul className="mt-3 divide-y divide-slate-200 text-sm">
              {report.submissions.map((s) => (
                <li key={s.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
                  <span className="font-mono text-xs">{s.reference}</span>
                  <span className="font-semibold text-slate-900">{s.name}</span>
                  <StateBadge state={s.state} />
                  <span className="text-slate-600">{formatDateOnly(s.submittedAt)}</span>
                </li>
              ))}
            </ul>
          ) : null}
          {report.mail.length > 0 ? (
            <ul className="mt-3 space-y-1 text-sm text-slate-700">
              {report.mail.map((m) => (
                <li key={m.id}>
                  {mailKinds[m.kind] ?? m.kind}, {m.status}, {formatDateOnly(m.createdAt)}
                </li>
              ))}
            </ul>
          ) : null}
          <p className="mt-3 text-sm text-slate-600">
            Reviews are not linked to an e-mail address (the review form does not ask for one).
          </p>
          {report.total > 0 ? (
            <div className="mt-4 flex flex-col gap-3 sm:flex-row">
              <Button variant="secondary" disabled={busy} onClick={() => void download()}>
                <Download aria-hidden="true" className="size-4" />
                Download their data (JSON)
              </Button>
              <Button variant="danger" disabled={busy} onClick={() => setConfirming(true)}>
                <Trash2 aria-hidden="true" className="size-4" />
                Erase everything
              </Button>
            </div>
          ) : null}
        </section>
      ) : null}

      <section aria-labelledby={`${id}-audit`} className="mt-8">
        <h2 id={`${id}-audit`} className="text-lg font-bold text-brand-900">
          Record of use
        </h2>
        <p className="mt-1 text-sm text-slate-600">What was done and when; addresses are never recorded.</p>
        {audit === null ? (
          <p className="mt-2 text-sm text-slate-600">Loading…</p>
        ) : audit.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">Nothing yet.</p>
        ) : (
          <ul
            className="mt-2 divide-y divide-slate-200 rounded-card border border-slate-200 bg-white text-sm"
            data-testid="audit-log"
          >
            {audit.map((a) => (
              <li key={a.id} className="flex flex-wrap justify-between gap-x-4 px-4 py-2">
                <span className="text-slate-900">
                  {auditLabels[a.action]} ({a.itemCount} {a.itemCount === 1 ? "item" : "items"})
                </span>
                <span className="text-slate-600">{formatSubmittedAt(a.createdAt)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <AdminDialog
        open={confirming}
        onOpenChange={(open) => {
          if (!open && !busy) setConfirming(false);
        }}
        title="Erase everything"
        description={
          report
            ? `Erase ${report.submissions.length} ${report.submissions.length === 1 ? "request" : "requests"} and ${report.mail.length} ${report.mail.length === 1 ? "e-mail" : "e-mails"} held about ${report.email}, with their notes and history? This cannot be undone.`
            : ""
        }
        role="alertdialog"
      >
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" disabled={busy} onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          <Button variant="danger" disabled={busy} onClick={() => void erase()}>
            Erase
          </Button>
        </div>
      </AdminDialog>
    </div>
  );
}
