/**
 * The customer of a direct invoice with no request behind it, typed into the invoice editor: the
 * name, an optional e-mail address (the invoice can then be e-mailed once issued) and an address.
 */
import { inputClass, labelClass, sectionTitle, type DocumentEditorState } from "../../billing/screens";

export interface CustomerDraft {
  name: string;
  email: string;
  address: string;
}

export function CustomerFields({
  id,
  customer,
  editor,
  onChange,
}: {
  id: string;
  customer: CustomerDraft;
  editor: Pick<DocumentEditorState, "field" | "errorFor">;
  /** A field typed in, and the messages it answers. */
  onChange: (patch: Partial<CustomerDraft>, clear: string[]) => void;
}) {
  const { field, errorFor } = editor;
  return (
    <section aria-labelledby={id} className="grid gap-4 sm:grid-cols-2">
      <h3 id={id} className={`${sectionTitle} sm:col-span-2`}>
        Customer
      </h3>
      <div>
        <label htmlFor={`${id}-name`} className={labelClass}>
          Name
        </label>
        <input
          id={`${id}-name`}
          autoComplete="off"
          className={inputClass}
          value={customer.name}
          maxLength={200}
          {...field("customer.name")}
          onChange={(e) => onChange({ name: e.target.value }, ["customer.name", "customer"])}
        />
        {errorFor("customer.name")}
      </div>
      <div>
        <label htmlFor={`${id}-email`} className={labelClass}>
          E-mail address (optional)
        </label>
        <input
          id={`${id}-email`}
          type="email"
          autoComplete="off"
          className={inputClass}
          value={customer.email}
          {...field("customer.email")}
          onChange={(e) => onChange({ email: e.target.value }, ["customer.email"])}
        />
        <span className="mt-1 block text-sm text-slate-600">
          With an address, the invoice can be e-mailed once issued.
        </span>
        {errorFor("customer.email")}
      </div>
      <div className="sm:col-span-2">
        <label htmlFor={`${id}-address`} className={labelClass}>
          Address (optional)
        </label>
        <textarea
          id={`${id}-address`}
          rows={3}
          className={inputClass}
          value={customer.address}
          {...field("customer.address")}
          onChange={(e) => onChange({ address: e.target.value }, ["customer.address"])}
        />
        {errorFor("customer.address")}
      </div>
    </section>
  );
}
