/**
 * /admin/price-list: the owner's usual items and labour rates (description, price, unit, VAT rate
 * when VAT-registered). The quote editor adds any of them as a line with one tap. Prices are typed
 * in pounds and stored as integer pence; the server's per-field messages show beside the fields,
 * and nothing typed is lost when it refuses.
 */
import { useMutation, useQuery } from "@tanstack/react-query";
import { ArrowLeft, Pencil, Plus, Search, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { toast } from "sonner";
import { parseTypedPounds, poundsDecimal } from "../../../platform/money";
import { ApiError } from "../../../admin/api";
import { keys, queries, queryClient } from "../../../admin/query";
import { priceWithUnit } from "./quote-draft";
import { quotesApi, type PriceListItem, type QuoteSettings } from "./api";
import type { PriceListItemInput } from "../contract/endpoints";
import { ConfirmDialog } from "../../../admin/components/dialogs";
import { Button, buttonClass, fieldClass, IconButton, Spinner } from "../../../admin/components/ui";
import { LoadError } from "../../../admin/components/LoadError";

interface ItemText {
  description: string;
  price: string;
  unit: string;
  vatRate: string;
}

const emptyText = (settings: QuoteSettings): ItemText => ({
  description: "",
  price: "",
  unit: "",
  vatRate: settings.vatRegistered ? String(settings.vatRates[0] ?? 0) : "",
});

const textOf = (item: PriceListItem): ItemText => ({
  description: item.description,
  price: poundsDecimal(item.unitPence),
  unit: item.unit ?? "",
  vatRate: item.vatRate === null || item.vatRate === undefined ? "" : String(item.vatRate),
});

/** The body to send, or the fields to fix first (only what cannot be read as an amount). */
function bodyOf(
  text: ItemText,
  settings: QuoteSettings,
): { body: PriceListItemInput } | { errors: Record<string, string> } {
  const unitPence = parseTypedPounds(text.price);
  const errors: Record<string, string> = {};
  if (!text.description.trim()) errors["description"] = "Describe the item or the work.";
  if (unitPence === null) errors["unitPence"] = "Enter the price in pounds, such as 45 or 1,250.50.";
  if (Object.keys(errors).length > 0 || unitPence === null) return { errors };
  return {
    body: {
      description: text.description.trim(),
      unitPence,
      unit: text.unit.trim() ? text.unit.trim() : null,
      vatRate: settings.vatRegistered ? Number(text.vatRate) : null,
    },
  };
}

function errorsOf(err: unknown): Record<string, string> | null {
  return err instanceof ApiError && Object.keys(err.fields).length > 0 ? err.fields : null;
}

function reportFailure(err: unknown, what: string) {
  if (err instanceof ApiError && err.status === 401) return;
  toast.error(
    err instanceof ApiError && err.status < 500 ? err.message : `${what} failed. Please try again.`,
  );
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <span id={id} className="mt-1 block text-sm font-normal text-danger-600">
      {message}
    </span>
  ) : null;
}

/** The fields of one item, for adding and for editing. */
function ItemForm({
  settings,
  initial,
  submitLabel,
  onSave,
  onCancel,
}: {
  settings: QuoteSettings;
  initial: ItemText;
  submitLabel: string;
  /** Resolves when saved; rejects with the server's refusal (the form keeps what was typed). */
  onSave: (body: PriceListItemInput) => Promise<void>;
  onCancel?: () => void;
}) {
  const id = useId();
  const [text, setText] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<ItemText>) => setText((t) => ({ ...t, ...patch }));
  const describe = (field: string) => (errors[field] ? { "aria-describedby": `${id}-${field}-error` } : {});

  const submit = async () => {
    const result = bodyOf(text, settings);
    if ("errors" in result) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await onSave(result.body);
      if (!onCancel) setText(emptyText(settings));
    } catch (err) {
      const fields = errorsOf(err);
      if (fields) setErrors(fields);
      else reportFailure(err, "Saving the item");
    } finally {
      setBusy(false);
    }
  };

  const vatRegistered = settings.vatRegistered;
  return (
    <form
      noValidate
      className={`grid gap-3 ${vatRegistered ? "sm:grid-cols-[minmax(0,1fr)_8rem_11rem_7rem]" : "sm:grid-cols-[minmax(0,1fr)_9rem_11rem]"}`}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <label className="text-sm font-semibold text-slate-800">
        Description
        <input
          className={fieldClass}
          value={text.description}
          maxLength={500}
          aria-invalid={Boolean(errors["description"])}
          {...describe("description")}
          onChange={(e) => set({ description: e.target.value })}
        />
        <FieldError id={`${id}-description-error`} message={errors["description"]} />
      </label>
      <label className="text-sm font-semibold text-slate-800">
        {vatRegistered ? "Price (£, ex VAT)" : "Price (£)"}
        <input
          className={fieldClass}
          inputMode="decimal"
          value={text.price}
          placeholder="0.00"
          aria-invalid={Boolean(errors["unitPence"])}
          {...describe("unitPence")}
          onChange={(e) => set({ price: e.target.value })}
        />
        <FieldError id={`${id}-unitPence-error`} message={errors["unitPence"]} />
      </label>
      <label className="text-sm font-semibold text-slate-800">
        Per (optional)
        <input
          className={fieldClass}
          value={text.unit}
          maxLength={30}
          placeholder="hour, m², each"
          aria-invalid={Boolean(errors["unit"])}
          {...describe("unit")}
          onChange={(e) => set({ unit: e.target.value })}
        />
        <FieldError id={`${id}-unit-error`} message={errors["unit"]} />
      </label>
      {vatRegistered ? (
        <label className="text-sm font-semibold text-slate-800">
          VAT
          <select
            className={fieldClass}
            value={text.vatRate}
            aria-invalid={Boolean(errors["vatRate"])}
            {...describe("vatRate")}
            onChange={(e) => set({ vatRate: e.target.value })}
          >
            {settings.vatRates.map((r) => (
              <option key={r} value={String(r)}>
                {r}%
              </option>
            ))}
          </select>
          <FieldError id={`${id}-vatRate-error`} message={errors["vatRate"]} />
        </label>
      ) : null}
      {errors["_form"] ? (
        <p role="alert" className="text-sm text-danger-600 sm:col-span-full">
          {errors["_form"]}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3 sm:col-span-full">
        <Button type="submit" disabled={busy}>
          {onCancel ? null : <Plus aria-hidden="true" className="size-4" />}
          {submitLabel}
        </Button>
        {onCancel ? (
          <Button variant="ghost" disabled={busy} onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}

export function PriceListScreen() {
  const id = useId();
  const list = useQuery(queries.priceList());
  const [filter, setFilter] = useState("");
  const [editing, setEditing] = useState<number | null>(null);
  const [toDelete, setToDelete] = useState<PriceListItem | null>(null);
  const changed = () => queryClient.invalidateQueries({ queryKey: keys.priceList });
  /** The list in the cache changed at once; it is fetched again after (another device may add too). */
  const setItems = (update: (items: PriceListItem[]) => PriceListItem[]) =>
    queryClient.setQueryData<Awaited<ReturnType<typeof quotesApi.priceList>>>(keys.priceList, (d) =>
      d ? { ...d, items: update(d.items) } : d,
    );

  const remove = useMutation({
    mutationFn: (item: PriceListItem) => quotesApi.deleteItem(item.id),
    onSuccess: async (_, item) => {
      setItems((l) => l.filter((i) => i.id !== item.id));
      toast.success("Removed from the price list", { description: item.description });
      setToDelete(null);
      await changed();
    },
    onError: (err) => reportFailure(err, "Removing the item"),
  });

  const items = list.data?.items ?? [];
  const settings = list.data?.settings;
  const vatRegistered = settings?.vatRegistered ?? false;
  const needle = filter.trim().toLowerCase();
  const shown = needle ? items.filter((i) => i.description.toLowerCase().includes(needle)) : items;

  return (
    <div className="grid gap-6">
      <div className="flex flex-col-reverse gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">Price list</h1>
          <p className="mt-1 max-w-2xl text-slate-600">
            Your usual items and labour rates. In a quote, one tap adds any of them as a line, which you can
            still change there.
            {vatRegistered ? " Prices are without VAT." : ""}
          </p>
        </div>
        <a href="/admin" className={buttonClass("secondary", "self-start")}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          Dashboard
        </a>
      </div>

      <section
        aria-labelledby={`${id}-add`}
        className="rounded-card border border-slate-200 bg-white p-5 shadow-card"
      >
        <h2 id={`${id}-add`} className="mb-3 text-lg font-semibold text-slate-900">
          Add an item
        </h2>
        {settings ? (
          <ItemForm
            settings={settings}
            initial={emptyText(settings)}
            submitLabel="Add to price list"
            onSave={async (body) => {
              const item = await quotesApi.addItem(body);
              setItems((l) => [...l, item]);
              toast.success("Added to the price list", { description: item.description });
              await changed();
            }}
          />
        ) : (
          <p className="text-slate-600">Loading…</p>
        )}
      </section>

      <section aria-labelledby={`${id}-items`} className="grid gap-3">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <h2 id={`${id}-items`} className="text-lg font-semibold text-slate-900">
            Your items{list.data ? ` (${items.length})` : ""}
          </h2>
          {items.length > 5 ? (
            <label className="relative block sm:w-72">
              <span className="sr-only">Search the price list</span>
              <Search
                aria-hidden="true"
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
              />
              <input
                type="search"
                value={filter}
                placeholder="Search"
                onChange={(e) => setFilter(e.target.value)}
                className="block min-h-11 w-full rounded-lg border border-slate-300 bg-white py-2 pr-3 pl-9 text-base"
              />
            </label>
          ) : null}
        </div>
        {list.isPending ? <Spinner label="Loading the price list…" /> : null}
        {list.isError ? (
          <LoadError what="The price list" onRetry={list.refetch} retrying={list.isFetching} />
        ) : null}
        {list.data && items.length === 0 ? (
          <p className="rounded-card border border-dashed border-slate-300 bg-white p-6 text-center text-slate-600">
            Nothing here yet. Add the jobs and rates you quote most often, such as an hour&rsquo;s labour.
          </p>
        ) : null}
        {list.data && items.length > 0 && shown.length === 0 ? (
          <p className="text-slate-600">No item matches &ldquo;{filter.trim()}&rdquo;.</p>
        ) : null}
        {settings && shown.length > 0 ? (
          <ul
            className="divide-y divide-slate-200 rounded-card border border-slate-200 bg-white shadow-card"
            data-testid="price-list"
          >
            {shown.map((item) =>
              editing === item.id ? (
                <li key={item.id} className="bg-slate-50 p-4">
                  <ItemForm
                    settings={settings}
                    initial={textOf(item)}
                    submitLabel="Save changes"
                    onCancel={() => setEditing(null)}
                    onSave={async (body) => {
                      const saved = await quotesApi.updateItem(item.id, body);
                      setItems((l) => l.map((i) => (i.id === saved.id ? saved : i)));
                      setEditing(null);
                      toast.success("Price list item saved", { description: saved.description });
                      await changed();
                    }}
                  />
                </li>
              ) : (
                <li key={item.id} className="flex items-center gap-3 px-4 py-3">
                  <div className="min-w-0 flex-1">
                    <p className="font-semibold break-words text-slate-900">{item.description}</p>
                    <p className="text-sm text-slate-700">
                      {priceWithUnit(item)}
                      {vatRegistered && item.vatRate !== null && item.vatRate !== undefined
                        ? `, VAT ${item.vatRate}%`
                        : ""}
                    </p>
                  </div>
                  <IconButton label={`Edit ${item.description}`} onClick={() => setEditing(item.id)}>
                    <Pencil aria-hidden="true" className="size-4" />
                  </IconButton>
                  <IconButton
                    label={`Remove ${item.description}`}
                    className="text-danger-600 hover:bg-danger-50"
                    onClick={() => setToDelete(item)}
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                  </IconButton>
                </li>
              ),
            )}
          </ul>
        ) : null}
      </section>

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open && !remove.isPending) setToDelete(null);
        }}
        title="Remove from the price list"
        message={`Remove “${toDelete?.description ?? ""}” from your price list? Quotes that already use it keep their lines.`}
        confirmLabel="Remove"
        busy={remove.isPending}
        onConfirm={() => toDelete && remove.mutate(toDelete)}
      />
    </div>
  );
}
