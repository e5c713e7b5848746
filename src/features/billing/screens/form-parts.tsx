/**
 * What every billing form in the admin shares (docs/decisions/074-billing-screens.md): the look of
 * its fields, a field's message and how the field names it, the sentence above a refused form, a
 * failed call's toast, and the small dialog that holds one form with "Back" and its action.
 */
import { useRef, useState, type ReactNode } from "react";
import { toast } from "sonner";
import { ApiError } from "../../../admin/api";
import { AdminDialog } from "../../../admin/components/dialogs";
import { Button, FormProblem } from "../../../admin/components/ui";
import { serverErrors } from "./line-draft";

export const inputClass =
  "mt-1 block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 aria-[invalid=true]:border-danger-600 aria-[invalid=true]:ring-1 aria-[invalid=true]:ring-danger-600";
export const labelClass = "block text-sm font-semibold text-slate-800";
export const sectionTitle = "text-xs font-semibold tracking-wide text-slate-600 uppercase";

/** A field's message under it, named by `id` for its aria-describedby. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <span id={id} className="mt-1 block text-sm font-normal text-danger-600">
      {message}
    </span>
  ) : null;
}

export type FieldProps = (key: string) => { "aria-invalid": boolean; "aria-describedby"?: string };

/** The id of the message about field `key` ("lines.2.quantity") in the form `formId`. */
export const errorId = (formId: string, key: string): string => `${formId}-${key.replaceAll(".", "-")}-error`;

/**
 * A form's messages per field: `field(key)` for the input's aria attributes, `errorFor(key)` for
 * the message under it, `clear(keys)` once the owner changes what they were about.
 */
export function useFieldErrors(formId: string) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const field: FieldProps = (key) => ({
    "aria-invalid": Boolean(errors[key]),
    ...(errors[key] ? { "aria-describedby": errorId(formId, key) } : {}),
  });
  const errorFor = (key: string) => <FieldError id={errorId(formId, key)} message={errors[key]} />;
  const clear = (keys: readonly string[]) => {
    if (keys.some((k) => errors[k]))
      setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !keys.includes(k))));
  };
  return { errors, setErrors, field, errorFor, clear };
}

/** Whether the server refused the request itself (a 4xx), so its own sentence is worth showing. */
export const refusedByServer = (err: unknown): err is ApiError =>
  err instanceof ApiError && err.status > 0 && err.status < 500;

/**
 * The sentence above a form the server did not take: its own words for a refusal (after
 * `whenFields`, "The quote was not saved.", when it named fields), else `fallback`.
 */
export function refusal(err: unknown, fallback: string, whenFields?: string): string {
  if (!refusedByServer(err)) return fallback;
  return whenFields && Object.keys(err.fields).length > 0 ? `${whenFields} ${err.message}` : err.message;
}

/** A failed call as a toast: the server's sentence for a 4xx, a plain retry message otherwise. */
export function reportFailure(err: unknown, what: string) {
  if (err instanceof ApiError && err.status === 401) return;
  toast.error(refusal(err, `${what} failed. Please try again.`));
}

/** The signed-out answer: the admin's sign-in screen takes over, so the form says nothing. */
export const signedOut = (err: unknown): boolean => err instanceof ApiError && err.status === 401;

/**
 * A dialog's form and its call: `busy` while it runs; the server's messages beside the fields
 * they name, or (none named) a toast naming `what`.
 */
export function useDialogForm(formId: string) {
  const fields = useFieldErrors(formId);
  const [busy, setBusy] = useState(false);
  const send = async (work: () => Promise<void>, what: string) => {
    fields.setErrors({});
    setBusy(true);
    try {
      await work();
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.fields).length > 0)
        fields.setErrors(serverErrors(err.fields));
      else reportFailure(err, what);
    } finally {
      setBusy(false);
    }
  };
  return { ...fields, busy, send };
}

/**
 * A form whose refusal is said above it (`problem`, focused so it is read first) with the
 * server's messages kept per field: `send` runs the call; no answer or a server failure says
 * `fallback`, a refusal the server's own words (after `whenFields` when it named fields).
 */
export function useProblemForm(formId: string) {
  const fields = useFieldErrors(formId);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const send = async (work: () => Promise<void>, fallback: string, whenFields?: string) => {
    setProblem(null);
    setBusy(true);
    try {
      await work();
    } catch (err) {
      if (signedOut(err)) return;
      fields.setErrors(err instanceof ApiError ? err.fields : {});
      setProblem(refusal(err, fallback, whenFields));
      requestAnimationFrame(() => alertRef.current?.focus());
    } finally {
      setBusy(false);
    }
  };
  return { ...fields, busy, problem, setProblem, alertRef, send };
}

/**
 * A dialog holding one form: its fields, then "Back" and the action. Closing is refused while the
 * form is busy, so a click outside cannot lose an answer on its way.
 */
export function FormDialog({
  title,
  description,
  busy,
  onClose,
  onSubmit,
  action,
  tone = "primary",
  wide = false,
  refused,
  formLabel,
  before,
  children,
}: {
  title: string;
  description: ReactNode;
  busy: boolean;
  onClose: () => void;
  onSubmit: () => void;
  /** The submit button's content (words, an icon). */
  action: ReactNode;
  tone?: "primary" | "danger" | "success";
  wide?: boolean;
  /** A `useProblemForm`: its refusal above the fields, with the server's reasons listed. */
  refused?: Pick<ReturnType<typeof useProblemForm>, "problem" | "errors" | "alertRef">;
  /** The form's accessible name, where the dialog holds more than the form. */
  formLabel?: string;
  /** Shown in place of the form (kept, hidden, so nothing typed is lost): a question first. */
  before?: ReactNode;
  children: ReactNode;
}) {
  return (
    <AdminDialog
      open
      wide={wide}
      onOpenChange={(open) => {
        if (!open && !busy) onClose();
      }}
      title={title}
      description={description}
    >
      {before}
      <form
        noValidate
        className={before ? "hidden" : "grid gap-4"}
        aria-label={formLabel}
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        {refused ? (
          <FormProblem
            problem={refused.problem}
            reasons={refused.problem ? Object.entries(refused.errors) : []}
            alertRef={refused.alertRef}
          />
        ) : null}
        {children}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" disabled={busy} onClick={onClose}>
            Back
          </Button>
          <Button type="submit" variant={tone} disabled={busy}>
            {action}
          </Button>
        </div>
      </form>
    </AdminDialog>
  );
}

/** A labelled text area with its message: a note, a reason. */
export function TextAreaField({
  id,
  label,
  value,
  onChange,
  rows = 2,
  maxLength = 1000,
  placeholder,
  aria,
  error,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  rows?: number;
  maxLength?: number;
  placeholder?: string | undefined;
  aria?: ReturnType<FieldProps>;
  error: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <textarea
        id={id}
        rows={rows}
        maxLength={maxLength}
        className={inputClass}
        value={value}
        placeholder={placeholder}
        {...aria}
        onChange={(e) => onChange(e.target.value)}
      />
      {error}
    </div>
  );
}
