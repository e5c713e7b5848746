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
import { lazy, Suspense, useState } from "react";
import { toast } from "sonner";
import { isEditable, quoteStatusLabels, type QuoteStatus } from "../contract/rules";
import type { AdminRequest } from "../../requests/contract/endpoints";
import { formatMoney } from "../../../platform/money";
import { formatShortDate } from "../../../platform/time";
import { formatSubmittedAt } from "../../../admin/format";
import { keys, queries, queryClient, requestChanged } from "../../../admin/query";
import { quoteLabel } from "./quote-draft";
import { quotesApi, type AdminQuote, type QuoteSettings } from "./api";
import { ConfirmDialog } from "../../../admin/components/dialogs";
import { Button, buttonClass } from "../../../admin/components/ui";
import {
  DocumentNote,
  DocumentPanel,
  LinesTable,
  SumRow,
  usePanelAction,
  VatSums,
} from "../../billing/screens";
import { NoEmailDialog, VerbalAcceptanceDialog } from "./VerbalAcceptanceDialog";
import { AmountOwedDialog, CancelDialog } from "./CancellationDialogs";

const QuoteEditor = lazy(() => import("./QuoteEditor").then((m) => ({ default: m.QuoteEditor })));

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
  const s = request;
  const query = useQuery(queries.quotes(s.id));
  const [editing, setEditing] = useState<{ quote: AdminQuote | null } | null>(null);
  const [toSend, setToSend] = useState<AdminQuote | null>(null);
  const [toCancel, setToCancel] = useState<AdminQuote | null>(null);
  const [owed, setOwed] = useState<AdminQuote | null>(null);
  const [toAccept, setToAccept] = useState<AdminQuote | null>(null);
  const { busy, run } = usePanelAction();

  /** A saved quote into the cache at once (newest first), then everything about the request again. */
  const stored = async (quote: AdminQuote) => {
    queryClient.setQueryData<QuotesAnswer>(keys.quotes(s.id), (d) =>
      d ? { ...d, quotes: [quote, ...d.quotes.filter((q) => q.id !== quote.id)] } : d,
    );
    await requestChanged(s.id);
  };
  /** A recorded step: its dialog closes, a toast says so, the quote is stored. */
  const recorded = (close: () => void, title: string, description?: string) => async (quote: AdminQuote) => {
    close();
    toast.success(title, description ? { description } : undefined);
    await stored(quote);
  };

  const send = (quote: AdminQuote) =>
    run(
      async () => {
        const sent = await quotesApi.send(quote.id);
        toast.success("Quote sent", { description: `${quoteLabel(sent)} is on its way to ${s.email}.` });
        setToSend(null);
        await stored(sent);
      },
      "Sending the quote",
      {
        // No answer in time: the server may still have sent it. Show what it now says.
        description: "The quote below shows whether it was sent; send it again only if it is still a draft.",
        reload: async () => {
          setToSend(null);
          await requestChanged(s.id);
        },
      },
    );

  const dialogs = (
    <>
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
          onConfirm={() => toSend && void send(toSend)}
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
          onDone={recorded(
            () => setToAccept(null),
            "Acceptance recorded",
            s.email
              ? "The customer is e-mailed the accepted quote as their confirmation."
              : "Print the accepted quote (Open PDF) and give or post it: it is their confirmation.",
          )}
        />
      ) : null}
      {toCancel ? (
        <CancelDialog
          quote={toCancel}
          today={query.data?.settings.today ?? ""}
          onClose={() => setToCancel(null)}
          onDone={recorded(
            () => setToCancel(null),
            "Cancellation recorded",
            "The customer is sent an acknowledgement by e-mail.",
          )}
        />
      ) : null}
      {owed ? (
        <AmountOwedDialog
          quote={owed}
          onClose={() => setOwed(null)}
          onDone={recorded(() => setOwed(null), "Amount owed recorded")}
        />
      ) : null}
    </>
  );

  return (
    <DocumentPanel
      title="Quote"
      testId="quote-panel"
      query={query}
      loading="Loading the quote…"
      what="The quote"
      dialogs={dialogs}
    >
      {(data) => {
        const [latest, ...earlier] = data.quotes;
        const canStartNew = !latest || !["draft", "sent", "viewed", "accepted"].includes(latest.status);
        return (
          <>
            {latest ? (
              <LatestQuote
                quote={latest}
                settings={data.settings}
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
            <EarlierVersions quotes={earlier} />
            {editing ? (
              <Suspense fallback={null}>
                <QuoteEditor
                  request={s}
                  settings={data.settings}
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
      }}
    </DocumentPanel>
  );
}

/** The versions a newer one replaced, each with its PDF. */
function EarlierVersions({ quotes }: { quotes: readonly AdminQuote[] }) {
  if (quotes.length === 0) return null;
  return (
    <div className="mt-4">
      <h4 className="text-sm font-semibold text-slate-800">Earlier versions</h4>
      <ul className="mt-1 space-y-1 text-sm" data-testid="quote-versions">
        {quotes.map((q) => (
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

      <LinesTable
        caption={`Lines of ${quoteLabel(q)}`}
        lines={q.lines}
        vatRegistered={q.vatRegistered}
        className="mt-3 text-sm"
        rowClass={(l) => (l.optional ? "text-slate-600" : "text-slate-900")}
        badge={(l) =>
          l.optional
            ? a
              ? chosen.has(l.id)
                ? "Optional, chosen"
                : "Optional, not chosen"
              : "Optional"
            : null
        }
      />
      <dl className="mt-2 grid gap-0.5 border-t border-slate-200 pt-2 text-sm">
        {q.vatRegistered ? <VatSums vatByRate={q.totals.vatByRate} /> : null}
        <SumRow
          label={hasOptional ? "Total without optional lines" : "Total"}
          value={q.totalPence}
          strong
          testId="quote-panel-total"
        />
        {hasOptional ? <SumRow label="With every optional line" value={q.maxTotalPence} /> : null}
        {q.depositPence !== null || q.depositPercent !== null ? (
          <SumRow
            label={`Deposit${q.depositPercent !== null ? ` (${q.depositPercent}%)` : ""}`}
            value={q.depositDuePence}
          />
        ) : null}
        <SumRow label="Valid until" value={day(q.validUntil)} />
      </dl>
      <DocumentNote note={q.note} />

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
