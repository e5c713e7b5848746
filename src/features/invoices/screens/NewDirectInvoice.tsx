/**
 * "New invoice" on the money screen: a direct invoice for a customer with no request (a job taken
 * by phone and never entered, a neighbour's favour). The invoice editor takes the customer's name,
 * optional e-mail address and address with the lines; the saved draft is then issued here, dated
 * today or an earlier day (not before the last invoice issued: the server says so beside the date),
 * and its PDF opened or e-mailed when there is an address (docs/decisions/032-invoices.md). The
 * e-mail carries a link to that invoice alone (docs/decisions/063-schedule-at-a-busy-years-size.md).
 */
import { useQuery } from "@tanstack/react-query";
import { FileDown, FilePlus2, Send } from "lucide-react";
import { useId, useState } from "react";
import { toast } from "sonner";
import { formatMoney } from "../../../platform/money";
import { formatShortDate } from "../../../platform/time";
import { ApiError } from "../../../admin/api";
import { invoicesApi, type AdminInvoice, type InvoiceSettings } from "./api";
import { invoiceChanged } from "../../../admin/query";
import { AdminDialog } from "../../../admin/components/dialogs";
import { Button, buttonClass } from "../../../admin/components/ui";
import { InvoiceEditor } from "./InvoiceEditor";
import { OnAccountChoice } from "./OnAccountChoice";
import { LoadError } from "../../../admin/components/LoadError";

const inputClass =
  "mt-1 block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 aria-[invalid=true]:border-danger-600";

const problemOf = (err: unknown, what: string) =>
  err instanceof ApiError && err.status > 0 && err.status < 500
    ? (Object.values(err.fields)[0] ?? err.message)
    : `${what} failed: the server did not answer. Please try again.`;

export function NewDirectInvoice() {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<AdminInvoice | null>(null);
  // The VAT status, rates, terms and today, as the server has them (any list answer carries them).
  const settings = useQuery({
    queryKey: ["invoice-settings"],
    queryFn: async () => (await invoicesApi.list({ status: "draft" })).settings,
    enabled: editing || draft !== null,
  });

  return (
    <>
      <Button onClick={() => setEditing(true)} disabled={editing && settings.isPending}>
        <FilePlus2 aria-hidden="true" className="size-4" />
        New invoice
      </Button>
      {editing && settings.isError ? (
        <LoadError
          compact
          className="mt-2"
          what="The invoice settings"
          onRetry={settings.refetch}
          retrying={settings.isFetching}
        />
      ) : null}
      {editing && settings.data ? (
        <InvoiceEditor
          request={null}
          settings={settings.data}
          invoice={null}
          onClose={() => setEditing(false)}
          onSaved={(saved) => {
            setEditing(false);
            setDraft(saved);
            void invoiceChanged(null);
          }}
        />
      ) : null}
      {draft && settings.data ? (
        <IssueDialog invoice={draft} settings={settings.data} onClose={() => setDraft(null)} />
      ) : null}
    </>
  );
}

/**
 * A direct invoice's dialog: issue a draft, or for an issued one its PDF and "E-mail it"; also
 * opened from the invoice list, where a direct invoice has no request to open.
 */
export function IssueDialog({
  invoice: first,
  settings,
  onClose,
}: {
  invoice: AdminInvoice;
  settings: InvoiceSettings;
  onClose: () => void;
}) {
  const id = useId();
  const [invoice, setInvoice] = useState(first);
  const [issuedOn, setIssuedOn] = useState(settings.today);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [useCredit, setUseCredit] = useState(true);
  const issued = invoice.number !== null;
  const email = invoice.customer.email;

  const act = async (
    work: () => Promise<AdminInvoice>,
    done: (inv: AdminInvoice) => string,
    what: string,
  ) => {
    setBusy(true);
    setProblem(null);
    try {
      const next = await work();
      setInvoice(next);
      toast.success(done(next));
      await invoiceChanged(null);
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return;
      setProblem(problemOf(err, what));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AdminDialog
      open
      onOpenChange={(open) => {
        if (!open && !busy) onClose();
      }}
      title={issued ? `Invoice ${invoice.number}` : "Issue the invoice"}
      description={`${invoice.customer.name}: ${formatMoney(invoice.totalPence)}.`}
    >
      <div data-testid="direct-invoice-issue">
        {issued ? (
          <>
            <p className="text-slate-800">
              Issued {formatShortDate(invoice.issuedOn!, { year: true })}
              {invoice.dueOn ? `, due ${formatShortDate(invoice.dueOn, { year: true })}` : ""}.
            </p>
            {invoice.sentAt ? (
              <p className="mt-2 text-sm text-success-700">E-mailed to {email}.</p>
            ) : email ? null : (
              <p className="mt-2 text-sm text-slate-700">
                No e-mail address: print the PDF or send it yourself.
              </p>
            )}
            <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
              <a
                href={invoicesApi.pdfUrl(invoice.id)}
                target="_blank"
                rel="noopener"
                className={buttonClass("secondary")}
              >
                <FileDown aria-hidden="true" className="size-4" />
                Open the PDF
              </a>
              {email && !invoice.sentAt ? (
                <Button
                  disabled={busy}
                  onClick={() =>
                    void act(
                      () => invoicesApi.send(invoice.id),
                      () => `Sent to ${email}`,
                      "Sending",
                    )
                  }
                >
                  <Send aria-hidden="true" className="size-4" />
                  E-mail it to {email}
                </Button>
              ) : null}
              <Button variant="ghost" disabled={busy} onClick={onClose}>
                Done
              </Button>
            </div>
          </>
        ) : (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              void act(
                () =>
                  invoicesApi.issue(
                    invoice.id,
                    issuedOn === settings.today ? undefined : issuedOn,
                    useCredit && invoice.onAccountPence > 0,
                  ),
                (inv) => `Issued as ${inv.number}`,
                "Issuing",
              );
            }}
          >
            <p className="text-sm text-slate-700">
              The draft is saved. Issuing gives it the next invoice number; after that it never changes (a
              credit note corrects it).
            </p>
            <label htmlFor={`${id}-date`} className="mt-4 block text-sm font-semibold text-slate-800">
              Invoice date
            </label>
            <input
              id={`${id}-date`}
              type="date"
              required
              max={settings.today}
              value={issuedOn}
              aria-invalid={problem !== null}
              aria-describedby={problem ? `${id}-problem` : undefined}
              onChange={(e) => {
                setIssuedOn(e.target.value);
                setProblem(null);
              }}
              className={`${inputClass} max-w-52`}
            />
            <OnAccountChoice
              onAccountPence={invoice.onAccountPence}
              totalPence={invoice.totalPence}
              checked={useCredit}
              onChange={setUseCredit}
            />
            <div className="mt-4 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Button variant="secondary" disabled={busy} onClick={onClose}>
                Keep as a draft
              </Button>
              <Button type="submit" disabled={busy || !issuedOn}>
                Issue
              </Button>
            </div>
          </form>
        )}
        {problem ? (
          <p id={`${id}-problem`} role="alert" className="mt-3 text-sm text-danger-600">
            {problem}
          </p>
        ) : null}
      </div>
    </AdminDialog>
  );
}
