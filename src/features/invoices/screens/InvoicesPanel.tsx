/**
 * Inside a request's dialog, under its quote: the request's invoices and credit notes. From the
 * accepted quote the owner invoices the whole, the deposit or the balance; or writes a direct
 * invoice. A draft can be edited, deleted or issued (which gives it its number); an issued invoice
 * is sent, opened as a PDF, paid (payments listed, a mistaken one removed after a confirmation),
 * corrected by a credit note (the whole, some lines or an amount, with a reason), and its reminders turned
 * off. Loaded as its own chunk with the request, the editor and dialogs only when opened.
 */
import { useQuery } from "@tanstack/react-query";
import { BellOff, FilePlus2, FileText, Pencil, Receipt, Send, Stamp, Trash2, Undo2 } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { toast } from "sonner";
import type { AdminRequest } from "../../requests/contract/endpoints";
import { formatMoney } from "../../../platform/money";
import { formatShortDate } from "../../../platform/time";
import { formatSubmittedAt } from "../../../admin/format";
import { invoicesApi, type AdminInvoice, type AdminPayment, type QuoteInvoicing } from "./api";
import { invoiceChanged, keys, queries, queryClient } from "../../../admin/query";
import { ConfirmDialog } from "../../../admin/components/dialogs";
import { TextLinkMaker } from "../../../admin/components/CopyMessage";
import { Button, buttonClass } from "../../../admin/components/ui";
import { invoiceKindLabels, isOpen, paymentMethodLabel, paymentMethodLabels } from "../contract/rules";
import type { CreatableInvoiceKind } from "../contract/rules";
import { InvoiceStatusBadge } from "./InvoiceStatusBadge";
import { PaymentDialog } from "./PaymentDialog";
import { CreditNoteDialog } from "./CreditNoteDialog";
import { CardRefunds } from "./payment-panels";
import { invoiceLabel, paymentSummary } from "./invoice-form";
import { OnAccountChoice } from "./OnAccountChoice";
import {
  DocumentNote,
  DocumentPanel,
  LinesTable,
  SumRow,
  usePanelAction,
  VatSums,
} from "../../billing/screens";

const InvoiceEditor = lazy(() => import("./InvoiceEditor").then((m) => ({ default: m.InvoiceEditor })));

const day = (date: string) => formatShortDate(date, { year: true });

type Answer = Awaited<ReturnType<typeof invoicesApi.forRequest>>;

/** A confirmation before a step that cannot be taken back. */
type Pending =
  | { kind: "issue"; invoice: AdminInvoice }
  | { kind: "send"; invoice: AdminInvoice }
  | { kind: "delete"; invoice: AdminInvoice }
  | { kind: "remove-payment"; invoice: AdminInvoice; payment: AdminPayment };

export function InvoicesPanel({ request }: { request: AdminRequest }) {
  const s = request;
  const query = useQuery(queries.invoices(s.id));
  const [editing, setEditing] = useState<{ invoice: AdminInvoice | null } | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [paying, setPaying] = useState<AdminInvoice | null>(null);
  const [crediting, setCrediting] = useState<AdminInvoice | null>(null);
  const [useCredit, setUseCredit] = useState(true);
  const { busy, run } = usePanelAction();

  /** A changed invoice into the cache at once, then the request and the money figures again. */
  const stored = async (...changed: AdminInvoice[]) => {
    queryClient.setQueryData<Answer>(keys.invoices(s.id), (d) => {
      if (!d) return d;
      const others = d.invoices.filter((i) => !changed.some((c) => c.id === i.id));
      return { ...d, invoices: [...others, ...changed].sort((a, b) => a.id - b.id) };
    });
    await invoiceChanged(s.id);
  };
  const deleted = async (invoice: AdminInvoice) => {
    queryClient.setQueryData<Answer>(keys.invoices(s.id), (d) =>
      d ? { ...d, invoices: d.invoices.filter((i) => i.id !== invoice.id) } : d,
    );
    await invoiceChanged(s.id);
  };

  const create = (kind: CreatableInvoiceKind, quoteId: number) =>
    run(async () => {
      const invoice = await invoicesApi.create({ kind, quoteId });
      toast.success(`${invoiceKindLabels[invoice.kind]} drafted for ${formatMoney(invoice.totalPence)}`, {
        description: "Check it, then issue it to give it its number.",
      });
      await stored(invoice);
    }, "Drafting the invoice");

  const confirm = (p: Pending) =>
    run(
      async () => {
        await carryOut(p, useCredit, { stored, deleted });
        setPending(null);
      },
      "That",
      {
        description: "The invoice below shows what it now says; try again only if nothing changed.",
        reload: async () => {
          setPending(null);
          await invoiceChanged(s.id);
        },
      },
    );

  const toggleReminders = (invoice: AdminInvoice) =>
    run(async () => {
      const updated = await invoicesApi.update(invoice.id, { remindersEnabled: !invoice.remindersEnabled });
      toast.success(updated.remindersEnabled ? "Reminders turned on" : "Reminders turned off", {
        description: updated.remindersEnabled
          ? "The customer gets at most two polite reminders once it is overdue."
          : `No reminder goes for ${updated.number}.`,
      });
      await stored(updated);
    }, "Changing the reminders");

  return (
    <DocumentPanel
      title="Invoices"
      testId="invoice-panel"
      anchor={`invoices-${request.id}`}
      query={query}
      loading="Loading the invoices…"
      what="The invoices"
      dialogs={
        <PendingConfirm
          pending={pending}
          busy={busy}
          useCredit={useCredit}
          onUseCredit={setUseCredit}
          onCancel={() => setPending(null)}
          onConfirm={(p) => void confirm(p)}
        />
      }
    >
      {({ invoices, quote, settings }) => (
        <>
          {invoices.length === 0 ? <p className="mt-2 text-sm text-slate-700">No invoice yet.</p> : null}
          <ul className="mt-2 grid gap-3" aria-label="Invoices">
            {invoices.map((inv) => (
              <InvoiceCard
                key={inv.id}
                invoice={inv}
                textRequestId={!request.email && inv.customer.name === request.name ? request.id : null}
                busy={busy}
                onEdit={() => setEditing({ invoice: inv })}
                onIssue={() => {
                  setUseCredit(true);
                  setPending({ kind: "issue", invoice: inv });
                }}
                onSend={() => setPending({ kind: "send", invoice: inv })}
                onDelete={() => setPending({ kind: "delete", invoice: inv })}
                onPay={() => setPaying(inv)}
                onCredit={() => setCrediting(inv)}
                onRemovePayment={(p) => setPending({ kind: "remove-payment", invoice: inv, payment: p })}
                onToggleReminders={() => void toggleReminders(inv)}
              />
            ))}
          </ul>
          <CreateButtons
            quote={quote}
            busy={busy}
            onCreate={(kind, quoteId) => void create(kind, quoteId)}
            onDirect={() => setEditing({ invoice: null })}
          />
          {editing ? (
            <Suspense fallback={null}>
              <InvoiceEditor
                request={s}
                settings={settings}
                invoice={editing.invoice}
                onClose={() => setEditing(null)}
                onSaved={(saved) => {
                  setEditing(null);
                  toast.success("Invoice saved as a draft", { description: "Issue it when it is right." });
                  void stored(saved);
                }}
              />
            </Suspense>
          ) : null}
          <MoneyDialogs
            paying={paying}
            crediting={crediting}
            settings={settings}
            onClosePaying={() => setPaying(null)}
            onCloseCrediting={() => setCrediting(null)}
            stored={stored}
          />
        </>
      )}
    </DocumentPanel>
  );
}

/** The step confirmed: issue (with money on account when chosen), send, delete a draft, remove a payment. */
async function carryOut(
  p: Pending,
  useCredit: boolean,
  then: { stored: (i: AdminInvoice) => Promise<void>; deleted: (i: AdminInvoice) => Promise<void> },
) {
  switch (p.kind) {
    case "issue": {
      const withCredit = useCredit && p.invoice.onAccountPence > 0;
      const issued = await invoicesApi.issue(p.invoice.id, undefined, withCredit);
      const used = issued.payments.find((x) => x.method === "on_account" && !x.removedAt);
      toast.success(`Issued as ${issued.number}`, {
        description: `${used ? `${formatMoney(used.amountPence)} from money on account. ` : ""}${
          issued.dueOn ? `Due ${day(issued.dueOn)}. Send it when you are ready.` : ""
        }`,
      });
      return then.stored(issued);
    }
    case "send": {
      const sent = await invoicesApi.send(p.invoice.id);
      toast.success(`${sent.number} sent`, { description: `On its way to ${sent.customer.email}.` });
      return then.stored(sent);
    }
    case "delete": {
      await invoicesApi.remove(p.invoice.id);
      toast.success("Draft deleted");
      return then.deleted(p.invoice);
    }
    case "remove-payment": {
      const updated = await invoicesApi.removePayment(p.invoice.id, p.payment.id);
      toast.success("Payment removed", {
        description: "It stays in the invoice's record, marked as removed.",
      });
      return then.stored(updated);
    }
  }
}

/** The words of each step's confirmation. */
function confirmation(p: Pending): { title: string; message: string; label: string } {
  switch (p.kind) {
    case "issue":
      return {
        title: `Issue this ${invoiceKindLabels[p.invoice.kind].toLowerCase()}?`,
        message: `It gets the next invoice number and can no longer change: a correction needs a credit note. Total ${formatMoney(p.invoice.totalPence)}.`,
        label: "Issue invoice",
      };
    case "send":
      return {
        title: `Send ${p.invoice.number}?`,
        message: `${p.invoice.customer.name} (${p.invoice.customer.email ?? "no e-mail address"}) gets an e-mail with the PDF attached and a link to their page.`,
        label: "Send invoice",
      };
    case "delete":
      return {
        title: "Delete this draft?",
        message: "The draft has no number yet, so nothing is lost from the sequence.",
        label: "Delete draft",
      };
    case "remove-payment":
      return {
        title: `Remove the payment of ${formatMoney(p.payment.amountPence)}?`,
        message: `Only for a payment recorded by mistake: ${paymentMethodLabels[p.payment.method]}, ${day(p.payment.receivedOn)}. It stays in the record, marked as removed, and the balance goes back up.`,
        label: "Remove payment",
      };
  }
}

/** A confirmation before a step that cannot be taken back; issuing offers the money on account. */
function PendingConfirm({
  pending: p,
  busy,
  useCredit,
  onUseCredit,
  onCancel,
  onConfirm,
}: {
  pending: Pending | null;
  busy: boolean;
  useCredit: boolean;
  onUseCredit: (use: boolean) => void;
  onCancel: () => void;
  onConfirm: (p: Pending) => void;
}) {
  const words = p ? confirmation(p) : { title: "", message: "", label: "Remove payment" };
  return (
    <ConfirmDialog
      open={p !== null}
      onOpenChange={(open) => {
        if (!open && !busy) onCancel();
      }}
      title={words.title}
      message={words.message}
      confirmLabel={words.label}
      tone={p?.kind === "issue" || p?.kind === "send" ? "primary" : "danger"}
      busy={busy}
      onConfirm={() => p && onConfirm(p)}
    >
      {p?.kind === "issue" ? (
        <OnAccountChoice
          onAccountPence={p.invoice.onAccountPence}
          totalPence={p.invoice.totalPence}
          checked={useCredit}
          onChange={onUseCredit}
        />
      ) : null}
    </ConfirmDialog>
  );
}

/** Recording a payment and making a credit note, each in its dialog. */
function MoneyDialogs({
  paying,
  crediting,
  settings,
  onClosePaying,
  onCloseCrediting,
  stored,
}: {
  paying: AdminInvoice | null;
  crediting: AdminInvoice | null;
  settings: Answer["settings"];
  onClosePaying: () => void;
  onCloseCrediting: () => void;
  stored: (...changed: AdminInvoice[]) => Promise<void>;
}) {
  return (
    <>
      {paying ? (
        <PaymentDialog
          invoice={{
            id: paying.id,
            number: paying.number ?? "",
            customerName: paying.customer.name,
            balancePence: paying.balancePence,
          }}
          today={settings.today}
          onClose={onClosePaying}
          onRecorded={(invoice, payment) => {
            onClosePaying();
            toast.success(`Payment recorded for ${invoice.number}`, {
              description: `${paymentSummary(payment.amountPence, payment.method)}. ${
                invoice.balancePence > 0
                  ? `${formatMoney(invoice.balancePence)} still owed.`
                  : "Paid in full: the customer is sent a receipt."
              }`,
            });
            void stored(invoice);
          }}
        />
      ) : null}
      {crediting ? (
        <CreditNoteDialog
          invoice={crediting}
          settings={settings}
          onClose={onCloseCrediting}
          onDone={(creditNote, invoice) => {
            onCloseCrediting();
            toast.success(
              creditNote.number ? `Credit note ${creditNote.number} issued` : "Credit note drafted",
              {
                description: `${formatMoney(creditNote.totalPence)} against ${invoice.number}.`,
              },
            );
            void stored(creditNote, invoice);
          }}
        />
      ) : null}
    </>
  );
}

/** What the accepted quote still allows, and a direct invoice. */
function CreateButtons({
  quote,
  busy,
  onCreate,
  onDirect,
}: {
  quote: QuoteInvoicing | null;
  busy: boolean;
  onCreate: (kind: CreatableInvoiceKind, quoteId: number) => void;
  onDirect: () => void;
}) {
  const left = quote ? quote.acceptedTotalPence - quote.depositsInvoicedPence - quote.finalInvoicedPence : 0;
  return (
    <div className="mt-3">
      {quote ? (
        <p className="text-sm text-slate-700">
          Quote {quote.quoteNumber} accepted for {formatMoney(quote.acceptedTotalPence)}
          {quote.depositsInvoicedPence > 0
            ? `; deposits invoiced ${formatMoney(quote.depositsInvoicedPence)}`
            : ""}
          .
        </p>
      ) : null}
      <div className="mt-2 flex flex-wrap gap-2">
        {quote?.canInvoiceFull ? (
          <Button disabled={busy} onClick={() => onCreate("full", quote.quoteId)}>
            <FilePlus2 aria-hidden="true" className="size-4" />
            Invoice the quote ({formatMoney(quote.acceptedTotalPence)})
          </Button>
        ) : null}
        {quote?.canInvoiceDeposit ? (
          <Button variant="secondary" disabled={busy} onClick={() => onCreate("deposit", quote.quoteId)}>
            Invoice the deposit ({formatMoney(quote.depositDuePence)})
          </Button>
        ) : null}
        {quote?.canInvoiceBalance ? (
          <Button disabled={busy} onClick={() => onCreate("balance", quote.quoteId)}>
            <FilePlus2 aria-hidden="true" className="size-4" />
            Invoice the balance{left > 0 ? ` (${formatMoney(left)})` : ""}
          </Button>
        ) : null}
        <Button variant="secondary" disabled={busy} onClick={onDirect}>
          <Pencil aria-hidden="true" className="size-4" />
          Write an invoice
        </Button>
      </div>
    </div>
  );
}

function InvoiceCard({
  invoice: inv,
  busy,
  onEdit,
  onIssue,
  onSend,
  onDelete,
  onPay,
  onCredit,
  onRemovePayment,
  onToggleReminders,
  textRequestId,
}: {
  invoice: AdminInvoice;
  /** The request whose page to text, for its own customer without an e-mail address; else null. */
  textRequestId: number | null;
  busy: boolean;
  onEdit: () => void;
  onIssue: () => void;
  onSend: () => void;
  onDelete: () => void;
  onPay: () => void;
  onCredit: () => void;
  onRemovePayment: (p: AdminPayment) => void;
  onToggleReminders: () => void;
}) {
  const isCredit = inv.kind === "credit_note";
  const label = invoiceLabel(inv);
  const open = isOpen(inv.status);
  const facts: string[] = [];
  if (inv.issuedOn) facts.push(`Issued ${day(inv.issuedOn)}`);
  if (inv.dueOn && !isCredit) facts.push(`due ${day(inv.dueOn)}`);
  if (inv.overdue) facts.push(`${inv.daysOverdue === 1 ? "1 day" : `${inv.daysOverdue} days`} overdue`);
  if (inv.sentAt) facts.push(`sent ${formatSubmittedAt(inv.sentAt)}`);
  else if (inv.number) facts.push("not sent yet");
  if (inv.reminders.length > 0)
    facts.push(inv.reminders.map((r) => `reminder ${r.n} sent ${formatSubmittedAt(r.sentAt)}`).join(", "));

  return (
    <li
      className={`rounded-lg border p-3 sm:p-4 ${inv.overdue ? "border-red-200" : "border-slate-200"}`}
      data-testid="invoice-card"
      aria-label={label}
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-mono font-semibold text-slate-900" data-testid="invoice-number">
          {label}
        </span>
        <span className="text-sm text-slate-700">{invoiceKindLabels[inv.kind]}</span>
        {isCredit ? null : <InvoiceStatusBadge invoice={inv} />}
      </div>
      {isCredit && inv.creditedInvoiceNumber ? (
        <p className="mt-1 text-sm text-slate-700">
          Against {inv.creditedInvoiceNumber}. Reason: &ldquo;{inv.reason}&rdquo;
        </p>
      ) : null}
      {facts.length > 0 ? <p className="mt-1 text-sm text-slate-700">{facts.join(", ")}.</p> : null}

      <details className="mt-2 text-sm">
        <summary className="min-h-11 cursor-pointer py-2 font-semibold text-brand-700">
          {inv.lines.length === 1 ? "1 line" : `${inv.lines.length} lines`}
        </summary>
        <LinesTable caption={`Lines of ${label}`} lines={inv.lines} vatRegistered={inv.vatRegistered} />
      </details>

      <dl className="mt-2 grid gap-0.5 border-t border-slate-200 pt-2 text-sm" data-testid="invoice-sums">
        {inv.vatRegistered ? <VatSums vatByRate={inv.totals.vatByRate} /> : null}
        <SumRow label="Total" value={inv.totalPence} strong />
        {!isCredit && inv.creditedPence > 0 ? <SumRow label="Credited" value={inv.creditedPence} /> : null}
        {!isCredit && inv.number ? <SumRow label="Paid" value={inv.paidPence} /> : null}
        {!isCredit && inv.number ? (
          <SumRow label="Balance" value={inv.balancePence} strong testId="invoice-balance" />
        ) : null}
        {inv.refundDuePence > 0 ? (
          <SumRow label="Owed back to the customer" value={inv.refundDuePence} />
        ) : null}
      </dl>
      <DocumentNote note={inv.note} />

      {inv.payments.length > 0 ? (
        <div className="mt-3">
          <h4 className="text-sm font-semibold text-slate-800">Payments</h4>
          <ul className="mt-1 divide-y divide-slate-100 text-sm" data-testid="invoice-payments">
            {inv.payments.map((p) => (
              <li key={p.id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-1">
                <span className={p.removedAt ? "text-slate-600 line-through" : "text-slate-900"}>
                  <span className="tabular-nums">{formatMoney(p.amountPence)}</span>{" "}
                  {paymentMethodLabel(p.method, p.provider).toLowerCase()}, {day(p.receivedOn)}
                  {p.reference ? ` (${p.reference})` : ""}
                  {p.feePence !== null ? (
                    <span className="text-slate-600"> · Stripe fee {formatMoney(p.feePence)}</span>
                  ) : null}
                  {p.excess ? (
                    <span className="text-slate-700">
                      {" "}
                      · {formatMoney(p.excess.amountPence)} paid over,{" "}
                      {p.excess.kind === "on_account"
                        ? "kept on account"
                        : p.excess.refundedOn
                          ? `refunded ${day(p.excess.refundedOn)}`
                          : "to refund"}
                    </span>
                  ) : null}
                </span>
                {p.removedAt ? (
                  <span className="text-xs text-slate-600">Removed {formatSubmittedAt(p.removedAt)}</span>
                ) : (
                  <Button
                    variant="ghost"
                    className="text-danger-600 hover:bg-danger-50"
                    disabled={busy}
                    onClick={() => onRemovePayment(p)}
                  >
                    <Undo2 aria-hidden="true" className="size-4" />
                    Remove<span className="sr-only"> the payment of {formatMoney(p.amountPence)}</span>
                  </Button>
                )}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {inv.creditNotes.length > 0 ? (
        <p className="mt-2 text-sm text-slate-700">
          Credit notes:{" "}
          {inv.creditNotes
            .map((c) => `${c.number} (${formatMoney(c.totalPence)}, ${day(c.issuedOn)})`)
            .join(", ")}
        </p>
      ) : null}
      {inv.creditNotes.length > 0 && inv.payments.some((p) => p.provider && !p.removedAt) ? (
        <CardRefunds invoiceId={inv.id} />
      ) : null}

      <div className="mt-3 flex flex-wrap gap-2">
        {inv.status === "draft" ? (
          <>
            <Button disabled={busy} onClick={onIssue}>
              <Stamp aria-hidden="true" className="size-4" />
              Issue…
            </Button>
            {isCredit ? null : (
              <Button variant="secondary" disabled={busy} onClick={onEdit}>
                <Pencil aria-hidden="true" className="size-4" />
                Edit
              </Button>
            )}
            <Button
              variant="ghost"
              className="text-danger-600 hover:bg-danger-50"
              disabled={busy}
              onClick={onDelete}
            >
              <Trash2 aria-hidden="true" className="size-4" />
              Delete draft
            </Button>
          </>
        ) : (
          <>
            {!isCredit && open ? (
              <Button variant="success" disabled={busy} onClick={onPay}>
                <Receipt aria-hidden="true" className="size-4" />
                Record payment
              </Button>
            ) : null}
            {inv.customer.email ? (
              <Button variant={inv.sentAt ? "secondary" : "primary"} disabled={busy} onClick={onSend}>
                <Send aria-hidden="true" className="size-4" />
                {inv.sentAt ? "Send again…" : "Send…"}
              </Button>
            ) : (
              <div className="w-full" data-testid="invoice-no-email">
                <p className="text-sm text-slate-700">
                  {textRequestId !== null && inv.number
                    ? "No e-mail address: text them a link to their page, where they can see and pay it, or print the PDF and give or post it."
                    : "No e-mail address: print the PDF and give or post it."}
                </p>
                {textRequestId !== null && inv.number ? (
                  <TextLinkMaker requestId={textRequestId} about="invoice" reference={inv.number} />
                ) : null}
              </div>
            )}
          </>
        )}
        <a
          href={invoicesApi.pdfUrl(inv.id)}
          target="_blank"
          rel="noopener"
          className={buttonClass("secondary")}
        >
          <FileText aria-hidden="true" className="size-4" />
          {inv.number ? "Open PDF" : "Preview PDF"}
          <span className="sr-only"> of {label}</span>
        </a>
        {!isCredit && inv.number && inv.status !== "void" ? (
          <Button variant="secondary" disabled={busy} onClick={onCredit}>
            Credit note…
          </Button>
        ) : null}
      </div>
      {!isCredit && open && !inv.customer.email ? (
        <p className="mt-2 flex items-center gap-2 text-sm text-slate-700" data-testid="invoice-no-reminders">
          <BellOff aria-hidden="true" className="size-4 shrink-0 text-slate-600" />
          Payment reminders go by e-mail, so none are sent: if it becomes overdue, phone or text them.
        </p>
      ) : !isCredit && open ? (
        <label className="mt-2 flex min-h-11 items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            className="size-5 accent-brand-700"
            checked={inv.remindersEnabled}
            disabled={busy}
            onChange={onToggleReminders}
          />
          {inv.remindersEnabled ? null : <BellOff aria-hidden="true" className="size-4 text-slate-600" />}
          Send polite payment reminders when overdue
        </label>
      ) : null}
    </li>
  );
}
