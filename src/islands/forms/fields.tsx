/**
 * Labelled form controls shared by the contact, booking and review forms. Every control has a real
 * <label>, a visible required marker, `aria-invalid` and an error linked by `aria-describedby`
 * (WCAG 2.2 SC 1.3.1, 3.3.1, 3.3.2). Inputs are 16 px so phones do not zoom into them.
 */
import { CircleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { limits } from "../../lib/form-fields/limits";

export const inputClass =
  "mt-1.5 block w-full rounded-lg border border-slate-300 bg-white px-3.5 py-2.5 text-base text-slate-900 shadow-sm transition-colors placeholder:text-slate-500 hover:border-slate-400 focus:border-brand-500 aria-[invalid=true]:border-danger-600 aria-[invalid=true]:bg-danger-50/40";

interface FieldShellProps {
  readonly id: string;
  readonly label: string;
  readonly required?: boolean;
  readonly error?: string | undefined;
  readonly hint?: string | undefined;
  readonly className?: string;
  readonly children: ReactNode;
}

export const errorId = (id: string) => `${id}-error`;
export const hintId = (id: string) => `${id}-hint`;

/** The ids an input should name in aria-describedby: its hint, then its error. */
export function describedBy(
  id: string,
  hint: string | undefined,
  error: string | undefined,
): string | undefined {
  const ids = [hint ? hintId(id) : null, error ? errorId(id) : null].filter(Boolean);
  return ids.length > 0 ? ids.join(" ") : undefined;
}

export function FieldShell({ id, label, required, error, hint, className, children }: FieldShellProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {label}
        {required ? (
          <span aria-hidden="true" className="ml-0.5 text-danger-600">
            *
          </span>
        ) : null}
      </label>
      {children}
      {hint ? (
        <p id={hintId(id)} className="mt-1.5 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId(id)} className="mt-1.5 flex items-start gap-1.5 text-sm font-medium text-danger-600">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{error}</span>
        </p>
      ) : null}
    </div>
  );
}

interface InputFieldProps {
  readonly id: string;
  readonly label: string;
  /** The control's name: what it posts as, and the key of its error. */
  readonly name: string;
  readonly error?: string | undefined;
  readonly hint?: string;
  readonly required?: boolean;
  readonly type?: "text" | "email" | "tel";
  readonly autoComplete: string;
  readonly placeholder?: string;
  readonly inputMode?: "text" | "email" | "tel";
  readonly maxLength?: number;
  readonly className?: string;
}

export function InputField({
  id,
  label,
  name,
  error,
  hint,
  required = true,
  type = "text",
  autoComplete,
  placeholder,
  inputMode,
  maxLength,
  className,
}: InputFieldProps) {
  return (
    <FieldShell
      id={id}
      label={label}
      required={required}
      error={error}
      hint={hint}
      className={className ?? ""}
    >
      <input
        id={id}
        type={type}
        autoComplete={autoComplete}
        placeholder={placeholder}
        inputMode={inputMode}
        maxLength={maxLength}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        className={inputClass}
        name={name}
      />
    </FieldShell>
  );
}

interface TextAreaFieldProps {
  readonly id: string;
  readonly label: string;
  /** The control's name: what it posts as, and the key of its error. */
  readonly name: string;
  readonly error?: string | undefined;
  readonly required?: boolean;
  /** e.g. "street-address", which HTML allows on a multi-line control only. */
  readonly autoComplete?: string;
  readonly placeholder?: string;
  readonly rows?: number;
  readonly maxLength?: number;
  readonly className?: string;
}

export function TextAreaField({
  id,
  label,
  name,
  error,
  required = true,
  autoComplete,
  placeholder,
  rows = 5,
  maxLength,
  className,
}: TextAreaFieldProps) {
  return (
    <FieldShell id={id} label={label} required={required} error={error} className={className ?? ""}>
      <textarea
        id={id}
        rows={rows}
        autoComplete={autoComplete}
        placeholder={placeholder}
        maxLength={maxLength}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, undefined, error)}
        className={`${inputClass} resize-y`}
        name={name}
      />
    </FieldShell>
  );
}

type PersonField = "name" | "email" | "phone";

/**
 * Name, e-mail and phone: the fields the contact and booking forms share, with the input types and
 * autocomplete tokens that let a phone fill them in one tap.
 */
export function PersonFields({
  id,
  errors,
}: {
  id: (name: string) => string;
  errors: Partial<Record<PersonField | (string & {}), string | undefined>>;
}) {
  return (
    <>
      <InputField
        id={id("name")}
        label="Full Name"
        autoComplete="name"
        placeholder="Your name"
        maxLength={limits.name}
        error={errors.name}
        name="name"
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <InputField
          id={id("email")}
          label="Email"
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder="you@example.com"
          maxLength={limits.email}
          error={errors.email}
          name="email"
        />
        <InputField
          id={id("phone")}
          label="Phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="07700 900123"
          maxLength={limits.phone}
          error={errors.phone}
          name="phone"
        />
      </div>
    </>
  );
}

interface SelectFieldProps {
  readonly id: string;
  readonly label: string;
  /** The control's name: what it posts as, and the key of its error. */
  readonly name: string;
  readonly error?: string | undefined;
  readonly placeholder: string;
  readonly options: readonly { readonly value: string; readonly label: string }[];
  readonly className?: string;
}

export function SelectField({ id, label, name, error, placeholder, options, className }: SelectFieldProps) {
  return (
    <FieldShell id={id} label={label} required error={error} className={className ?? ""}>
      <select
        id={id}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, undefined, error)}
        className={`${inputClass} appearance-auto`}
        name={name}
      >
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

/** The submit button: disabled and relabelled while sending, with a spinner. */
export function SubmitButton({
  busy,
  idleLabel,
  busyLabel,
}: {
  busy: boolean;
  idleLabel: string;
  busyLabel: string;
}) {
  return (
    <button
      type="submit"
      disabled={busy}
      aria-disabled={busy}
      className="inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-lg bg-accent-500 px-6 py-3 text-base font-semibold text-slate-950 shadow-sm transition-colors hover:bg-accent-400 disabled:cursor-progress disabled:opacity-80 sm:w-auto"
    >
      {busy ? (
        <span
          aria-hidden="true"
          className="size-4 animate-spin rounded-full border-2 border-slate-950/30 border-t-slate-950 motion-reduce:animate-none"
        />
      ) : null}
      {busy ? busyLabel : idleLabel}
    </button>
  );
}
