/**
 * The parts of a request's quote and invoice panels that are the same for both
 * (docs/decisions/074-billing-screens.md): the panel's frame (its heading, then loading, the load
 * error with "Try again", or the documents), a document's lines table, its sums, its note, and an
 * action's run (busy meanwhile, a failed call as a toast, an answer that never came said plainly).
 */
import type { UseQueryResult } from "@tanstack/react-query";
import { useId, useState, type ReactNode } from "react";
import { toast } from "sonner";
import { ApiError } from "../../../admin/api";
import { LoadError } from "../../../admin/components/LoadError";
import { Spinner } from "../../../admin/components/ui";
import { formatMoney, type Pence } from "../../../platform/money";
import { quantityText } from "../contract/hundredths";
import { reportFailure, sectionTitle } from "./form-parts";

export function DocumentPanel<T>({
  title,
  testId,
  anchor,
  query,
  loading,
  what,
  children,
  dialogs,
}: {
  title: string;
  testId: string;
  /** The section's id, for a link to it ("invoices-12"). */
  anchor?: string;
  query: UseQueryResult<T>;
  /** "Loading the quote…" */
  loading: string;
  /** "The quote": the load error's subject. */
  what: string;
  children: (data: T) => ReactNode;
  /** The panel's dialogs, kept mounted whatever the query's state. */
  dialogs?: ReactNode;
}) {
  const id = useId();
  return (
    <section
      id={anchor}
      aria-labelledby={`${id}-title`}
      className="mt-6 scroll-mt-4 border-t border-slate-200 pt-5"
      data-testid={testId}
    >
      <h3 id={`${id}-title`} className={sectionTitle}>
        {title}
      </h3>
      {query.isPending ? (
        <Spinner label={loading} className="py-4" />
      ) : query.isError ? (
        <LoadError compact className="mt-2" what={what} onRetry={query.refetch} retrying={query.isFetching} />
      ) : (
        children(query.data)
      )}
      {dialogs}
    </section>
  );
}

interface TableLine {
  id: number;
  description: string;
  quantity: number;
  unitPence: Pence;
  vatRate: number | null;
  netPence: Pence;
}

/**
 * A document's lines: description, quantity × price (+ rate when VAT-registered), amount. On a
 * 375 px phone the price may go under its quantity and a long word in a description breaks, so
 * the amounts keep their room.
 */
export function LinesTable<L extends TableLine>({
  caption,
  lines,
  vatRegistered,
  className = "",
  rowClass,
  badge,
}: {
  caption: string;
  lines: readonly L[];
  vatRegistered: boolean;
  className?: string;
  rowClass?: (line: L) => string;
  /** Words after a line's description ("Optional, chosen"), or nothing. */
  badge?: (line: L) => string | null;
}) {
  return (
    <table className={`w-full text-left ${className}`}>
      <caption className="sr-only">{caption}</caption>
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
        {lines.map((l) => {
          const words = badge?.(l);
          return (
            <tr key={l.id} className={rowClass?.(l)}>
              <td className="py-1.5 pr-2 wrap-anywhere">
                {l.description}
                {words ? (
                  <span className="ml-1.5 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-semibold text-slate-700">
                    {words}
                  </span>
                ) : null}
              </td>
              <td className="py-1.5 pr-2 text-right tabular-nums">
                {quantityText(l.quantity)}&nbsp;× {formatMoney(l.unitPence)}
                {vatRegistered && l.vatRate !== null ? ` +${l.vatRate}%` : ""}
              </td>
              <td className="py-1.5 text-right tabular-nums">{formatMoney(l.netPence)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** One of a document's sums under its lines: a label and an amount (or a date). */
export function SumRow({
  label,
  value,
  strong = false,
  testId,
}: {
  label: string;
  value: Pence | string;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <div className="flex justify-between gap-3">
      <dt className={strong ? "font-semibold text-slate-900" : "text-slate-700"}>{label}</dt>
      <dd className={`tabular-nums ${strong ? "font-semibold text-slate-900" : ""}`} data-testid={testId}>
        {typeof value === "number" ? formatMoney(value) : value}
      </dd>
    </div>
  );
}

/** The VAT of each band, for a VAT-registered business. */
export function VatSums({ vatByRate }: { vatByRate: readonly { rate: number; vatPence: Pence }[] }) {
  return (
    <>
      {vatByRate.map((b) => (
        <SumRow key={b.rate} label={`VAT ${b.rate}%`} value={b.vatPence} />
      ))}
    </>
  );
}

/** The note to the customer, as written. */
export function DocumentNote({ note }: { note: string | null }) {
  return note ? (
    <p className="mt-2 rounded bg-slate-50 p-2 text-sm break-words whitespace-pre-wrap text-slate-800">
      {note}
    </p>
  ) : null;
}

/**
 * An action from a panel: `busy` while it runs; a failure as a toast naming `what`; with
 * `noAnswer`, a call that timed out (the server may still have done it) is said as such and the
 * panel reloads to show what the server now says.
 */
export function usePanelAction() {
  const [busy, setBusy] = useState(false);
  const run = async (
    work: () => Promise<void>,
    what: string,
    noAnswer?: { description: string; reload: () => Promise<void> },
  ) => {
    setBusy(true);
    try {
      await work();
    } catch (err) {
      if (noAnswer && err instanceof ApiError && err.status === 0) {
        toast.warning("The server did not answer in time", { description: noAnswer.description });
        await noAnswer.reload();
      } else reportFailure(err, what);
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}
