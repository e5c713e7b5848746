/**
 * Money at a glance (/admin/money): what is owed and since when, what came in this month and last,
 * the quotes waiting for an answer and the share accepted over 90 days, a chart of invoiced against
 * received for 12 months (with its table), the invoices waiting for payment with "Record payment"
 * on each (the balance, bank transfer and today already filled in), the accountant's exports, and
 * "New invoice" for a customer with no request (./NewDirectInvoice.tsx).
 */
import { useQuery } from "@tanstack/react-query";
import { Download, FileSpreadsheet, List, Receipt } from "lucide-react";
import { useId, useState, type ReactNode } from "react";
import { toast } from "sonner";
import { site } from "../../../config/site";
import { ApiError } from "../../../admin/api";
import { invoicesApi, type MoneySummary } from "./api";
import { invoiceChanged, keys, queries } from "../../../admin/query";
import { buttonClass, Button, Spinner } from "../../../admin/components/ui";
import { formatMoney } from "../../../platform/money";
import { formatMonthYear, formatShortDate, isIsoDate } from "../../../platform/time";
import { exportRangeFits, exportRangeTooLong } from "../contract/endpoints";
import { MoneyChart } from "./MoneyChart";
import { NewDirectInvoice } from "./NewDirectInvoice";
import { PaymentDialog, type PayableInvoice } from "./PaymentDialog";
import { PaymentAlerts } from "./payment-panels";
import { AccountCredits } from "./AccountCredits";
import { acceptanceText, lastMonthRange, paymentSummary } from "./invoice-form";
import { LoadError } from "../../../admin/components/LoadError";

const sectionTitle = "text-lg font-bold text-brand-900";
const day = (date: string) => formatShortDate(date, { year: true });

export function MoneyScreen() {
  // Polled, so a payment taken online moves "received" while the screen is open.
  const summary = useQuery({ ...queries.money(), refetchInterval: 15_000 });
  const [paying, setPaying] = useState<PayableInvoice | null>(null);

  let body: ReactNode;
  if (summary.isPending) body = <Spinner label="Loading the figures…" />;
  else if (summary.isError) {
    body = (
      <LoadError
        className="mt-6"
        what="The figures"
        message={
          summary.error instanceof ApiError && summary.error.status === 401
            ? "Your session has ended."
            : undefined
        }
        onRetry={summary.refetch}
        retrying={summary.isFetching}
      />
    );
  } else {
    const m = summary.data;
    body = (
      <>
        <PaymentAlerts />
        <AccountCredits today={m.today} />
        <Figures summary={m} />
        <OverdueList summary={m} onPay={setPaying} />
        <UnpaidList today={m.today} onPay={setPaying} />
        <section aria-labelledby="chart-h" className="mt-10">
          <h2 id="chart-h" className={sectionTitle}>
            Invoiced and received, last 12 months
          </h2>
          <div className="mt-3 rounded-card border border-slate-200 bg-white p-4 shadow-card sm:p-6">
            <MoneyChart months={m.months} />
          </div>
        </section>
        <Exports today={m.today} />
        {paying ? (
          <PaymentDialog
            invoice={paying}
            today={m.today}
            onClose={() => setPaying(null)}
            onRecorded={(invoice, payment) => {
              setPaying(null);
              toast.success(`Payment recorded for ${paying.number}`, {
                description: `${paymentSummary(payment.amountPence, payment.method)}. ${
                  invoice.balancePence > 0
                    ? `${formatMoney(invoice.balancePence)} still owed.`
                    : "Paid in full: the customer is sent a receipt."
                }`,
              });
              void invoiceChanged(invoice.submissionId);
            }}
          />
        ) : null}
      </>
    );
  }

  return (
    <div>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">Money</h1>
          <p className="mt-1 text-slate-600">
            What you are owed, what has come in, and the accountant&rsquo;s files.
          </p>
          <a
            href="/admin/invoices"
            className="mt-1 inline-flex min-h-11 items-center gap-1 font-semibold text-brand-700 underline underline-offset-2"
          >
            <List aria-hidden="true" className="size-4" />
            All invoices and credit notes
          </a>
        </div>
        <NewDirectInvoice />
      </div>
      {body}
    </div>
  );
}

function Figure({
  label,
  value,
  detail,
  tone = "plain",
  testId,
}: {
  label: string;
  value: string;
  detail: ReactNode;
  tone?: "plain" | "alert";
  testId?: string;
}) {
  return (
    <div
      className={`min-w-0 rounded-card border bg-white p-3 shadow-card sm:p-5 ${tone === "alert" ? "border-red-200" : "border-slate-200"}`}
    >
      <dt className="text-sm font-semibold text-slate-600">{label}</dt>
      <dd
        className={`mt-1 text-xl font-bold break-words tabular-nums sm:text-2xl ${tone === "alert" ? "text-danger-600" : "text-brand-900"}`}
        data-testid={testId}
      >
        {value}
      </dd>
      <dd className="mt-1 text-sm text-slate-700">{detail}</dd>
    </div>
  );
}

const invoices = (n: number) => (n === 1 ? "1 invoice" : `${n} invoices`);

function Figures({ summary: m }: { summary: MoneySummary }) {
  const month = (s: string) => formatMonthYear(s).split(" ")[0];
  return (
    <dl className="mt-6 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3">
      <Figure
        label="Outstanding"
        value={formatMoney(m.outstandingPence)}
        detail={m.outstandingCount === 0 ? "Nothing owed." : `Across ${invoices(m.outstandingCount)}.`}
        testId="money-outstanding"
      />
      <Figure
        label="Overdue"
        value={formatMoney(m.overduePence)}
        detail={m.overdueCount === 0 ? "Nothing overdue." : `${invoices(m.overdueCount)} past the due date.`}
        tone={m.overdueCount > 0 ? "alert" : "plain"}
        testId="money-overdue"
      />
      <Figure
        label={`Invoiced in ${month(m.thisMonth.month)}`}
        value={formatMoney(m.thisMonth.invoicedPence)}
        detail={`${month(m.lastMonth.month)}: ${formatMoney(m.lastMonth.invoicedPence)}`}
        testId="money-invoiced"
      />
      <Figure
        label={`Received in ${month(m.thisMonth.month)}`}
        value={formatMoney(m.thisMonth.receivedPence)}
        detail={`${month(m.lastMonth.month)}: ${formatMoney(m.lastMonth.receivedPence)}`}
        testId="money-received"
      />
      <Figure
        label="Quotes awaiting an answer"
        value={String(m.quotesAwaiting.count)}
        detail={
          m.quotesAwaiting.count === 0 ? "None out." : `Worth ${formatMoney(m.quotesAwaiting.totalPence)}.`
        }
      />
      <Figure
        label="Quotes accepted, last 90 days"
        value={acceptanceText(m.acceptance90.share)}
        detail={
          m.acceptance90.decided === 0
            ? "No quote answered or expired yet."
            : `${m.acceptance90.accepted} of ${m.acceptance90.decided} answered or expired.`
        }
      />
    </dl>
  );
}

/** One invoice waiting for payment: its number, customer, dates, balance, and Record payment. */
function DueRow({
  invoice,
  when,
  onPay,
}: {
  invoice: PayableInvoice & { submissionId: number | null };
  when: ReactNode;
  onPay: (invoice: PayableInvoice) => void;
}) {
  return (
    <li
      className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between"
      data-testid="money-due-row"
    >
      <div className="min-w-0">
        <p className="flex flex-wrap items-baseline gap-x-2">
          {invoice.submissionId !== null ? (
            <a
              href={`/admin/requests/${invoice.submissionId}`}
              className="font-mono font-semibold text-brand-700 underline underline-offset-2"
            >
              {invoice.number}
            </a>
          ) : (
            <span className="font-mono font-semibold text-slate-900">{invoice.number}</span>
          )}
          <span className="break-words text-slate-900">{invoice.customerName}</span>
        </p>
        <p className="mt-0.5 text-sm text-slate-700">{when}</p>
      </div>
      <div className="flex items-center justify-between gap-4 sm:justify-end">
        <span className="text-right">
          <span className="block text-xs text-slate-600">Owed</span>
          <span className="font-semibold text-slate-900 tabular-nums">
            {formatMoney(invoice.balancePence)}
          </span>
        </span>
        <Button variant="success" onClick={() => onPay(invoice)}>
          <Receipt aria-hidden="true" className="size-4" />
          Record payment<span className="sr-only"> for {invoice.number}</span>
        </Button>
      </div>
    </li>
  );
}

function OverdueList({ summary: m, onPay }: { summary: MoneySummary; onPay: (i: PayableInvoice) => void }) {
  return (
    <section aria-labelledby="overdue-h" className="mt-10">
      <h2 id="overdue-h" className={sectionTitle}>
        Overdue, oldest first
      </h2>
      {m.overdue.length === 0 ? (
        <p className="mt-2 text-slate-700">No invoice is past its due date.</p>
      ) : (
        <ul
          className="mt-3 divide-y divide-slate-200 rounded-card border border-slate-200 bg-white shadow-card"
          aria-label="Overdue invoices"
        >
          {m.overdue.map((o) => (
            <DueRow
              key={o.id}
              invoice={o}
              onPay={onPay}
              when={
                <>
                  Due {day(o.dueOn)},{" "}
                  <strong className="text-danger-600">
                    {o.daysOverdue === 1 ? "1 day" : `${o.daysOverdue} days`} overdue
                  </strong>
                  {o.remindersSent > 0
                    ? `, ${o.remindersSent === 1 ? "1 reminder" : `${o.remindersSent} reminders`} sent`
                    : ""}
                </>
              }
            />
          ))}
        </ul>
      )}
      {m.overdueCount > m.overdue.length ? (
        <p className="mt-2 text-sm text-slate-600">
          The {m.overdue.length} oldest of {m.overdueCount} are shown.
        </p>
      ) : null}
    </section>
  );
}

/** Unpaid and part-paid invoices still within their terms. */
function UnpaidList({ today, onPay }: { today: string; onPay: (i: PayableInvoice) => void }) {
  const list = useQuery({
    queryKey: [...keys.money, "open"] as const,
    queryFn: () => invoicesApi.list({ status: "open" }),
  });
  const rows = (list.data?.invoices ?? []).filter((r) => !r.overdue && r.number !== null);
  return (
    <section aria-labelledby="unpaid-h" className="mt-10">
      <h2 id="unpaid-h" className={sectionTitle}>
        Waiting for payment, not yet due
      </h2>
      {list.isPending ? <Spinner label="Loading the unpaid invoices…" className="py-4" /> : null}
      {list.isError ? (
        <LoadError
          className="mt-2"
          what="The unpaid invoices"
          onRetry={list.refetch}
          retrying={list.isFetching}
        />
      ) : null}
      {list.data && rows.length === 0 ? (
        <p className="mt-2 text-slate-700">No other invoice is waiting for payment.</p>
      ) : null}
      {rows.length > 0 ? (
        <ul
          className="mt-3 divide-y divide-slate-200 rounded-card border border-slate-200 bg-white shadow-card"
          aria-label="Invoices waiting for payment"
        >
          {rows.map((r) => (
            <DueRow
              key={r.id}
              invoice={{ ...r, number: r.number! }}
              onPay={onPay}
              when={
                r.dueOn
                  ? r.dueOn === today
                    ? "Due today"
                    : `Due ${day(r.dueOn)}`
                  : r.issuedOn
                    ? `Issued ${day(r.issuedOn)}`
                    : ""
              }
            />
          ))}
        </ul>
      ) : null}
      {list.data && list.data.total > list.data.invoices.length ? (
        <p className="mt-2 text-sm text-slate-600">
          The first {list.data.invoices.length} of {list.data.total} open invoices are shown.
        </p>
      ) : null}
    </section>
  );
}

const inputClass =
  "mt-1 block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900";

/** The accountant's files for a date range: Xero's sales invoices, the payments, the VAT summary. */
function Exports({ today }: { today: string }) {
  const id = useId();
  const [range, setRange] = useState(() => lastMonthRange(today));
  const ordered = isIsoDate(range.from) && isIsoDate(range.to) && range.from <= range.to;
  const valid = ordered && exportRangeFits(range.from, range.to);
  return (
    <section aria-labelledby="exports-h" className="mt-10">
      <h2 id="exports-h" className={sectionTitle}>
        For the accountant
      </h2>
      <div className="mt-3 rounded-card border border-slate-200 bg-white p-4 shadow-card sm:p-6">
        <p className="text-sm text-slate-700">
          Invoices and credit notes issued in the range, one row per line in Xero&rsquo;s sales-invoice import
          layout; payments by the day they came in.
        </p>
        <div className="mt-4 grid max-w-xl grid-cols-2 gap-4">
          <div>
            <label htmlFor={`${id}-from`} className="block text-sm font-semibold text-slate-800">
              From
            </label>
            <input
              id={`${id}-from`}
              type="date"
              className={inputClass}
              value={range.from}
              onChange={(e) => setRange((r) => ({ ...r, from: e.target.value }))}
            />
          </div>
          <div>
            <label htmlFor={`${id}-to`} className="block text-sm font-semibold text-slate-800">
              To
            </label>
            <input
              id={`${id}-to`}
              type="date"
              className={inputClass}
              value={range.to}
              aria-invalid={!valid}
              onChange={(e) => setRange((r) => ({ ...r, to: e.target.value }))}
            />
          </div>
        </div>
        {valid ? (
          <div className="mt-4 flex flex-wrap gap-3">
            <a
              href={invoicesApi.xeroCsvUrl(range.from, range.to)}
              download
              className={buttonClass("primary")}
            >
              <FileSpreadsheet aria-hidden="true" className="size-4" />
              Xero sales invoices (CSV)
            </a>
            <a
              href={invoicesApi.paymentsCsvUrl(range.from, range.to)}
              download
              className={buttonClass("secondary")}
            >
              <Download aria-hidden="true" className="size-4" />
              Payments (CSV)
            </a>
          </div>
        ) : (
          <p className="mt-4 text-sm text-danger-600" role="status">
            {ordered ? exportRangeTooLong : "Choose two dates, the first on or before the second."}
          </p>
        )}
        {site.vat.registered && valid ? <VatSummary from={range.from} to={range.to} /> : null}
      </div>
    </section>
  );
}

/** VAT per rate for the range: invoices less credit notes. */
function VatSummary({ from, to }: { from: string; to: string }) {
  const [shown, setShown] = useState(false);
  const vat = useQuery({
    queryKey: [...keys.money, "vat", from, to] as const,
    queryFn: () => invoicesApi.vatSummary(from, to),
    enabled: shown,
  });
  if (!shown) {
    return (
      <Button variant="secondary" className="mt-3" onClick={() => setShown(true)}>
        VAT summary for these dates
      </Button>
    );
  }
  if (vat.isPending) return <Spinner label="Working out the VAT…" className="py-4" />;
  if (vat.isError)
    return (
      <LoadError className="mt-3" what="The VAT summary" onRetry={vat.refetch} retrying={vat.isFetching} />
    );
  const v = vat.data;
  return (
    <table className="mt-4 w-full max-w-xl text-left text-sm" data-testid="vat-summary">
      <caption className="text-left font-semibold text-slate-800">
        VAT from {day(v.from)} to {day(v.to)} ({v.invoiceCount} invoices, {v.creditNoteCount} credit notes)
      </caption>
      <thead className="border-b border-slate-200 text-xs text-slate-600">
        <tr>
          <th scope="col" className="py-1 font-semibold">
            Rate
          </th>
          <th scope="col" className="py-1 text-right font-semibold">
            Net
          </th>
          <th scope="col" className="py-1 text-right font-semibold">
            VAT
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {v.bands.map((b) => (
          <tr key={b.rate}>
            <th scope="row" className="py-1 font-medium">
              {b.rate}%
            </th>
            <td className="py-1 text-right tabular-nums">{formatMoney(b.netPence)}</td>
            <td className="py-1 text-right tabular-nums">{formatMoney(b.vatPence)}</td>
          </tr>
        ))}
        <tr className="font-semibold">
          <th scope="row" className="py-1">
            Total
          </th>
          <td className="py-1 text-right tabular-nums">{formatMoney(v.netPence)}</td>
          <td className="py-1 text-right tabular-nums">{formatMoney(v.vatPence)}</td>
        </tr>
      </tbody>
    </table>
  );
}
