/**
 * The quote editor, a dialog over the request: lines (description, quantity, unit price typed in
 * pounds, VAT rate when VAT-registered, optional), the note, valid-until, the deposit and the
 * urgent-repair flag, with the totals worked out live by the quotes contract's own functions
 * (../quote-draft.ts). One tap adds a line from the price list. A refused save shows the server's
 * messages beside the fields it names and keeps everything typed. Loaded only when opened.
 */
import { useQuery } from "@tanstack/react-query";
import { Search, Send, X } from "lucide-react";
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from "react";
import type { AdminRequest } from "../../requests/contract/endpoints";
import { formatMoney } from "../../../platform/money";
import { addDays, formatShortDate, isIsoDate } from "../../../platform/time";
import { queries } from "../../../admin/query";
import {
  draftFromQuote,
  draftToBody,
  emptyDraft,
  liveTotals,
  priceWithUnit,
  quoteLabel,
  type DepositKind,
  type LineDraft,
  type QuoteDraft,
} from "./quote-draft";
import { quotesApi, type AdminQuote, type PriceListItem, type QuoteSettings } from "./api";
import { WebsitePrices } from "./WebsitePrices";
import { Button, IconButton } from "../../../admin/components/ui";
import { WorkStartFields } from "./WorkStartFields";
import {
  EditorDialog,
  EditorLines,
  inputClass,
  labelClass,
  sectionTitle,
  TextAreaField,
  TotalRow,
  TotalsCard,
  useDocumentEditor,
  VatRows,
  type DocumentEditorState,
  type FieldProps,
} from "../../billing/screens";
import { LoadError } from "../../../admin/components/LoadError";

export interface QuoteEditorProps {
  request: AdminRequest;
  settings: QuoteSettings;
  /** The quote to change (a draft in place, a sent one as a new version); null for a new quote. */
  quote: AdminQuote | null;
  onClose: () => void;
  /** Saved; `send` when the owner chose "Save and send". */
  onSaved: (quote: AdminQuote, next: "close" | "send") => void;
}

/** The fields with their message beside them; a message about anything else is listed above the form. */
const fieldKeys = [
  "validUntil",
  "depositPence",
  "depositPercent",
  "note",
  "urgentRepair",
  "startDate",
  "startWithinWorkingDays",
];

export function QuoteEditor({ request, settings, quote, onClose, onSaved }: QuoteEditorProps) {
  const id = useId();
  const vatRegistered = quote ? quote.vatRegistered : settings.vatRegistered;
  const defaultRate = vatRegistered ? (settings.vatRates[0] ?? 0) : null;
  const [draft, setDraft] = useState<QuoteDraft>(() =>
    quote ? draftFromQuote(quote) : emptyDraft(addDays(settings.today, settings.validDays), defaultRate),
  );
  const editor = useDocumentEditor({
    id,
    what: "quote",
    lines: draft.lines,
    setLines: (update: (ls: LineDraft[]) => LineDraft[]) =>
      setDraft((d) => ({ ...d, lines: update(d.lines) })),
    onClose,
  });
  const totals = useMemo(() => liveTotals(draft, { vatRegistered }), [draft, vatRegistered]);
  const change = (patch: Partial<QuoteDraft>, clear: string[]) => {
    setDraft((d) => ({ ...d, ...patch }));
    editor.touched(clear);
  };

  const save = (next: "close" | "send") => {
    const result = draftToBody(draft, { vatRegistered });
    return editor.save(result.errors ?? {}, async () => {
      const body = result.body!;
      onSaved(
        quote ? await quotesApi.update(quote.id, body) : await quotesApi.create(request.id, body),
        next,
      );
    });
  };

  const title = quote
    ? quote.status === "draft"
      ? `Edit ${quoteLabel(quote)}`
      : `Change ${quote.number}: makes version ${quote.version + 1}`
    : "New quote";

  return (
    <EditorDialog
      title={title}
      description={`For ${request.name} (${request.reference}).${vatRegistered ? " Prices without VAT." : ""}`}
      what="quote"
      editor={editor}
      onSubmit={() => void save("close")}
      fieldKeys={fieldKeys}
      totals={<TotalsPanel id={`${id}-totals`} totals={totals} vatRegistered={vatRegistered} draft={draft} />}
      footer={
        <QuoteEditorFooter
          totals={totals}
          busy={editor.busy}
          hasEmail={Boolean(request.email)}
          onCancel={editor.close}
          onSend={() => void save("send")}
        />
      }
    >
      <EditorLines
        id={id}
        testId="quote-lines"
        lines={draft.lines}
        editor={editor}
        vatRegistered={vatRegistered}
        vatRates={settings.vatRates}
        allowOptional
        Picker={PriceListPicker}
        pickerStartsOpen={!quote}
      />
      <QuoteTerms id={id} draft={draft} today={settings.today} editor={editor} change={change} />
    </EditorDialog>
  );
}

/** The quote's terms: valid until, the deposit, when the work starts, the note, the urgent-repair flag. */
function QuoteTerms({
  id,
  draft,
  today,
  editor,
  change,
}: {
  id: string;
  draft: QuoteDraft;
  today: string;
  editor: DocumentEditorState;
  change: (patch: Partial<QuoteDraft>, clear: string[]) => void;
}) {
  const { field, errorFor, errors } = editor;
  return (
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
            min={today}
            {...field("validUntil")}
            onChange={(e) => change({ validUntil: e.target.value }, ["validUntil"])}
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
          onKind={(kind) => change({ depositKind: kind }, ["depositPence", "depositPercent"])}
          onAmount={(v) => change({ depositAmount: v }, ["depositPence"])}
          onPercent={(v) => change({ depositPercent: v }, ["depositPercent"])}
        />
      </div>
      <WorkStartFields
        id={`${id}-start`}
        draft={draft}
        today={today}
        field={field}
        errorFor={errorFor}
        onChange={change}
      />
      <TextAreaField
        id={`${id}-note`}
        label="Note to the customer (optional)"
        rows={3}
        maxLength={2000}
        value={draft.note}
        aria={field("note")}
        onChange={(note) => change({ note }, ["note"])}
        error={errorFor("note")}
      />
      <label className="flex items-start gap-3 rounded-lg border border-slate-200 p-3">
        <input
          type="checkbox"
          className="mt-0.5 size-5 shrink-0 accent-brand-700"
          checked={draft.urgentRepair}
          {...field("urgentRepair")}
          onChange={(e) => change({ urgentRepair: e.target.checked }, ["urgentRepair"])}
        />
        <span>
          <span className="block text-sm font-semibold text-slate-800">
            Urgent repair requested by the customer
          </span>
          <span className="block text-sm text-slate-600">
            The customer called you out for an urgent repair, so they cannot cancel it once accepted. Their
            page explains this instead of the 14-day cancellation right.
          </span>
        </span>
      </label>
      {errorFor("urgentRepair")}
    </section>
  );
}

/** Kept in view while the form scrolls; below the wide layout it repeats the totals too. */
function QuoteEditorFooter({
  totals,
  busy,
  hasEmail,
  onCancel,
  onSend,
}: {
  totals: ReturnType<typeof liveTotals>;
  busy: boolean;
  hasEmail: boolean;
  onCancel: () => void;
  onSend: () => void;
}) {
  return (
    <div className="sticky -bottom-5 z-10 -mx-5 mt-6 -mb-5 border-t border-slate-200 bg-white px-5 py-3 sm:-bottom-6 sm:-mx-6 sm:-mb-6 sm:px-6">
      <p
        className="mb-2 flex flex-wrap justify-between gap-x-3 text-sm text-slate-700 lg:hidden"
        aria-hidden="true"
      >
        <span>
          Total <strong className="text-brand-900 tabular-nums">{formatMoney(totals.base.totalPence)}</strong>
        </span>
        {totals.hasOptional ? (
          <span className="tabular-nums">with options {formatMoney(totals.withOptional.totalPence)}</span>
        ) : null}
      </p>
      <div className="grid grid-cols-2 gap-2 sm:flex sm:justify-end sm:gap-3">
        <Button variant="ghost" className="max-sm:hidden" disabled={busy} onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant="secondary" disabled={busy}>
          Save draft
        </Button>
        <Button disabled={busy} onClick={onSend}>
          <Send aria-hidden="true" className="size-4 max-sm:hidden" />
          {hasEmail ? "Save and send…" : "Save and give…"}
        </Button>
      </div>
    </div>
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
  errorFor: (key: string) => ReactNode;
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
    <TotalsCard
      id={id}
      testId="quote-totals"
      incompleteLines={totals.incompleteLines}
      note={
        vatRegistered ? null : (
          <p className="mt-2 text-xs text-slate-600">Not VAT-registered: the prices are the totals.</p>
        )
      }
    >
      {vatRegistered ? (
        <VatRows netPence={base.netPence} vatByRate={base.vatByRate} testPrefix="quote" />
      ) : null}
      <TotalRow
        label={totals.hasOptional ? "Total without optional lines" : "Total"}
        value={base.totalPence}
        strong
        testId="quote-total"
      />
      {draft.depositKind !== "none" ? (
        <TotalRow label={depositLabel} value={totals.depositPence} testId="quote-deposit" />
      ) : null}
      {totals.hasOptional ? (
        <>
          <TotalRow
            label="Total with every optional line"
            value={withOptional.totalPence}
            strong
            testId="quote-total-with-optional"
          />
          {draft.depositKind !== "none" ? (
            <TotalRow
              label="Deposit then"
              value={totals.depositWithOptionalPence}
              testId="quote-deposit-with-optional"
            />
          ) : null}
        </>
      ) : null}
    </TotalsCard>
  );
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
