/**
 * The business details form: how the business trades (limited company or sole trader) and its VAT
 * registration. Sends only what changed; the server's per-field messages show beside the fields and
 * nothing typed is lost when it refuses.
 */
import { useId, useState, type ReactNode } from "react";
import { Button, fieldClass, FormProblem } from "../../../admin/components/ui";
import { formatDate } from "../../../platform/time";
import type { BusinessDetails, BusinessPatch } from "./api";
import { useDetailsSave } from "./use-details-save";

interface FormText {
  tradingAs: "company" | "sole_trader";
  soleTraderName: string;
  companyName: string;
  companyNumber: string;
  vatRegistered: boolean;
  vatNumber: string;
  vatRegisteredFrom: string;
}

export const textOf = (b: BusinessDetails["business"]): FormText => ({
  tradingAs: b.tradingAs,
  soleTraderName: b.soleTraderName ?? "",
  companyName: b.companyName,
  companyNumber: b.companyNumber ?? "",
  vatRegistered: b.vatRegistered,
  vatNumber: b.vatNumber ?? "",
  vatRegisteredFrom: b.vatRegisteredFrom ?? "",
});

/** The fields that differ from what is saved; an emptied text field is sent as null. */
function patchOf(text: FormText, saved: FormText): BusinessPatch {
  const patch: Record<string, unknown> = {};
  for (const key of Object.keys(text) as (keyof FormText)[]) {
    const value = typeof text[key] === "string" ? (text[key] as string).trim() : text[key];
    if (value === saved[key]) continue;
    patch[key] = value === "" && key !== "companyName" ? null : value;
  }
  return patch as BusinessPatch;
}

function Field(props: {
  id: string;
  name: keyof FormText;
  label: string;
  hint?: ReactNode;
  error: string | undefined;
  children: (a11y: Record<string, unknown>) => ReactNode;
}) {
  const errorId = `${props.id}-${props.name}-error`;
  const hintId = `${props.id}-${props.name}-hint`;
  const describedBy = [props.hint ? hintId : null, props.error ? errorId : null].filter(Boolean).join(" ");
  return (
    <label className="text-sm font-semibold text-slate-800">
      {props.label}
      {props.children({
        "aria-invalid": Boolean(props.error),
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
      })}
      {props.hint ? (
        <span id={hintId} className="mt-1 block text-sm font-normal text-slate-600">
          {props.hint}
        </span>
      ) : null}
      {props.error ? (
        <span id={errorId} className="mt-1 block text-sm font-normal text-danger-600">
          {props.error}
        </span>
      ) : null}
    </label>
  );
}

export function BusinessForm({
  details,
  onSave,
}: {
  details: BusinessDetails;
  onSave: (patch: BusinessPatch) => Promise<void>;
}) {
  const id = useId();
  const saved = textOf(details.business);
  const [text, setText] = useState(saved);
  const { errors, problem, busy, alertRef, reasons, save } = useDetailsSave(onSave, {
    title: "Business details saved",
    description: "The next quote and invoice use them.",
  });
  const set = (patch: Partial<FormText>) => setText((t) => ({ ...t, ...patch }));
  const sole = text.tradingAs === "sole_trader";
  const name = sole
    ? `${text.soleTraderName.trim() || "Your name"} trading as ${details.tradingName}`
    : text.companyName;
  const { vatFromEarliest, vatFromLatest } = details.limits;

  const submit = () => save(patchOf(text, saved));

  return (
    <form
      noValidate
      className="grid gap-5"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <FormProblem problem={problem} reasons={reasons} alertRef={alertRef} />
      <fieldset className="grid gap-2">
        <legend className="text-sm font-semibold text-slate-800">How you trade</legend>
        {(
          [
            ["company", "Limited company"],
            ["sole_trader", "Sole trader"],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="flex min-h-11 items-center gap-3 text-base text-slate-900">
            <input
              type="radio"
              name={`${id}-trading`}
              className="size-5"
              checked={text.tradingAs === value}
              onChange={() => set({ tradingAs: value })}
            />
            {label}
          </label>
        ))}
      </fieldset>
      {sole ? (
        <Field id={id} name="soleTraderName" label="Your full name" error={errors["soleTraderName"]}>
          {(a) => (
            <input
              className={fieldClass}
              value={text.soleTraderName}
              maxLength={100}
              autoComplete="name"
              {...a}
              onChange={(e) => set({ soleTraderName: e.target.value })}
            />
          )}
        </Field>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id={id} name="companyName" label="Company's registered name" error={errors["companyName"]}>
            {(a) => (
              <input
                className={fieldClass}
                value={text.companyName}
                maxLength={100}
                {...a}
                onChange={(e) => set({ companyName: e.target.value })}
              />
            )}
          </Field>
          <Field
            id={id}
            name="companyNumber"
            label="Company number"
            hint="As on Companies House, e.g. SC123456."
            error={errors["companyNumber"]}
          >
            {(a) => (
              <input
                className={fieldClass}
                value={text.companyNumber}
                maxLength={20}
                autoCapitalize="characters"
                {...a}
                onChange={(e) => set({ companyNumber: e.target.value })}
              />
            )}
          </Field>
        </div>
      )}
      <p className="rounded-lg bg-slate-100 p-3 text-sm text-slate-700" data-trader-preview>
        Quotes, invoices and e-mails will name you as <strong className="text-slate-900">{name}</strong>.
      </p>
      <label className="flex min-h-11 items-center gap-3 text-base font-semibold text-slate-900">
        <input
          type="checkbox"
          className="size-5"
          checked={text.vatRegistered}
          onChange={(e) => set({ vatRegistered: e.target.checked })}
        />
        Registered for VAT
      </label>
      {text.vatRegistered ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            id={id}
            name="vatNumber"
            label="VAT number"
            hint="GB and 9 or 12 digits."
            error={errors["vatNumber"]}
          >
            {(a) => (
              <input
                className={fieldClass}
                value={text.vatNumber}
                maxLength={20}
                autoCapitalize="characters"
                placeholder="GB123456789"
                {...a}
                onChange={(e) => set({ vatNumber: e.target.value })}
              />
            )}
          </Field>
          <Field
            id={id}
            name="vatRegisteredFrom"
            label="Effective date of registration"
            hint={`Papers dated from this day carry VAT; earlier ones do not. Between ${formatDate(vatFromEarliest)} and ${formatDate(vatFromLatest)}.`}
            error={errors["vatRegisteredFrom"]}
          >
            {(a) => (
              <input
                type="date"
                className={fieldClass}
                value={text.vatRegisteredFrom}
                min={vatFromEarliest}
                max={vatFromLatest}
                {...a}
                onChange={(e) => set({ vatRegisteredFrom: e.target.value })}
              />
            )}
          </Field>
        </div>
      ) : null}
      <div>
        <Button type="submit" disabled={busy}>
          {busy ? "Saving…" : "Save business details"}
        </Button>
      </div>
    </form>
  );
}
