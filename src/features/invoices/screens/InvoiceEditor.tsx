/**
 * Writing a direct invoice (a job with no quote) or changing a draft, as a dialog over the request,
 * or from the money screen for a customer with no request (their name, optional e-mail address and
 * address typed here):
 * the lines with the quote editor's own line form and price-list picker (no optional lines on an
 * invoice), the date of supply and a note, with the totals worked out live by the invoice
 * contract's sums. A draft from a quote keeps the quote's lines; only its note and date of supply
 * change. A refused save shows the server's messages beside the fields and keeps what was typed.
 */
import { useId, useMemo, useRef, useState } from "react";
import type { AdminRequest } from "../../requests/contract/endpoints";
import { formatMoney } from "../../../platform/money";
import { quantityText } from "../../quotes/contract/rules";
import {
  DocumentLines,
  emptyLine,
  isBlankLine,
  lineFromItem,
  newLineKey,
  serverErrors,
  type DraftErrors,
  type LineDraft,
} from "../../billing/screens";
import { openPicker, PriceListPicker } from "../../quotes/screens";
import { poundsDecimal } from "../../../platform/money";
import { ApiError } from "../../../admin/api";
import { invoicesApi, type AdminInvoice, type InvoiceSettings } from "./api";
import { AdminDialog, ConfirmDialog } from "../../../admin/components/dialogs";
import { Button, FormProblem } from "../../../admin/components/ui";
import { invoiceLabel, linesBody, liveInvoiceTotals } from "./invoice-form";

const inputClass =
  "mt-1 block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 aria-[invalid=true]:border-danger-600";
const labelClass = "block text-sm font-semibold text-slate-800";
const sectionTitle = "text-xs font-semibold tracking-wide text-slate-600 uppercase";

const linesOf = (invoice: AdminInvoice): LineDraft[] =>
  invoice.lines.map((l) => ({
    key: newLineKey(),
    description: l.description,
    quantity: quantityText(l.quantity),
    unitPrice: poundsDecimal(l.unitPence),
    vatRate: l.vatRate === null ? "" : String(l.vatRate),
    optional: false,
  }));

export function InvoiceEditor({
  request,
  settings,
  invoice,
  onClose,
  onSaved,
}: {
  /** The request the invoice is for; null for a customer with no request (typed in here). */
  request: AdminRequest | null;
  settings: InvoiceSettings;
  /** A draft to change; null for a new direct invoice. */
  invoice: AdminInvoice | null;
  onClose: () => void;
  onSaved: (invoice: AdminInvoice) => void;
}) {
  const id = useId();
  const vatRegistered = invoice ? invoice.vatRegistered : settings.vatRegistered;
  const defaultRate = vatRegistered ? (settings.vatRates[0] ?? 0) : null;
  const linesEditable = !invoice || invoice.kind === "direct";
  const [lines, setLines] = useState<LineDraft[]>(() =>
    invoice ? linesOf(invoice) : [emptyLine(defaultRate)],
  );
  const [note, setNote] = useState(invoice?.note ?? "");
  const [supplyDate, setSupplyDate] = useState(invoice?.supplyDate ?? "");
  /** A customer with no request: typed here (a draft keeps the one it was written for). */
  const forCustomer = request === null && invoice === null;
  const [customer, setCustomer] = useState({ name: "", email: "", address: "" });
  const [errors, setErrors] = useState<DraftErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [dirty, setDirty] = useState(false);
  const [pickerOpen, setPickerOpen] = useState(false);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const alertRef = useRef<HTMLDivElement>(null);
  const live = useMemo(() => liveInvoiceTotals(lines, { vatRegistered }), [lines, vatRegistered]);

  const touched = (clear: string[]) => {
    setDirty(true);
    if (clear.some((k) => errors[k])) {
      setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !clear.includes(k))));
    }
  };
  const setLine = (index: number, patch: Partial<LineDraft>, f: string) => {
    setLines((ls) => ls.map((l, i) => (i === index ? { ...l, ...patch } : l)));
    touched([`lines.${index}.${f}`, `lines.${index}`]);
  };
  const dropLineErrors = () =>
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !k.startsWith("lines"))));
  /** Lines added or removed: the messages about lines by number no longer fit them. */
  const changeLines = (update: (ls: LineDraft[]) => LineDraft[]) => {
    setLines(update);
    touched([]);
    dropLineErrors();
  };

  const close = () => {
    if (busy) return;
    if (dirty) setConfirmDiscard(true);
    else onClose();
  };

  const save = async () => {
    setProblem(null);
    const body = linesEditable ? linesBody(lines, { vatRegistered }) : null;
    if (body?.errors) {
      setErrors(body.errors);
      setProblem("The invoice was not saved. Please check the highlighted fields.");
      requestAnimationFrame(() => alertRef.current?.focus());
      return;
    }
    setErrors({});
    setBusy(true);
    const common = {
      note: note.trim() ? note.trim() : null,
      supplyDate: supplyDate || null,
    };
    try {
      const saved = invoice
        ? await invoicesApi.update(invoice.id, {
            ...common,
            ...(body?.lines ? { lines: body.lines } : {}),
          })
        : await invoicesApi.create({
            kind: "direct",
            ...(request
              ? { submissionId: request.id }
              : {
                  customer: {
                    name: customer.name.trim(),
                    email: customer.email.trim() || null,
                    address: customer.address.trim() || null,
                  },
                }),
            lines: body!.lines!,
            ...common,
          });
      setDirty(false);
      onSaved(saved);
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return;
      const fields = err instanceof ApiError ? serverErrors(err.fields) : {};
      setErrors(fields);
      setProblem(
        err instanceof ApiError && err.status > 0 && err.status < 500
          ? err.message
          : "The invoice could not be saved: the server did not answer. Nothing you typed is lost; please try again.",
      );
      requestAnimationFrame(() => alertRef.current?.focus());
    } finally {
      setBusy(false);
    }
  };

  const field = (key: string) => ({
    "aria-invalid": Boolean(errors[key]),
    ...(errors[key] ? { "aria-describedby": `${id}-${key.replaceAll(".", "-")}-error` } : {}),
  });
  const errorFor = (key: string) =>
    errors[key] ? (
      <span id={`${id}-${key.replaceAll(".", "-")}-error`} className="mt-1 block text-sm text-danger-600">
        {errors[key]}
      </span>
    ) : null;
  const formErrors = Object.entries(errors).filter(
    ([k]) =>
      !/^lines\.\d+/.test(k) &&
      !["note", "supplyDate", "customer.name", "customer.email", "customer.address"].includes(k),
  );
  const title = invoice ? `Edit ${invoiceLabel(invoice)}` : "New invoice";
  const t = live.totals;

  return (
    <AdminDialog
      open
      widest
      onOpenChange={(open) => {
        if (!open) close();
      }}
      title={title}
      description={`${
        request
          ? `For ${request.name} (${request.reference}).`
          : invoice
            ? `For ${invoice.customer.name}.`
            : "For a customer with no request."
      } A draft has no number until you issue it.${vatRegistered ? " Prices without VAT." : ""}`}
    >
      <form
        noValidate
        aria-label={title}
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <FormProblem problem={problem} reasons={formErrors} alertRef={alertRef} className="mb-4" />
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_17rem]">
          <div className="grid min-w-0 gap-6">
            {forCustomer ? (
              <section aria-labelledby={`${id}-customer`} className="grid gap-4 sm:grid-cols-2">
                <h3 id={`${id}-customer`} className={`${sectionTitle} sm:col-span-2`}>
                  Customer
                </h3>
                <div>
                  <label htmlFor={`${id}-customer-name`} className={labelClass}>
                    Name
                  </label>
                  <input
                    id={`${id}-customer-name`}
                    autoComplete="off"
                    className={inputClass}
                    value={customer.name}
                    maxLength={200}
                    {...field("customer.name")}
                    onChange={(e) => {
                      setCustomer((c) => ({ ...c, name: e.target.value }));
                      touched(["customer.name", "customer"]);
                    }}
                  />
                  {errorFor("customer.name")}
                </div>
                <div>
                  <label htmlFor={`${id}-customer-email`} className={labelClass}>
                    E-mail address (optional)
                  </label>
                  <input
                    id={`${id}-customer-email`}
                    type="email"
                    autoComplete="off"
                    className={inputClass}
                    value={customer.email}
                    {...field("customer.email")}
                    onChange={(e) => {
                      setCustomer((c) => ({ ...c, email: e.target.value }));
                      touched(["customer.email"]);
                    }}
                  />
                  <span className="mt-1 block text-sm text-slate-600">
                    With an address, the invoice can be e-mailed once issued.
                  </span>
                  {errorFor("customer.email")}
                </div>
                <div className="sm:col-span-2">
                  <label htmlFor={`${id}-customer-address`} className={labelClass}>
                    Address (optional)
                  </label>
                  <textarea
                    id={`${id}-customer-address`}
                    rows={3}
                    className={inputClass}
                    value={customer.address}
                    {...field("customer.address")}
                    onChange={(e) => {
                      setCustomer((c) => ({ ...c, address: e.target.value }));
                      touched(["customer.address"]);
                    }}
                  />
                  {errorFor("customer.address")}
                </div>
              </section>
            ) : null}
            <section aria-labelledby={`${id}-lines`}>
              <h3 id={`${id}-lines`} className={sectionTitle}>
                Lines
              </h3>
              {linesEditable ? (
                <>
                  <DocumentLines
                    id={id}
                    testId="invoice-lines"
                    lines={lines}
                    vatRates={vatRegistered ? settings.vatRates : null}
                    allowOptional={false}
                    errors={errors}
                    field={field}
                    errorFor={errorFor}
                    onChange={setLine}
                    onRemove={(i) => changeLines((ls) => ls.filter((_, j) => j !== i))}
                    onAdd={() => changeLines((ls) => [...ls, emptyLine(defaultRate)])}
                    pickerOpen={pickerOpen}
                    onPicker={() => openPicker(`${id}-picker`, pickerOpen, setPickerOpen)}
                    picker={
                      <PriceListPicker
                        id={`${id}-picker`}
                        vatRegistered={vatRegistered}
                        onPick={(item) => {
                          const line = lineFromItem(vatRegistered ? item : { ...item, vatRate: null });
                          changeLines((ls) =>
                            ls.length === 1 && isBlankLine(ls[0]!) ? [line] : [...ls, line],
                          );
                        }}
                        onClose={() => setPickerOpen(false)}
                      />
                    }
                  />
                </>
              ) : (
                <p className="mt-2 text-sm text-slate-700">
                  The lines come from the accepted quote and cannot be changed here. For other work, write a
                  separate invoice.
                </p>
              )}
            </section>
            <section aria-labelledby={`${id}-terms`} className="grid gap-4 sm:grid-cols-2">
              <h3 id={`${id}-terms`} className={`${sectionTitle} sm:col-span-2`}>
                Details
              </h3>
              <div>
                <label htmlFor={`${id}-supply`} className={labelClass}>
                  Date of supply (optional)
                </label>
                <input
                  id={`${id}-supply`}
                  type="date"
                  className={inputClass}
                  value={supplyDate}
                  max={settings.today}
                  {...field("supplyDate")}
                  onChange={(e) => {
                    setSupplyDate(e.target.value);
                    touched(["supplyDate"]);
                  }}
                />
                <span className="mt-1 block text-sm text-slate-600">
                  When the work was done; left empty, the invoice date.
                </span>
                {errorFor("supplyDate")}
              </div>
              <p className="self-end text-sm text-slate-700" data-testid="invoice-due-terms">
                {settings.dueDays === 0
                  ? "Due on the invoice date."
                  : `Due ${settings.dueDays} days after the invoice date, which is set when you issue it.`}
              </p>
              <div className="sm:col-span-2">
                <label htmlFor={`${id}-note`} className={labelClass}>
                  Note to the customer (optional)
                </label>
                <textarea
                  id={`${id}-note`}
                  rows={3}
                  maxLength={2000}
                  className={inputClass}
                  value={note}
                  {...field("note")}
                  onChange={(e) => {
                    setNote(e.target.value);
                    touched(["note"]);
                  }}
                />
                {errorFor("note")}
              </div>
            </section>
          </div>
          <aside aria-label="Totals" className="lg:sticky lg:top-0 lg:self-start">
            <div
              className="rounded-card border border-brand-200 bg-brand-50 p-4"
              data-testid="invoice-totals"
            >
              <h3 className={sectionTitle}>Totals</h3>
              <dl className="mt-2 divide-y divide-brand-100 text-sm">
                {vatRegistered ? (
                  <>
                    <div className="flex justify-between gap-3 py-1">
                      <dt className="text-slate-700">Net</dt>
                      <dd className="tabular-nums">
                        {formatMoney(linesEditable ? t.netPence : invoice!.totals.netPence)}
                      </dd>
                    </div>
                    {(linesEditable ? t.vatByRate : invoice!.totals.vatByRate).map((b) => (
                      <div key={b.rate} className="flex justify-between gap-3 py-1">
                        <dt className="text-slate-700">
                          VAT {b.rate}% on {formatMoney(b.netPence)}
                        </dt>
                        <dd className="tabular-nums">{formatMoney(b.vatPence)}</dd>
                      </div>
                    ))}
                  </>
                ) : null}
                <div className="flex justify-between gap-3 py-1 text-base">
                  <dt className="font-semibold text-slate-900">Total</dt>
                  <dd className="font-bold text-brand-900 tabular-nums" data-testid="invoice-editor-total">
                    {formatMoney(linesEditable ? t.totalPence : invoice!.totalPence)}
                  </dd>
                </div>
              </dl>
              {linesEditable && live.incompleteLines > 0 ? (
                <p className="mt-2 text-xs text-slate-700">
                  {live.incompleteLines === 1
                    ? "1 line has no quantity or price yet and is not counted."
                    : `${live.incompleteLines} lines have no quantity or price yet and are not counted.`}
                </p>
              ) : null}
            </div>
          </aside>
        </div>
        <div className="mt-6 flex flex-col-reverse gap-3 border-t border-slate-200 pt-4 sm:flex-row sm:justify-end">
          <Button variant="secondary" disabled={busy} onClick={close}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            Save draft
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={confirmDiscard}
        onOpenChange={setConfirmDiscard}
        title="Discard your changes?"
        message="What you typed in this invoice has not been saved."
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
