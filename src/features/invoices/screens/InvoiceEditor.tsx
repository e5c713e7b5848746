/**
 * Writing a direct invoice (a job with no quote) or changing a draft, as a dialog over the request,
 * or from the money screen for a customer with no request (their name, optional e-mail address and
 * address typed here):
 * the lines with the billing core's line form and the quotes' price-list picker (no optional lines on an
 * invoice), the date of supply and a note, with the totals worked out live by the invoice
 * contract's sums. A draft from a quote keeps the quote's lines; only its note and date of supply
 * change. A refused save shows the server's messages beside the fields and keeps what was typed.
 */
import { useId, useMemo, useState } from "react";
import type { AdminRequest } from "../../requests/contract/endpoints";
import {
  draftLineOf,
  EditorDialog,
  EditorLines,
  emptyLine,
  inputClass,
  labelClass,
  sectionTitle,
  TextAreaField,
  TotalRow,
  TotalsCard,
  useDocumentEditor,
  VatRows,
  type DocumentEditorState,
  type LineDraft,
} from "../../billing/screens";
import { PriceListPicker } from "../../quotes/screens";
import { invoicesApi, type AdminInvoice, type InvoiceSettings } from "./api";
import { Button } from "../../../admin/components/ui";
import { invoiceLabel, linesBody, liveInvoiceTotals } from "./invoice-form";
import { CustomerFields, type CustomerDraft } from "./CustomerFields";

/** The fields with their message beside them; a message about anything else is listed above the form. */
const fieldKeys = ["note", "supplyDate", "customer.name", "customer.email", "customer.address"];

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
  const linesEditable = !invoice || invoice.kind === "direct";
  const [lines, setLines] = useState<LineDraft[]>(() =>
    invoice
      ? invoice.lines.map(draftLineOf)
      : [emptyLine(vatRegistered ? (settings.vatRates[0] ?? 0) : null)],
  );
  const [note, setNote] = useState(invoice?.note ?? "");
  const [supplyDate, setSupplyDate] = useState(invoice?.supplyDate ?? "");
  /** A customer with no request: typed here (a draft keeps the one it was written for). */
  const forCustomer = request === null && invoice === null;
  const [customer, setCustomer] = useState<CustomerDraft>({ name: "", email: "", address: "" });
  const editor = useDocumentEditor({ id, what: "invoice", lines, setLines, onClose });
  const live = useMemo(() => liveInvoiceTotals(lines, { vatRegistered }), [lines, vatRegistered]);

  const save = () => {
    const body = linesEditable ? linesBody(lines, { vatRegistered }) : null;
    return editor.save(body?.errors ?? {}, async () => {
      const common = { note: note.trim() ? note.trim() : null, supplyDate: supplyDate || null };
      const saved = invoice
        ? await invoicesApi.update(invoice.id, { ...common, ...(body?.lines ? { lines: body.lines } : {}) })
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
      onSaved(saved);
    });
  };

  const title = invoice ? `Edit ${invoiceLabel(invoice)}` : "New invoice";
  const forWhom = request
    ? `For ${request.name} (${request.reference}).`
    : invoice
      ? `For ${invoice.customer.name}.`
      : "For a customer with no request.";
  const shown = linesEditable ? live.totals : invoice!.totals;

  return (
    <EditorDialog
      title={title}
      description={`${forWhom} A draft has no number until you issue it.${vatRegistered ? " Prices without VAT." : ""}`}
      what="invoice"
      editor={editor}
      onSubmit={() => void save()}
      fieldKeys={fieldKeys}
      totals={
        <TotalsCard
          id={`${id}-totals`}
          testId="invoice-totals"
          incompleteLines={linesEditable ? live.incompleteLines : 0}
        >
          {vatRegistered ? <VatRows netPence={shown.netPence} vatByRate={shown.vatByRate} /> : null}
          <TotalRow
            label="Total"
            value={linesEditable ? shown.totalPence : invoice!.totalPence}
            strong
            testId="invoice-editor-total"
          />
        </TotalsCard>
      }
      footer={
        <div className="mt-6 flex flex-col-reverse gap-3 border-t border-slate-200 pt-4 sm:flex-row sm:justify-end">
          <Button variant="secondary" disabled={editor.busy} onClick={editor.close}>
            Cancel
          </Button>
          <Button type="submit" disabled={editor.busy}>
            Save draft
          </Button>
        </div>
      }
    >
      {forCustomer ? (
        <CustomerFields
          id={`${id}-customer`}
          customer={customer}
          editor={editor}
          onChange={(patch, clear) => {
            setCustomer((c) => ({ ...c, ...patch }));
            editor.touched(clear);
          }}
        />
      ) : null}
      {linesEditable ? (
        <EditorLines
          id={id}
          testId="invoice-lines"
          lines={lines}
          editor={editor}
          vatRegistered={vatRegistered}
          vatRates={settings.vatRates}
          allowOptional={false}
          Picker={PriceListPicker}
        />
      ) : (
        <section aria-labelledby={`${id}-lines`}>
          <h3 id={`${id}-lines`} className={sectionTitle}>
            Lines
          </h3>
          <p className="mt-2 text-sm text-slate-700">
            The lines come from the accepted quote and cannot be changed here. For other work, write a
            separate invoice.
          </p>
        </section>
      )}
      <InvoiceDetails
        id={id}
        settings={settings}
        editor={editor}
        supplyDate={supplyDate}
        note={note}
        onSupplyDate={(v) => {
          setSupplyDate(v);
          editor.touched(["supplyDate"]);
        }}
        onNote={(v) => {
          setNote(v);
          editor.touched(["note"]);
        }}
      />
    </EditorDialog>
  );
}

/** The date of supply, the payment terms and the note. */
function InvoiceDetails({
  id,
  settings,
  editor,
  supplyDate,
  note,
  onSupplyDate,
  onNote,
}: {
  id: string;
  settings: InvoiceSettings;
  editor: DocumentEditorState;
  supplyDate: string;
  note: string;
  onSupplyDate: (value: string) => void;
  onNote: (value: string) => void;
}) {
  return (
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
          {...editor.field("supplyDate")}
          onChange={(e) => onSupplyDate(e.target.value)}
        />
        <span className="mt-1 block text-sm text-slate-600">
          When the work was done; left empty, the invoice date.
        </span>
        {editor.errorFor("supplyDate")}
      </div>
      <p className="self-end text-sm text-slate-700" data-testid="invoice-due-terms">
        {settings.dueDays === 0
          ? "Due on the invoice date."
          : `Due ${settings.dueDays} days after the invoice date, which is set when you issue it.`}
      </p>
      <div className="sm:col-span-2">
        <TextAreaField
          id={`${id}-note`}
          label="Note to the customer (optional)"
          rows={3}
          maxLength={2000}
          value={note}
          aria={editor.field("note")}
          onChange={onNote}
          error={editor.errorFor("note")}
        />
      </div>
    </section>
  );
}
