/**
 * One of the website's lists (services, FAQs, team, towns) as the owner edits it: each item with
 * Edit, Move up, Move down and Hide or Show (and Remove, where the list allows it), an inline form to change it, and a form to add one.
 * The fields are described by the caller; the server's per-field messages show beside the fields
 * and nothing typed is lost when it refuses.
 */
import { ArrowDown, ArrowUp, CloudUpload, Eye, EyeOff, Pencil, Plus, Trash2 } from "lucide-react";
import { useId, useState, type ReactNode } from "react";
import { toast } from "sonner";
import { ApiError } from "../../../admin/api";
import { Badge, Button, fieldClass, IconButton } from "../../../admin/components/ui";

export interface FieldDef {
  /** The text's key; also the API field whose error shows under it. */
  name: string;
  label: string;
  kind?: "text" | "textarea" | "select";
  options?: readonly { value: string; label: string }[];
  hint?: string;
  inputMode?: "decimal" | "text";
}

export type Texts = Record<string, string>;
export type BodyOrErrors<B> = { body: B } | { errors: Record<string, string> };

interface Item {
  id: number;
  hidden: boolean;
  position: number;
}

export interface ListSpec<T extends Item, B> {
  /** "service", "question", … for labels. */
  noun: string;
  fields: readonly FieldDef[];
  empty: Texts;
  textOf: (item: T) => Texts;
  bodyOf: (text: Texts) => BodyOrErrors<B>;
  title: (item: T) => string;
  detail: (item: T) => string;
  /** Pictures shown before the item's text (the gallery's). */
  media?: (item: T) => ReactNode;
}

export function failureText(err: unknown, what: string): string | null {
  if (err instanceof ApiError && err.status === 401) return null;
  return err instanceof ApiError && err.status < 500 ? err.message : `${what} failed. Please try again.`;
}

function ItemForm<B>({
  fields,
  initial,
  bodyOf,
  submitLabel,
  onSave,
  onSaveAndPublish,
  onCancel,
}: {
  fields: readonly FieldDef[];
  initial: Texts;
  bodyOf: (text: Texts) => BodyOrErrors<B>;
  submitLabel: string;
  onSave: (body: B) => Promise<void>;
  /** A second button that saves and publishes in one tap (a quick fix such as a price). */
  onSaveAndPublish?: ((body: B) => Promise<void>) | undefined;
  onCancel?: () => void;
}) {
  const id = useId();
  const [text, setText] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (save: (body: B) => Promise<void> = onSave) => {
    const result = bodyOf(text);
    if ("errors" in result) return setErrors(result.errors);
    setErrors({});
    setBusy(true);
    try {
      await save(result.body);
      if (!onCancel) setText(initial);
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.fields).length > 0) setErrors(err.fields);
      else {
        const message = failureText(err, "Saving");
        if (message) toast.error(message);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      noValidate
      className="grid gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {fields.map((f) => {
        const error = errors[f.name];
        const common = {
          id: `${id}-${f.name}`,
          className: fieldClass,
          value: text[f.name] ?? "",
          "aria-invalid": Boolean(error),
          ...(error || f.hint ? { "aria-describedby": `${id}-${f.name}-note` } : {}),
        };
        const change = (value: string) => setText((t) => ({ ...t, [f.name]: value }));
        return (
          <div key={f.name}>
            <label htmlFor={common.id} className="text-sm font-semibold text-slate-800">
              {f.label}
            </label>
            {f.kind === "textarea" ? (
              <textarea {...common} rows={4} onChange={(e) => change(e.target.value)} />
            ) : f.kind === "select" ? (
              <select {...common} onChange={(e) => change(e.target.value)}>
                {(f.options ?? []).map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            ) : (
              <input {...common} inputMode={f.inputMode ?? "text"} onChange={(e) => change(e.target.value)} />
            )}
            {error || f.hint ? (
              <span
                id={`${id}-${f.name}-note`}
                className={`mt-1 block text-sm ${error ? "text-danger-600" : "text-slate-600"}`}
              >
                {error ?? f.hint}
              </span>
            ) : null}
          </div>
        );
      })}
      {errors["_form"] ? (
        <p role="alert" className="text-sm text-danger-600">
          {errors["_form"]}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={busy}>
          {onCancel ? null : <Plus aria-hidden="true" className="size-4" />}
          {submitLabel}
        </Button>
        {onSaveAndPublish ? (
          <Button variant="secondary" disabled={busy} onClick={() => void submit(onSaveAndPublish)}>
            <CloudUpload aria-hidden="true" className="size-4" />
            Save and publish
          </Button>
        ) : null}
        {onCancel ? (
          <Button variant="ghost" disabled={busy} onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/** Publishes after a save; the draft is kept whatever the publish answers, and the owner is told. */
async function saveThenPublish(publish: () => Promise<{ state: string }>): Promise<void> {
  try {
    const result = await publish();
    if (result.state === "failed") toast.error("Saved, but publishing failed: see the reason at the top.");
    else if (result.state === "live") toast.success("Saved and published: the website shows it.");
    else toast.success("Saved and publishing: the website is being rebuilt.");
  } catch (err) {
    const message = failureText(err, "Publishing");
    if (message) toast.error(`Saved as a draft, not published. ${message}`);
  }
}

export function ContentList<T extends Item, B>({
  spec,
  items,
  onAdd,
  onRemove,
  onUpdate,
  onPublish,
  onChanged,
}: {
  spec: ListSpec<T, B>;
  items: readonly T[];
  /** Without it the list has no "Add" form (the gallery adds through its own form). */
  onAdd?: (body: B) => Promise<unknown>;
  /** With it each item has a Remove button. */
  onRemove?: (item: T) => Promise<unknown>;
  onUpdate: (id: number, body: Partial<B> | { hidden: boolean } | { position: number }) => Promise<unknown>;
  /** Publishes every draft; with it an item's form also offers "Save and publish". */
  onPublish?: () => Promise<{ state: string }>;
  onChanged: () => Promise<void>;
}) {
  const id = useId();
  const [editing, setEditing] = useState<number | null>(null);
  const [adding, setAdding] = useState(false);
  const [busy, setBusy] = useState(false);

  const act = async (what: string, work: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await work();
      await onChanged();
    } catch (err) {
      const message = failureText(err, what);
      if (message) toast.error(message);
    } finally {
      setBusy(false);
    }
  };

  /** Moves an item one place and numbers the list 0, 1, 2, … (only the items whose number changes). */
  const move = (index: number, by: -1 | 1) =>
    act("Moving", async () => {
      const order = [...items];
      const [item] = order.splice(index, 1);
      order.splice(index + by, 0, item!);
      for (const [position, entry] of order.entries()) {
        if (entry.position !== position) await onUpdate(entry.id, { position });
      }
    });

  return (
    <div className="grid gap-3">
      <ul className="divide-y divide-slate-200 rounded-card border border-slate-200 bg-white shadow-card">
        {items.map((item, index) =>
          editing === item.id ? (
            <li key={item.id} className="bg-slate-50 p-4">
              <ItemForm
                fields={spec.fields}
                initial={spec.textOf(item)}
                bodyOf={spec.bodyOf}
                submitLabel="Save draft"
                onCancel={() => setEditing(null)}
                onSave={async (body) => {
                  await onUpdate(item.id, body);
                  setEditing(null);
                  toast.success("Saved as a draft", { description: "Publish to put it on the website." });
                  await onChanged();
                }}
                onSaveAndPublish={
                  onPublish &&
                  (async (body) => {
                    await onUpdate(item.id, body);
                    setEditing(null);
                    await saveThenPublish(onPublish);
                    await onChanged();
                  })
                }
              />
            </li>
          ) : (
            <li
              key={item.id}
              className={`flex flex-wrap items-center gap-x-2 gap-y-1 px-3 py-3 sm:px-4 ${item.hidden ? "bg-slate-50" : ""}`}
            >
              {spec.media ? <div className="flex shrink-0 gap-1">{spec.media(item)}</div> : null}
              <div className="min-w-0 flex-1 basis-48">
                <p className="font-semibold break-words text-slate-900">
                  {spec.title(item)} {item.hidden ? <Badge tone="neutral">Hidden</Badge> : null}
                </p>
                <p className="line-clamp-2 text-sm break-words text-slate-700">{spec.detail(item)}</p>
              </div>
              <div className="flex shrink-0 items-center">
                <IconButton label={`Edit ${spec.title(item)}`} onClick={() => setEditing(item.id)}>
                  <Pencil aria-hidden="true" className="size-4" />
                </IconButton>
                <IconButton
                  label={`Move ${spec.title(item)} up`}
                  disabled={busy || index === 0}
                  onClick={() => void move(index, -1)}
                >
                  <ArrowUp aria-hidden="true" className="size-4" />
                </IconButton>
                <IconButton
                  label={`Move ${spec.title(item)} down`}
                  disabled={busy || index === items.length - 1}
                  onClick={() => void move(index, 1)}
                >
                  <ArrowDown aria-hidden="true" className="size-4" />
                </IconButton>
                <IconButton
                  label={`${item.hidden ? "Show" : "Hide"} ${spec.title(item)}`}
                  disabled={busy}
                  onClick={() => void act("Saving", () => onUpdate(item.id, { hidden: !item.hidden }))}
                >
                  {item.hidden ? (
                    <Eye aria-hidden="true" className="size-4" />
                  ) : (
                    <EyeOff aria-hidden="true" className="size-4" />
                  )}
                </IconButton>
                {onRemove ? (
                  <IconButton
                    label={`Remove ${spec.title(item)}`}
                    disabled={busy}
                    className="text-danger-600"
                    onClick={() => void act("Removing it", () => onRemove(item))}
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                  </IconButton>
                ) : null}
              </div>
            </li>
          ),
        )}
      </ul>
      {!onAdd ? null : adding ? (
        <section
          aria-labelledby={`${id}-add`}
          className="rounded-card border border-slate-200 bg-white p-4 shadow-card"
        >
          <h3 id={`${id}-add`} className="mb-3 font-semibold text-slate-900">
            Add a {spec.noun}
          </h3>
          <ItemForm
            fields={spec.fields}
            initial={spec.empty}
            bodyOf={spec.bodyOf}
            submitLabel={`Add ${spec.noun}`}
            onCancel={() => setAdding(false)}
            onSave={async (body) => {
              await onAdd(body);
              setAdding(false);
              toast.success(`The ${spec.noun} was added as a draft`);
              await onChanged();
            }}
          />
        </section>
      ) : (
        <Button variant="secondary" className="justify-self-start" onClick={() => setAdding(true)}>
          <Plus aria-hidden="true" className="size-4" />
          Add a {spec.noun}
        </Button>
      )}
    </div>
  );
}
