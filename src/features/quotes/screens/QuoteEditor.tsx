/**
 * The quote editor, a dialog over the request: lines (description, quantity, unit price typed in
 * pounds, VAT rate when VAT-registered, optional), the note, valid-until, the deposit and the
 * urgent-repair flag, with the totals worked out live by the quotes contract's own functions
 * (../quote-draft.ts). One tap adds a line from the price list. A refused save shows the server's
 * messages beside the fields it names and keeps everything typed. Loaded only when opened.
 */
import { useQuery } from "@tanstack/react-query";
import { Search, Send, X } from "lucide-react";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import type { AdminRequest } from "../../requests/contract/endpoints";
import { formatMoney } from "../../../platform/money";
import { addDays, formatShortDate, isIsoDate } from "../../../platform/time";
import { ApiError } from "../../../admin/api";
import { queries } from "../../../admin/query";
import {
  draftFromQuote,
  draftToBody,
  emptyDraft,
  emptyLine,
  lineFromItem,
  liveTotals,
  priceWithUnit,
  quoteLabel,
  serverErrors,
  type DepositKind,
  type DraftErrors,
  type LineDraft,
  type QuoteDraft,
} from "./quote-draft";
import { quotesApi, type AdminQuote, type PriceListItem, type QuoteSettings } from "./api";
import { WebsitePrices } from "./WebsitePrices";
import { AdminDialog, ConfirmDialog } from "../../../admin/components/dialogs";
import { Button, FormProblem, IconButton } from "../../../admin/components/ui";
import { WorkStartFields } from "./WorkStartFields";
import { DocumentLines, FieldError, isBlankLine, type FieldProps } from "../../billing/screens";
import { LoadError } from "../../../admin/components/LoadError";

const inputClass =
  "mt-1 block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 aria-[invalid=true]:border-danger-600 aria-[invalid=true]:ring-1 aria-[invalid=true]:ring-danger-600";
const labelClass = "block text-sm font-semibold text-slate-800";
const sectionTitle = "text-xs font-semibold tracking-wide text-slate-600 uppercase";

export interface QuoteEditorProps {
  request: AdminRequest;
  settings: QuoteSettings;
  /** The quote to change (a draft in place, a sent one as a new version); null for a new quote. */
  quote: AdminQuote | null;
  onClose: () => void;
  /** Saved; `send` when the owner chose "Save and send". */
  onSaved: (quote: AdminQuote, next: "close" | "send") => void;
}

export function QuoteEditor({ request, settings, quote, onClose, onSaved }: QuoteEditorProps) {
  const id = useId();
  const vatRegistered = quote ? quote.vatRegistered : settings.vatRegistered;
  const defaultRate = vatRegistered ? (settings.vatRates[0] ?? 0) : null;
  const [draft, setDraft] = useState<QuoteDraft>(() =>
    quote ? draftFromQuote(quote) : emptyDraft(addDays(settings.today, settings.validDays), defaultRate),
  );
  const [dirty, setDirty] = useState(false);
  const [errors, setErrors] = useState<DraftErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A new quote starts with the price list open: each of its items is one tap.
  const [pickerOpen, setPickerOpen] = useState(!quote);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  /** The line whose description gets the focus once it is on screen. */
  const focusKey = useRef<string | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const totals = useMemo(() => liveTotals(draft, { vatRegistered }), [draft, vatRegistered]);

  // A new line's description gets the focus, so the owner types straight on.
  useEffect(() => {
    if (!focusKey.current) return;
    document.getElementById(`${id}-${focusKey.current}-description`)?.focus();
    focusKey.current = null;
  }, [draft.lines, id]);

  const change = (update: (d: QuoteDraft) => QuoteDraft, clear: string[] = []) => {
    setDraft(update);
    setDirty(true);
    if (clear.some((k) => errors[k])) {
      setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !clear.includes(k))));
    }
  };
  const setLine = (index: number, patch: Partial<LineDraft>, field: string) =>
    change(
      (d) => ({ ...d, lines: d.lines.map((l, i) => (i === index ? { ...l, ...patch } : l)) }),
      [`lines.${index}.${field}`, `lines.${index}`],
    );
  /** Lines added or removed: the messages about lines by number no longer fit them. */
  const withoutLineErrors = () =>
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !k.startsWith("lines"))));
  /**
   * A new line at the end; from the price list, the one blank line a new quote starts with is
   * replaced and the focus stays in the list, so the next item is one more tap.
   */
  const addLine = (line: LineDraft, fromPriceList = false) => {
    change((d) => ({
      ...d,
      lines: fromPriceList && d.lines.length === 1 && isBlankLine(d.lines[0]!) ? [line] : [...d.lines, line],
    }));
    withoutLineErrors();
    if (!fromPriceList) focusKey.current = line.key;
  };
  const removeLine = (index: number) => {
    change((d) => ({ ...d, lines: d.lines.filter((_, i) => i !== index) }));
    withoutLineErrors();
  };

  const close = () => {
    if (dirty && !busy) setConfirmDiscard(true);
    else if (!busy) onClose();
  };

  const save = async (next: "close" | "send") => {
    setProblem(null);
    const result = draftToBody(draft, { vatRegistered });
    if (result.errors) {
      setErrors(result.errors);
      setProblem("The quote was not saved. Please check the highlighted fields.");
      alertRef.current?.focus();
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const saved = quote
        ? await quotesApi.update(quote.id, result.body)
        : await quotesApi.create(request.id, result.body);
      setDirty(false);
      onSaved(saved, next);
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return;
      const fields = err instanceof ApiError ? serverErrors(err.fields) : {};
      setErrors(fields);
      setProblem(
        err instanceof ApiError && err.status > 0 && err.status < 500
          ? Object.keys(fields).length > 0
            ? `The quote was not saved. ${err.message}`
            : err.message
          : "The quote could not be saved: the server did not answer. Nothing you typed is lost; please try again.",
      );
      // The alert is announced; focus goes there so a keyboard user reads it first.
      requestAnimationFrame(() => alertRef.current?.focus());
    } finally {
      setBusy(false);
    }
  };

  const field = (key: string) => ({
    "aria-invalid": Boolean(errors[key]),
    ...(errors[key] ? { "aria-describedby": `${id}-${key.replaceAll(".", "-")}-error` } : {}),
  });
  const errorFor = (key: string) => (
    <FieldError id={`${id}-${key.replaceAll(".", "-")}-error`} message={errors[key]} />
  );
  const formErrors = Object.entries(errors).filter(
    ([k]) =>
      !/^lines\.\d+/.test(k) &&
      ![
        "validUntil",
        "depositPence",
        "depositPercent",
        "note",
        "urgentRepair",
        "startDate",
        "startWithinWorkingDays",
      ].includes(k),
  );

  const title = quote
    ? quote.status === "draft"
      ? `Edit ${quoteLabel(quote)}`
      : `Change ${quote.number}: makes version ${quote.version + 1}`
    : "New quote";

  return (
    <AdminDialog
      open
      widest
      onOpenChange={(open) => {
        if (!open) close();
      }}
      title={title}
      description={`For ${request.name} (${request.reference}).${
        vatRegistered ? " Prices without VAT." : ""
      }`}
    >
      <form
        noValidate
        aria-label={title}
        onSubmit={(e) => {
          e.preventDefault();
          void save("close");
        }}
      >
        <FormProblem problem={problem} reasons={formErrors} alertRef={alertRef} className="mb-4" />

        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_17rem]">
          <div className="grid min-w-0 gap-6">
            <section aria-labelledby={`${id}-lines`}>
              <h3 id={`${id}-lines`} className={sectionTitle}>
                Lines
              </h3>
              <DocumentLines
                id={id}
                testId="quote-lines"
                lines={draft.lines}
                vatRates={vatRegistered ? settings.vatRates : null}
                allowOptional
                errors={errors}
                field={field}
                errorFor={errorFor}
                onChange={setLine}
                onRemove={removeLine}
                onAdd={() => addLine(emptyLine(defaultRate))}
                pickerOpen={pickerOpen}
                onPicker={() => openPicker(`${id}-picker`, pickerOpen, setPickerOpen)}
                picker={
                  <PriceListPicker
                    id={`${id}-picker`}
                    vatRegistered={vatRegistered}
                    focusSearch={Boolean(quote)}
                    onPick={(item) =>
                      addLine(lineFromItem(vatRegistered ? item : { ...item, vatRate: null }), true)
                    }
                    onClose={() => setPickerOpen(false)}
                  />
                }
              />
            </section>

            <section aria-labelledby={`${id}-terms`} className="grid gap-4">
              <h3 id={`${id}-terms`} className={sectionTitle}>
                Terms
              </h3>
              <div className="grid gap-4 sm:grid-cols-2">
                <div>
                  <label htmlFor={`${id}-valid`} className={labelClass}>
                    Valid until
                  </label>
                  <input
                    id={`${id}-valid`}
                    type="date"
                    className={inputClass}
                    value={draft.validUntil}
                    min={settings.today}
                    {...field("validUntil")}
                    onChange={(e) => change((d) => ({ ...d, validUntil: e.target.value }), ["validUntil"])}
                  />
                  {errorFor("validUntil")}
                  {isIsoDate(draft.validUntil) && !errors["validUntil"] ? (
                    <span className="mt-1 block text-sm text-slate-600">
                      {formatShortDate(draft.validUntil, { year: true })}
                    </span>
                  ) : null}
                </div>
                <DepositFields
                  id={`${id}-deposit`}
                  draft={draft}
                  field={field}
                  errorFor={errorFor}
                  onKind={(kind) =>
                    change((d) => ({ ...d, depositKind: kind }), ["depositPence", "depositPercent"])
                  }
                  onAmount={(v) => change((d) => ({ ...d, depositAmount: v }), ["depositPence"])}
                  onPercent={(v) => change((d) => ({ ...d, depositPercent: v }), ["depositPercent"])}
                />
              </div>
              <WorkStartFields
                id={`${id}-start`}
                draft={draft}
                today={settings.today}
                field={field}
                errorFor={errorFor}
                onChange={(patch, keys) => change((d) => ({ ...d, ...patch }), keys)}
              />
              <div>
                <label htmlFor={`${id}-note`} className={labelClass}>
                  Note to the customer (optional)
                </label>
                <textarea
                  id={`${id}-note`}
                  rows={3}
                  maxLength={2000}
                  className={inputClass}
                  value={draft.note}
                  {...field("note")}
                  onChange={(e) => change((d) => ({ ...d, note: e.target.value }), ["note"])}
                />
                {errorFor("note")}
              </div>
              <label className="flex items-start gap-3 rounded-lg border border-slate-200 p-3">
                <input
                  type="checkbox"
                  className="mt-0.5 size-5 shrink-0 accent-brand-700"
                  checked={draft.urgentRepair}
                  {...field("urgentRepair")}
                  onChange={(e) =>
                    change((d) => ({ ...d, urgentRepair: e.target.checked }), ["urgentRepair"])
                  }
                />
                <span>
                  <span className="block text-sm font-semibold text-slate-800">
                    Urgent repair requested by the customer
                  </span>
                  <span className="block text-sm text-slate-600">
                    The customer called you out for an urgent repair, so they cannot cancel it once accepted.
                    Their page explains this instead of the 14-day cancellation right.
                  </span>
                </span>
              </label>
              {errorFor("urgentRepair")}
            </section>
          </div>

          <TotalsPanel id={`${id}-totals`} totals={totals} vatRegistered={vatRegistered} draft={draft} />
        </div>

        {/* Kept in view while the form scrolls; below the wide layout it repeats the totals too. */}
        <div className="sticky -bottom-5 z-10 -mx-5 mt-6 -mb-5 border-t border-slate-200 bg-white px-5 py-3 sm:-bottom-6 sm:-mx-6 sm:-mb-6 sm:px-6">
          <p
            className="mb-2 flex flex-wrap justify-between gap-x-3 text-sm text-slate-700 lg:hidden"
            aria-hidden="true"
          >
            <span>
              Total{" "}
              <strong className="text-brand-900 tabular-nums">{formatMoney(totals.base.totalPence)}</strong>
            </span>
            {totals.hasOptional ? (
              <span className="tabular-nums">with options {formatMoney(totals.withOptional.totalPence)}</span>
            ) : null}
          </p>
          <div className="grid grid-cols-2 gap-2 sm:flex sm:justify-end sm:gap-3">
            <Button variant="ghost" className="max-sm:hidden" disabled={busy} onClick={close}>
              Cancel
            </Button>
            <Button type="submit" variant="secondary" disabled={busy}>
              Save draft
            </Button>
            <Button disabled={busy} onClick={() => void save("send")}>
              <Send aria-hidden="true" className="size-4 max-sm:hidden" />
              {request.email ? "Save and send…" : "Save and give…"}
            </Button>
          </div>
        </div>
      </form>

      <ConfirmDialog
        open={confirmDiscard}
        onOpenChange={setConfirmDiscard}
        title="Discard your changes?"
        message="What you typed in this quote has not been saved."
        confirmLabel="Discard"
        busy={false}
        onConfirm={() => {
          setConfirmDiscard(false);
          onClose();
        }}
      />
    </AdminDialog>
  );
}

function DepositFields({
  id,
  draft,
  field,
  errorFor,
  onKind,
  onAmount,
  onPercent,
}: {
  id: string;
  draft: QuoteDraft;
  field: FieldProps;
  errorFor: (key: string) => React.ReactNode;
  onKind: (kind: DepositKind) => void;
  onAmount: (v: string) => void;
  onPercent: (v: string) => void;
}) {
  const kinds: [DepositKind, string][] = [
    ["none", "None"],
    ["fixed", "Amount"],
    ["percent", "Percentage"],
  ];
  return (
    <fieldset>
      <legend className={labelClass}>Deposit</legend>
      <div className="mt-1 flex flex-wrap gap-x-4">
        {kinds.map(([kind, label]) => (
          <label key={kind} className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
            <input
              type="radio"
              name={`${id}-kind`}
              className="size-5 accent-brand-700"
              checked={draft.depositKind === kind}
              onChange={() => onKind(kind)}
            />
            {label}
          </label>
        ))}
      </div>
      {draft.depositKind === "fixed" ? (
        <div>
          <label htmlFor={`${id}-amount`} className={labelClass}>
            Deposit (£)
          </label>
          <input
            id={`${id}-amount`}
            className={inputClass}
            inputMode="decimal"
            placeholder="0.00"
            value={draft.depositAmount}
            {...field("depositPence")}
            onChange={(e) => onAmount(e.target.value)}
          />
          {errorFor("depositPence")}
        </div>
      ) : null}
      {draft.depositKind === "percent" ? (
        <div>
          <label htmlFor={`${id}-percent`} className={labelClass}>
            Deposit (% of the total)
          </label>
          <input
            id={`${id}-percent`}
            className={inputClass}
            inputMode="decimal"
            value={draft.depositPercent}
            {...field("depositPercent")}
            onChange={(e) => onPercent(e.target.value)}
          />
          {errorFor("depositPercent")}
        </div>
      ) : null}
    </fieldset>
  );
}

function Row({
  label,
  value,
  strong = false,
  testId,
}: {
  label: string;
  value: string;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <div className={`flex items-baseline justify-between gap-3 py-1 ${strong ? "text-base" : "text-sm"}`}>
      <dt className={strong ? "font-semibold text-slate-900" : "text-slate-700"}>{label}</dt>
      <dd
        className={`text-right tabular-nums ${strong ? "font-bold text-brand-900" : "text-slate-900"}`}
        data-testid={testId}
      >
        {value}
      </dd>
    </div>
  );
}

function TotalsPanel({
  id,
  totals,
  vatRegistered,
  draft,
}: {
  id: string;
  totals: ReturnType<typeof liveTotals>;
  vatRegistered: boolean;
  draft: QuoteDraft;
}) {
  const { base, withOptional } = totals;
  const depositLabel =
    draft.depositKind === "percent" && draft.depositPercent.trim()
      ? `Deposit (${draft.depositPercent.trim().replace(/%$/, "")}%)`
      : "Deposit";
  return (
    <aside aria-labelledby={id} className="lg:sticky lg:top-0 lg:self-start">
      <div className="rounded-card border border-brand-200 bg-brand-50 p-4" data-testid="quote-totals">
        <h3 id={id} className={sectionTitle}>
          Totals
        </h3>
        <dl className="mt-2 divide-y divide-brand-100">
          {vatRegistered ? (
            <>
              <Row label="Net" value={formatMoney(base.netPence)} testId="quote-net" />
              {base.vatByRate.map((b) => (
                <Row
                  key={b.rate}
                  label={`VAT ${b.rate}% on ${formatMoney(b.netPence)}`}
                  value={formatMoney(b.vatPence)}
                  testId={`quote-vat-${b.rate}`}
                />
              ))}
            </>
          ) : null}
          <Row
            label={totals.hasOptional ? "Total without optional lines" : "Total"}
            value={formatMoney(base.totalPence)}
            strong
            testId="quote-total"
          />
          {draft.depositKind !== "none" ? (
            <Row label={depositLabel} value={formatMoney(totals.depositPence)} testId="quote-deposit" />
          ) : null}
          {totals.hasOptional ? (
            <>
              <Row
                label="Total with every optional line"
                value={formatMoney(withOptional.totalPence)}
                strong
                testId="quote-total-with-optional"
              />
              {draft.depositKind !== "none" ? (
                <Row
                  label="Deposit then"
                  value={formatMoney(totals.depositWithOptionalPence)}
                  testId="quote-deposit-with-optional"
                />
              ) : null}
            </>
          ) : null}
        </dl>
        {totals.incompleteLines > 0 ? (
          <p className="mt-2 text-xs text-slate-700">
            {totals.incompleteLines === 1
              ? "1 line has no quantity or price yet and is not counted."
              : `${totals.incompleteLines} lines have no quantity or price yet and are not counted.`}
          </p>
        ) : null}
        {!vatRegistered ? (
          <p className="mt-2 text-xs text-slate-600">Not VAT-registered: the prices are the totals.</p>
        ) : null}
      </div>
    </aside>
  );
}

/** The price list, searchable; a tap on an item adds it as a line. */
/**
 * "Add from price list": opens the list, or (already open) puts the cursor in its search. The list
 * stays open while items are added; its own close button shuts it.
 */
export function openPicker(pickerId: string, open: boolean, setOpen: (open: boolean) => void): void {
  if (open) document.getElementById(`${pickerId}-search`)?.focus();
  else setOpen(true);
}

/**
 * The price list to add lines from: one tap per item, the list staying open for the next one and
 * saying what was added. `focusSearch` (default) puts the cursor in the search; a list opened by
 * itself leaves it, so a phone's keyboard does not cover the items.
 */
export function PriceListPicker({
  id,
  vatRegistered,
  onPick,
  onClose,
  focusSearch = true,
}: {
  id: string;
  vatRegistered: boolean;
  onPick: (item: Pick<PriceListItem, "description" | "unitPence" | "vatRate">) => void;
  onClose: () => void;
  focusSearch?: boolean;
}) {
  const list = useQuery(queries.priceList());
  const [filter, setFilter] = useState("");
  const [added, setAdded] = useState<{ text: string; count: number } | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focusSearch) searchRef.current?.focus();
  }, [focusSearch]);
  // The added line lands above the list and pushes it down: keep the list in view for the next tap.
  useEffect(() => {
    if (added) rootRef.current?.scrollIntoView({ block: "nearest" });
  }, [added]);
  const items = list.data?.items ?? [];
  const needle = filter.trim().toLowerCase();
  const shown = needle ? items.filter((i) => i.description.toLowerCase().includes(needle)) : items;

  return (
    <div
      ref={rootRef}
      id={id}
      role="group"
      aria-label="Add from the price list"
      className="mt-3 rounded-lg border border-slate-300 bg-white p-3 shadow-card"
    >
      <div className="flex items-center gap-2">
        <label className="relative block flex-1">
          <span className="sr-only">Search the price list</span>
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
          />
          <input
            ref={searchRef}
            id={`${id}-search`}
            type="search"
            value={filter}
            placeholder="Search the price list"
            onChange={(e) => setFilter(e.target.value)}
            className="block min-h-11 w-full rounded-lg border border-slate-300 bg-white py-2 pr-3 pl-9 text-base"
          />
        </label>
        <IconButton label="Close the price list" onClick={onClose}>
          <X aria-hidden="true" className="size-4" />
        </IconButton>
      </div>
      <p
        role="status"
        className="mt-2 text-sm text-success-600 empty:hidden"
        data-testid="price-picker-added"
      >
        {added ? `Added: ${added.text}.${added.count > 1 ? ` ${added.count} lines added.` : ""}` : ""}
      </p>
      {list.isPending ? <p className="mt-2 text-sm text-slate-600">Loading the price list…</p> : null}
      {list.isError ? (
        <LoadError
          compact
          className="mt-2"
          what="The price list"
          onRetry={list.refetch}
          retrying={list.isFetching}
        />
      ) : null}
      {list.data && items.length === 0 && list.data.websitePrices.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">
          Your price list is empty. Add your usual items on the{" "}
          <a href="/admin/price-list" target="_blank" className="text-brand-700 underline">
            Price list
          </a>{" "}
          screen.
        </p>
      ) : null}
      {list.data && items.length > 0 && shown.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No item matches &ldquo;{filter.trim()}&rdquo;.</p>
      ) : null}
      {shown.length > 0 ? (
        <ul className="mt-2 max-h-64 divide-y divide-slate-100 overflow-y-auto" data-testid="price-picker">
          {shown.map((item) => (
            <li key={item.id}>
              <button
                type="button"
                className="flex min-h-11 w-full items-center justify-between gap-3 rounded-md px-2 py-2 text-left hover:bg-brand-50 focus-visible:bg-brand-50"
                onClick={() => {
                  onPick(item);
                  setAdded((a) => ({ text: item.description, count: (a?.count ?? 0) + 1 }));
                }}
              >
                <span className="min-w-0 break-words text-slate-900">
                  <span className="sr-only">Add </span>
                  {item.description}
                </span>
                <span className="shrink-0 text-sm text-slate-700 tabular-nums">
                  {priceWithUnit(item)}
                  {vatRegistered && item.vatRate !== null ? ` + ${item.vatRate}% VAT` : ""}
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <WebsitePrices prices={list.data?.websitePrices ?? []} filter={filter} onPick={onPick} />
    </div>
  );
}
