/**
 * The business's public facts on the Business details screen
 * (docs/decisions/055-identity-and-public-facts.md): phone, e-mail, address, registered office,
 * insurance and accreditations. A save keeps them as drafts; the website shows them once the owner
 * publishes it on the Website screen. Each field saved but not yet published says so.
 */
import { useId, useState, type ReactNode } from "react";
import { Button, fieldClass, FormProblem } from "../../../admin/components/ui";
import type { PostalAddress, PublicFactField } from "../contract/public-facts";
import type { BusinessDetails, BusinessPatch } from "./api";
import { useDetailsSave } from "./use-details-save";
import { Labelled } from "./fields";

interface AddressText {
  line1: string;
  line2: string;
  line3: string;
  town: string;
  postcode: string;
}
interface FactsText {
  phone: string;
  email: string;
  address: AddressText;
  sameOffice: boolean;
  registeredOffice: AddressText;
  publicLiability: string;
  gasPartner: string;
  electricalPartner: string;
}

const addressText = (a: PostalAddress | null): AddressText => ({
  line1: a?.lines[0] ?? "",
  line2: a?.lines[1] ?? "",
  line3: a?.lines[2] ?? "",
  town: a?.town ?? "",
  postcode: a?.postcode ?? "",
});
const addressOf = (a: AddressText) => ({
  lines: [a.line1, a.line2, a.line3].map((l) => l.trim()).filter(Boolean),
  town: a.town.trim(),
  postcode: a.postcode.trim(),
});

const textOf = (b: BusinessDetails["business"]): FactsText => ({
  phone: b.phone,
  email: b.email,
  address: addressText(b.address),
  sameOffice: b.registeredOffice === null,
  registeredOffice: addressText(b.registeredOffice),
  publicLiability: b.publicLiability,
  gasPartner: b.gasPartner,
  electricalPartner: b.electricalPartner,
});

/** The facts as the API takes them, keeping only those that differ from what is saved. */
function patchOf(t: FactsText, b: BusinessDetails["business"]): BusinessPatch {
  const next = {
    phone: t.phone.trim(),
    email: t.email.trim(),
    address: addressOf(t.address),
    registeredOffice: t.sameOffice ? null : addressOf(t.registeredOffice),
    publicLiability: t.publicLiability.trim(),
    gasPartner: t.gasPartner.trim(),
    electricalPartner: t.electricalPartner.trim(),
  };
  return Object.fromEntries(
    Object.entries(next).filter(([k, v]) => JSON.stringify(v) !== JSON.stringify(b[k as keyof typeof b])),
  );
}

export function Draft({ field, drafts }: { field: PublicFactField; drafts: readonly string[] }) {
  if (!drafts.includes(field)) return null;
  return (
    <span
      className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900"
      data-draft
    >
      Draft: not on the website yet
    </span>
  );
}

function AddressFields(props: {
  value: AddressText;
  onChange: (a: AddressText) => void;
  error: string | undefined;
  legend: ReactNode;
}) {
  const { value, onChange } = props;
  const input = (key: keyof AddressText, label: string, extra: Record<string, unknown> = {}) => (
    <Labelled label={label}>
      <input
        className={fieldClass}
        value={value[key]}
        maxLength={100}
        aria-invalid={Boolean(props.error)}
        {...extra}
        onChange={(e) => onChange({ ...value, [key]: e.target.value })}
      />
    </Labelled>
  );
  return (
    <fieldset className="grid gap-3">
      <legend className="text-sm font-semibold text-slate-800">{props.legend}</legend>
      {input("line1", "Address line 1", { autoComplete: "address-line1" })}
      {input("line2", "Address line 2 (optional)", { autoComplete: "address-line2" })}
      {input("line3", "Address line 3 (optional)", { autoComplete: "address-line3" })}
      <div className="grid gap-3 sm:grid-cols-2">
        {input("town", "Town", { autoComplete: "address-level2" })}
        {input("postcode", "Postcode", { autoComplete: "postal-code", autoCapitalize: "characters" })}
      </div>
      {props.error ? <p className="text-sm text-danger-600">{props.error}</p> : null}
    </fieldset>
  );
}

export function PublicFactsForm({
  details,
  onSave,
}: {
  details: BusinessDetails;
  onSave: (patch: BusinessPatch) => Promise<void>;
}) {
  const id = useId();
  const [text, setText] = useState(() => textOf(details.business));
  const { errors, problem, busy, alertRef, reasons, save } = useDetailsSave(onSave, {
    title: "Saved as a draft",
    description: "Publish the website to show it to visitors.",
  });
  const set = (patch: Partial<FactsText>) => setText((t) => ({ ...t, ...patch }));
  const drafts = details.drafts;
  const draft = (f: PublicFactField) => <Draft field={f} drafts={drafts} />;

  const submit = () => save(patchOf(text, details.business));

  const line = (
    key: "phone" | "email" | "publicLiability" | "gasPartner" | "electricalPartner",
    label: string,
    extra: Record<string, unknown> = {},
  ) => (
    <Labelled label={label} error={errors[key]} draft={draft(key)}>
      <input
        className={fieldClass}
        value={text[key]}
        maxLength={100}
        aria-invalid={Boolean(errors[key])}
        {...extra}
        onChange={(e) => set({ [key]: e.target.value })}
      />
    </Labelled>
  );
  return (
    <form
      noValidate
      className="grid gap-5"
      aria-describedby={`${id}-drafts`}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <FormProblem problem={problem} reasons={reasons} alertRef={alertRef} />
      <p
        id={`${id}-drafts`}
        className="rounded-lg bg-slate-100 p-3 text-sm text-slate-700"
        data-drafts-summary
      >
        {drafts.length === 0
          ? "Your website shows these details as saved."
          : `${drafts.length} saved ${drafts.length === 1 ? "change is" : "changes are"} not on the website yet. `}
        {drafts.length > 0 ? (
          <a href="/admin/website" className="font-semibold text-brand-700 underline">
            Publish the website
          </a>
        ) : null}
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        {line("phone", "Phone", { type: "tel", autoComplete: "tel", inputMode: "tel" })}
        {line("email", "E-mail", { type: "email", autoComplete: "email" })}
      </div>
      <AddressFields
        legend={<>Trading address{draft("address")}</>}
        value={text.address}
        error={errors["address"]}
        onChange={(address) => set({ address })}
      />
      <label className="flex min-h-11 items-center gap-3 text-base text-slate-900">
        <input
          type="checkbox"
          className="size-5"
          checked={text.sameOffice}
          onChange={(e) => set({ sameOffice: e.target.checked })}
        />
        The registered office is the trading address
        {draft("registeredOffice")}
      </label>
      {text.sameOffice ? null : (
        <AddressFields
          legend="Registered office"
          value={text.registeredOffice}
          error={errors["registeredOffice"]}
          onChange={(registeredOffice) => set({ registeredOffice })}
        />
      )}
      {line("publicLiability", "Public liability cover", { placeholder: "£5 million" })}
      <div className="grid gap-4 sm:grid-cols-2">
        {line("gasPartner", "Gas partner's registration", { placeholder: "Gas Safe registered" })}
        {line("electricalPartner", "Electrical partner's registration", { placeholder: "NICEIC approved" })}
      </div>
      <div>
        <Button type="submit" disabled={busy}>
          {busy ? "Saving…" : "Save website details"}
        </Button>
      </div>
    </form>
  );
}
