/**
 * Inside a request's dialog: its quote. The latest version with its status (sent, opened and
 * when, accepted with what the customer agreed to, declined with the reason, expired, cancelled),
 * its lines and totals, and what the owner can do next: write a new quote, edit a draft, change a
 * sent one (a new version), send (with a confirmation), open the PDF, record a cancellation the
 * customer made by phone or letter and the amount owed for work already done. Earlier versions
 * are listed as replaced. Loaded as its own chunk, and the editor only when opened.
 */
import { useQuery } from "@tanstack/react-query";
import { Ban, Check, FileText, MessageSquareText, Pencil, Plus, Send } from "lucide-react";
import { lazy, Suspense, useId, useState } from "react";
import { toast } from "sonner";
import { isEditable, quantityText, quoteStatusLabels, type QuoteStatus } from "../contract/rules";
import type { AdminRequest } from "../../requests/contract/endpoints";
import { formatMoney } from "../../../platform/money";
import { formatShortDate } from "../../../platform/time";
import { ApiError } from "../../../admin/api";
import { formatSubmittedAt } from "../../../admin/format";
import { keys, queries, queryClient, requestChanged } from "../../../admin/query";
import { parseAmount, quoteLabel, serverErrors } from "./quote-draft";
import { quotesApi, type AdminQuote, type QuoteSettings } from "./api";
import { AdminDialog, ConfirmDialog } from "../../../admin/components/dialogs";
import { Button, buttonClass, Spinner } from "../../../admin/components/ui";
import { FieldError, inputClass, reportFailure } from "./dialog-parts";
import { NoEmailDialog, VerbalAcceptanceDialog } from "./VerbalAcceptanceDialog";
import { LoadError } from "../../../admin/components/LoadError";

const QuoteEditor = lazy(() => import("./QuoteEditor").then((m) => ({ default: m.QuoteEditor })));

const sectionTitle = "text-xs font-semibold tracking-wide text-slate-600 uppercase";

/** Background and text colour per status (tests/unit/admin-contrast.test.ts checks each pair). */
export const quoteStatusLooks: Record<QuoteStatus, { bg: string; text: string }> = {
  draft: { bg: "bg-accent-100", text: "text-accent-900" },
  sent: { bg: "bg-brand-100", text: "text-brand-800" },
  viewed: { bg: "bg-brand-800", text: "text-white" },
  accepted: { bg: "bg-success-700", text: "text-white" },
  declined: { bg: "bg-danger-50", text: "text-danger-600" },
  expired: { bg: "bg-brand-50", text: "text-brand-700" },
  superseded: { bg: "bg-brand-50", text: "text-brand-700" },
  cancelled: { bg: "bg-danger-600", text: "text-white" },
};

export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
  const look = quoteStatusLooks[status];
  return (
    <span
      data-testid="quote-status"
      data-status={status}
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${look.bg} ${look.text}`}
    >
      {quoteStatusLabels[status]}
    </span>
  );
}

const when = (iso: string) => formatSubmittedAt(iso);
const day = (date: string) => formatShortDate(date, { year: true });

type QuotesAnswer = Awaited<ReturnType<typeof quotesApi.list>>;

export function QuotesPanel({ request }: { request: AdminRequest }) {
  const id = useId();
  const s = request;
  const query = useQuery(queries.quotes(s.id));
  const [editing, setEditing] = useState<{ quote: AdminQuote | null } | null>(null);
  const [toSend, setToSend] = useState<AdminQuote | null>(null);
  const [toCancel, setToCancel] = useState<AdminQuote | null>(null);
  const [owed, setOwed] = useState<AdminQuote | null>(null);
  const [toAccept, setToAccept] = useState<AdminQuote | null>(null);
  const [busy, setBusy] = useState(false);

  /** A saved quote into the cache at once (newest first), then everything about the request again. */
  const stored = async (quote: AdminQuote) => {
    queryClient.setQueryData<QuotesAnswer>(keys.quotes(s.id), (d) =>
      d ? { ...d, quotes: [quote, ...d.quotes.filter((q) => q.id !== quote.id)] } : d,
    );
    await requestChanged(s.id);
  };

  const send = async () => {
    if (!toSend) return;
    setBusy(true);
    try {
      const sent = await quotesApi.send(toSend.id);
      toast.success("Quote sent", { description: `${quoteLabel(sent)} is on its way to ${s.email}.` });
      setToSend(null);
      await stored(sent);
    } catch (err) {
      if (err instanceof ApiError && err.status === 0) {
        // No answer in time: the server may still have sent it. Show what it now says.
        setToSend(null);
        toast.warning("The server did not answer in time", {
          description:
            "The quote below shows whether it was sent; send it again only if it is still a draft.",
        });
        await requestChanged(s.id);
      } else reportFailure(err, "Sending the quote");
    } finally {
      setBusy(false);
    }
  };

  let body;
  if (query.isPending) body = <Spinner label="Loading the quote…" className="py-4" />;
  else if (query.isError) {
    body = (
      <LoadError
        compact
        className="mt-2"
        what="The quote"
        onRetry={query.refetch}
        retrying={query.isFetching}
      />
    );
  } else {
    const [latest, ...earlier] = query.data.quotes;
    const canStartNew = !latest || !["draft", "sent", "viewed", "accepted"].includes(latest.status);
    body = (
      <>
        {latest ? (
          <LatestQuote
            quote={latest}
            settings={query.data.settings}
            busy={busy}
            onEdit={() => setEditing({ quote: latest })}
            onSend={() => setToSend(latest)}
            onRecordAcceptance={() => setToAccept(latest)}
            hasEmail={Boolean(s.email)}
            onCancel={() => setToCancel(latest)}
            onAmountOwed={() => setOwed(latest)}
          />
        ) : (
          <p className="mt-2 text-sm text-slate-700">No quote yet.</p>
        )}
        {canStartNew ? (
          <Button className="mt-3" onClick={() => setEditing({ quote: null })}>
            <Plus aria-hidden="true" className="size-4" />
            New quote
          </Button>
        ) : null}
        {earlier.length > 0 ? (
          <div className="mt-4">
            <h4 className="text-sm font-semibold text-slate-800">Earlier versions</h4>
            <ul className="mt-1 space-y-1 text-sm" data-testid="quote-versions">
              {earlier.map((q) => (
                <li key={q.id} className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <span className="font-medium text-slate-900">{quoteLabel(q)}</span>
                  <QuoteStatusBadge status={q.status} />
                  <span className="text-slate-700">{formatMoney(q.totalPence)}</span>
                  {q.sentAt ? <span className="text-slate-600">sent {when(q.sentAt)}</span> : null}
                  <a
                    href={quotesApi.pdfUrl(q.id)}
                    target="_blank"
                    rel="noopener"
                    className="text-brand-700 underline underline-offset-2"
                  >
                    PDF<span className="sr-only"> of {quoteLabel(q)}</span>
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {editing ? (
          <Suspense fallback={null}>
            <QuoteEditor
              request={s}
              settings={query.data.settings}
              quote={editing.quote}
              onClose={() => setEditing(null)}
              onSaved={(quote, next) => {
                setEditing(null);
                toast.success(
                  editing.quote && editing.quote.status !== "draft"
                    ? `${quoteLabel(quote)} saved as a draft`
                    : "Quote saved as a draft",
                  next === "send" ? undefined : { description: "Send it when you are ready." },
                );
                if (next === "send") setToSend(quote);
                void stored(quote);
              }}
            />
          </Suspense>
        ) : null}
      </>
    );
  }

  return (
    <section
      aria-labelledby={`${id}-quote`}
      className="mt-6 border-t border-slate-200 pt-5"
      data-testid="quote-panel"
    >
      <h3 id={`${id}-quote`} className={sectionTitle}>
        Quote
      </h3>
      {body}
      {s.email ? (
        <ConfirmDialog
          open={toSend !== null}
          onOpenChange={(open) => {
            if (!open && !busy) setToSend(null);
          }}
          title={toSend ? `Send ${quoteLabel(toSend)}?` : "Send the quote?"}
          message={`${s.name} (${s.email}) gets an e-mail with a link to their page and the quote as a PDF, for ${
            toSend ? formatMoney(toSend.totalPence) : ""
          }. The request moves to Quoted.`}
          confirmLabel="Send quote"
          tone="primary"
          busy={busy}
          onConfirm={() => void send()}
        />
      ) : toSend ? (
        <NoEmailDialog
          quote={toSend}
          name={s.name}
          onClose={() => setToSend(null)}
          onRecord={() => {
            setToAccept(toSend);
            setToSend(null);
          }}
          onSent={stored}
        />
      ) : null}
      {toAccept ? (
        <VerbalAcceptanceDialog
          quote={toAccept}
          name={s.name}
          hasEmail={Boolean(s.email)}
          onClose={() => setToAccept(null)}
          onDone={async (quote) => {
            setToAccept(null);
            toast.success("Acceptance recorded", {
              description: s.email
                ? "The customer is e-mailed the accepted quote as their confirmation."
                : "Print the accepted quote (Open PDF) and give or post it: it is their confirmation.",
            });
            await stored(quote);
          }}
        />
      ) : null}
      {toCancel ? (
        <CancelDialog
          quote={toCancel}
          today={query.data?.settings.today ?? ""}
          onClose={() => setToCancel(null)}
          onDone={async (quote) => {
            setToCancel(null);
            toast.success("Cancellation recorded", {
              description: "The customer is sent an acknowledgement by e-mail.",
            });
            await stored(quote);
          }}
        />
      ) : null}
      {owed ? (
        <AmountOwedDialog
          quote={owed}
          onClose={() => setOwed(null)}
          onDone={async (quote) => {
            setOwed(null);
            toast.success("Amount owed recorded");
            await stored(quote);
          }}
        />
      ) : null}
    </section>
  );
}

/** What happened to the quote, in a sentence or two. */
function StatusDetails({ quote: q }: { quote: AdminQuote }) {
  const parts: string[] = [];
  if (q.sentAt) parts.push(`Sent ${when(q.sentAt)}.`);
  else parts.push(`Not sent yet (saved ${when(q.updatedAt)}).`);
  if (q.viewedAt) parts.push(`Opened by the customer ${when(q.viewedAt)}.`);
  else if (q.sentAt && (q.status === "sent" || q.status === "viewed")) parts.push("Not opened yet.");
  if (q.followUpSentAt) parts.push(`Reminder sent ${when(q.followUpSentAt)}.`);
  if (q.status === "declined") {
    parts.push(`Declined${q.closedAt ? ` ${when(q.closedAt)}` : ""}.`);
  }
  if (q.status === "expired") parts.push(`Expired: not answered by ${day(q.validUntil)}.`);
  if (q.status === "superseded") parts.push("Replaced by a newer version.");
  return (
    <p className="mt-1 text-sm text-slate-700" data-testid="quote-status-details">
      {parts.join(" ")}
    </p>
  );
}

function LatestQuote({
  quote: q,
  settings,
  busy,
  onEdit,
  onSend,
  onRecordAcceptance,
  hasEmail,
  onCancel,
  onAmountOwed,
}: {
  quote: AdminQuote;
  settings: QuoteSettings;
  busy: boolean;
  onEdit: () => void;
  /** E-mail it, or (no e-mail address) the choices instead: print, read out, record the answer. */
  onSend: () => void;
  /** A yes given by phone or in person. */
  onRecordAcceptance: () => void;
  hasEmail: boolean;
  onCancel: () => void;
  onAmountOwed: () => void;
}) {
  const a = q.acceptance;
  const c = q.cancellation;
  const chosen = new Set(a?.optionalLinesChosen ?? []);
  const hasOptional = q.lines.some((l) => l.optional);
  const canCancel =
    q.status === "accepted" && a !== null && a.cancelUntil !== null && settings.today <= a.cancelUntil;
  const needsAmountOwed =
    q.status === "cancelled" && c !== null && c.amountOwedPence === null && a?.expressStart;

  return (
    <div className="mt-2 rounded-lg border border-slate-200 p-3 sm:p-4" data-testid="quote-latest">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold text-slate-900">{quoteLabel(q)}</span>
        <QuoteStatusBadge status={q.status} />
        {q.urgentRepair ? (
          <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900">
            Urgent repair
          </span>
        ) : null}
      </div>
      <StatusDetails quote={q} />

      <table className="mt-3 w-full text-left text-sm">
        <caption className="sr-only">Lines of {quoteLabel(q)}</caption>
        <thead className="border-b border-slate-200 text-xs text-slate-600">
          <tr>
            <th scope="col" className="py-1 pr-2 font-semibold">
              Description
            </th>
            <th scope="col" className="py-1 pr-2 text-right font-semibold whitespace-nowrap">
              Qty × price
            </th>
            <th scope="col" className="py-1 text-right font-semibold">
              Amount
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {q.lines.map((l) => (
            <tr key={l.id} className={l.optional ? "text-slate-600" : "text-slate-900"}>
              <td className="py-1.5 pr-2 break-words">
                {l.description}
                {l.optional ? (
                  <span className="ml-1.5 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-semibold text-slate-700">
                    {a ? (chosen.has(l.id) ? "Optional, chosen" : "Optional, not chosen") : "Optional"}
                  </span>
                ) : null}
              </td>
              <td className="py-1.5 pr-2 text-right whitespace-nowrap tabular-nums">
                {quantityText(l.quantity)} × {formatMoney(l.unitPence)}
                {q.vatRegistered && l.vatRate !== null ? ` +${l.vatRate}%` : ""}
              </td>
              <td className="py-1.5 text-right tabular-nums">{formatMoney(l.netPence)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="mt-2 grid gap-0.5 border-t border-slate-200 pt-2 text-sm">
        {q.vatRegistered
          ? q.totals.vatByRate.map((b) => (
              <div key={b.rate} className="flex justify-between gap-3">
                <dt className="text-slate-700">VAT {b.rate}%</dt>
                <dd className="tabular-nums">{formatMoney(b.vatPence)}</dd>
              </div>
            ))
          : null}
        <div className="flex justify-between gap-3 font-semibold">
          <dt>{hasOptional ? "Total without optional lines" : "Total"}</dt>
          <dd className="tabular-nums" data-testid="quote-panel-total">
            {formatMoney(q.totalPence)}
          </dd>
        </div>
        {hasOptional ? (
          <div className="flex justify-between gap-3">
            <dt className="text-slate-700">With every optional line</dt>
            <dd className="tabular-nums">{formatMoney(q.maxTotalPence)}</dd>
          </div>
        ) : null}
        {q.depositPence !== null || q.depositPercent !== null ? (
          <div className="flex justify-between gap-3">
            <dt className="text-slate-700">
              Deposit{q.depositPercent !== null ? ` (${q.depositPercent}%)` : ""}
            </dt>
            <dd className="tabular-nums">{formatMoney(q.depositDuePence)}</dd>
          </div>
        ) : null}
        <div className="flex justify-between gap-3">
          <dt className="text-slate-700">Valid until</dt>
          <dd>{day(q.validUntil)}</dd>
        </div>
      </dl>
      {q.note ? (
        <p className="mt-2 rounded bg-slate-50 p-2 text-sm break-words whitespace-pre-wrap text-slate-800">
          {q.note}
        </p>
      ) : null}

      {a ? (
        <div
          className="mt-3 rounded-lg border border-green-200 bg-success-50 p-3 text-sm text-slate-900"
          data-testid="quote-acceptance"
        >
          <p className="font-semibold text-success-700">
            Accepted {when(a.at)}{" "}
            {a.method === "page"
              ? "on their page"
              : `${a.method === "phone" ? "by phone" : "in person"} (${a.acceptedBy ?? ""}), recorded by you`}{" "}
            for {formatMoney(a.totalPence)}
          </p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5">
            {a.depositPence > 0 ? <li>Deposit due: {formatMoney(a.depositPence)}</li> : null}
            {hasOptional ? (
              <li>
                Optional lines chosen:{" "}
                {a.optionalLinesChosen.length === 0
                  ? "none"
                  : q.lines
                      .filter((l) => chosen.has(l.id))
                      .map((l) => l.description)
                      .join(", ")}
              </li>
            ) : null}
            <li>
              {a.expressStart
                ? "The customer asked for the work to start within the cancellation period."
                : "No early start: the work may start once the cancellation period has ended."}
            </li>
            <li>
              {a.cancelUntil
                ? `The customer may cancel until ${day(a.cancelUntil)}.`
                : "Urgent repair: the customer has no right to cancel it."}
            </li>
          </ul>
        </div>
      ) : null}
      {q.status === "declined" ? (
        <p className="mt-3 rounded-lg bg-danger-50 p-3 text-sm text-slate-900">
          <span className="font-semibold text-danger-600">Declined.</span>{" "}
          {q.declineReason ? <>Reason: &ldquo;{q.declineReason}&rdquo;</> : "No reason given."}
        </p>
      ) : null}
      {c ? (
        <div
          className="mt-3 rounded-lg bg-danger-50 p-3 text-sm text-slate-900"
          data-testid="quote-cancellation"
        >
          <p>
            <span className="font-semibold text-danger-600">Cancelled {when(c.at)}</span>{" "}
            {c.by === "customer" ? "by the customer on their page." : "(recorded by you: phone or letter)."}
          </p>
          {c.reason ? <p className="mt-1">Reason: &ldquo;{c.reason}&rdquo;</p> : null}
          <p className="mt-1">
            {c.amountOwedPence !== null
              ? `Owed for work done before the cancellation: ${formatMoney(c.amountOwedPence)}.`
              : a?.expressStart
                ? "Work could have started early at the customer's request: record what is owed for it, if anything."
                : "Nothing owed: no work was to start within the cancellation period."}
          </p>
        </div>
      ) : null}

      <div className="mt-3 flex flex-wrap gap-2">
        {q.status === "draft" ? (
          <>
            <Button disabled={busy} onClick={onSend}>
              <Send aria-hidden="true" className="size-4" />
              {hasEmail ? "Send…" : "Give to customer…"}
            </Button>
            <Button variant="secondary" disabled={busy} onClick={onEdit}>
              <Pencil aria-hidden="true" className="size-4" />
              Edit
            </Button>
          </>
        ) : isEditable(q.status) ? (
          <Button variant="secondary" disabled={busy} onClick={onEdit}>
            <Pencil aria-hidden="true" className="size-4" />
            Change (new version)
          </Button>
        ) : null}
        {!hasEmail && (q.status === "sent" || q.status === "viewed") ? (
          <Button variant="secondary" disabled={busy} onClick={onSend}>
            <MessageSquareText aria-hidden="true" className="size-4" />
            Text a link…
          </Button>
        ) : null}
        {["draft", "sent", "viewed"].includes(q.status) ? (
          <Button variant="secondary" disabled={busy} onClick={onRecordAcceptance}>
            <Check aria-hidden="true" className="size-4" />
            Record acceptance…
          </Button>
        ) : null}
        <a href={quotesApi.pdfUrl(q.id)} target="_blank" rel="noopener" className={buttonClass("secondary")}>
          <FileText aria-hidden="true" className="size-4" />
          {a ? "Open PDF (confirmation)" : "Open PDF"}
        </a>
        {canCancel ? (
          <Button variant="secondary" disabled={busy} onClick={onCancel}>
            <Ban aria-hidden="true" className="size-4" />
            Record a cancellation…
          </Button>
        ) : null}
        {needsAmountOwed ? (
          <Button variant="secondary" disabled={busy} onClick={onAmountOwed}>
            Record amount owed…
          </Button>
        ) : null}
      </div>
    </div>
  );
}

/** A cancellation the customer made by phone or letter, within their 14 days. */
function CancelDialog({
  quote: q,
  today,
  onClose,
  onDone,
}: {
  quote: AdminQuote;
  today: string;
  onClose: () => void;
  onDone: (quote: AdminQuote) => Promise<void>;
}) {
  const id = useId();
  const [receivedOn, setReceivedOn] = useState(today);
  const [reason, setReason] = useState("");
  const [owed, setOwed] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const expressStart = q.acceptance?.expressStart ?? false;

  const submit = async () => {
    const owedPence = owed.trim() ? parseAmount(owed) : null;
    if (owed.trim() && owedPence === null) {
      setErrors({ amountOwedPence: "Enter the amount in pounds, such as 80 or 120.50." });
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await onDone(
        await quotesApi.cancel(q.id, {
          receivedOn,
          reason: reason.trim() || null,
          ...(owedPence !== null ? { amountOwedPence: owedPence } : {}),
        }),
      );
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.fields).length > 0) setErrors(serverErrors(err.fields));
      else reportFailure(err, "Recording the cancellation");
    } finally {
      setBusy(false);
    }
  };

  const field = (k: string) => ({
    "aria-invalid": Boolean(errors[k]),
    ...(errors[k] ? { "aria-describedby": `${id}-${k}-error` } : {}),
  });
  return (
    <AdminDialog
      open
      onOpenChange={(open) => {
        if (!open && !busy) onClose();
      }}
      title="Record a cancellation"
      description={`The customer cancelled ${quoteLabel(q)} by phone or letter. They are sent an acknowledgement by e-mail, and a confirmed visit is cancelled.`}
    >
      <form
        noValidate
        className="grid gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <div>
          <label htmlFor={`${id}-on`} className="block text-sm font-semibold text-slate-800">
            The day they told you
          </label>
          <input
            id={`${id}-on`}
            type="date"
            className={inputClass}
            value={receivedOn}
            max={today}
            {...field("receivedOn")}
            onChange={(e) => setReceivedOn(e.target.value)}
          />
          <FieldError id={`${id}-receivedOn-error`} message={errors["receivedOn"]} />
        </div>
        <div>
          <label htmlFor={`${id}-reason`} className="block text-sm font-semibold text-slate-800">
            Reason (optional)
          </label>
          <textarea
            id={`${id}-reason`}
            rows={2}
            maxLength={1000}
            className={inputClass}
            value={reason}
            {...field("reason")}
            onChange={(e) => setReason(e.target.value)}
          />
          <FieldError id={`${id}-reason-error`} message={errors["reason"]} />
        </div>
        {expressStart ? (
          <div>
            <label htmlFor={`${id}-owed`} className="block text-sm font-semibold text-slate-800">
              Owed for work already done (£, optional)
            </label>
            <input
              id={`${id}-owed`}
              inputMode="decimal"
              className={inputClass}
              value={owed}
              placeholder="0.00"
              {...field("amountOwedPence")}
              onChange={(e) => setOwed(e.target.value)}
            />
            <span className="mt-1 block text-sm text-slate-600">
              The customer asked for an early start: they pay for the work done up to the cancellation, in
              proportion to the whole. You can record it later too.
            </span>
            <FieldError id={`${id}-amountOwedPence-error`} message={errors["amountOwedPence"]} />
          </div>
        ) : null}
        {errors["_form"] ? <p className="text-sm text-danger-600">{errors["_form"]}</p> : null}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" disabled={busy} onClick={onClose}>
            Back
          </Button>
          <Button type="submit" variant="danger" disabled={busy}>
            Record the cancellation
          </Button>
        </div>
      </form>
    </AdminDialog>
  );
}

/** What is owed for work done before a cancellation (work started early at the customer's request). */
function AmountOwedDialog({
  quote: q,
  onClose,
  onDone,
}: {
  quote: AdminQuote;
  onClose: () => void;
  onDone: (quote: AdminQuote) => Promise<void>;
}) {
  const id = useId();
  const [amount, setAmount] = useState("");
  const [note, setNote] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const pence = parseAmount(amount);
    if (pence === null) {
      setErrors({ amountOwedPence: "Enter the amount in pounds, such as 80 or 120.50." });
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await onDone(
        await quotesApi.recordAmountOwed(q.id, { amountOwedPence: pence, note: note.trim() || null }),
      );
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.fields).length > 0) setErrors(serverErrors(err.fields));
      else reportFailure(err, "Recording the amount owed");
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
      title="Record the amount owed"
      description={`For work done on ${quoteLabel(q)} before the customer cancelled, in proportion to the whole (${formatMoney(q.acceptance?.totalPence ?? q.totalPence)}).`}
    >
      <form
        noValidate
        className="grid gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <div>
          <label htmlFor={`${id}-amount`} className="block text-sm font-semibold text-slate-800">
            Amount owed (£)
          </label>
          <input
            id={`${id}-amount`}
            inputMode="decimal"
            className={inputClass}
            value={amount}
            placeholder="0.00"
            aria-invalid={Boolean(errors["amountOwedPence"])}
            {...(errors["amountOwedPence"] ? { "aria-describedby": `${id}-amount-error` } : {})}
            onChange={(e) => setAmount(e.target.value)}
          />
          <FieldError id={`${id}-amount-error`} message={errors["amountOwedPence"]} />
        </div>
        <div>
          <label htmlFor={`${id}-note`} className="block text-sm font-semibold text-slate-800">
            How it was worked out (optional)
          </label>
          <textarea
            id={`${id}-note`}
            rows={2}
            maxLength={1000}
            className={inputClass}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
          <FieldError id={`${id}-note-error`} message={errors["note"]} />
        </div>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" disabled={busy} onClick={onClose}>
            Back
          </Button>
          <Button type="submit" disabled={busy}>
            Record
          </Button>
        </div>
      </form>
    </AdminDialog>
  );
}
