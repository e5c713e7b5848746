/**
 * The send path shared by the three forms. It owns these rules:
 * - a double click sends once (a synchronous guard, not React state, which updates a frame late);
 * - a retry after a failure reuses the same Idempotency-Key; a new key only after a success;
 * - success clears every field; any failure keeps every field exactly as typed;
 * - field errors from the server land on their fields and focus moves to the first of them;
 * - every failure says what to do next (try again, or call the phone number);
 * - a form sent sooner than a person could fill it in (autofill is that fast) waits out the rest of
 *   the spam guard's minimum, showing the sending state, instead of meeting its refusal.
 */
import { useCallback, useEffect, useRef, useState, type SubmitEvent } from "react";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { toast } from "sonner";
import { honeypotField, minFillMs, startedAtField } from "../../lib/form-fields/spam-guard";
import { newIdempotencyKey, submitForm, type SubmitOutcome } from "../../lib/api/forms";
import type { bookingRoute, contactRoute, createTestimonialRoute } from "../../lib/contracts/public-routes";
import type { PhotoControllerRef } from "../photos/controller";

export interface PhoneContact {
  readonly display: string;
  readonly href: string;
}

/** What the form shows under its button after a send. */
export type Notice =
  { readonly tone: "success"; readonly text: string } | { readonly tone: "error"; readonly text: string };

interface Options<TIn extends FieldValues, TOut> {
  readonly form: UseFormReturn<TIn, unknown, TOut>;
  /** The form's endpoint (src/lib/contracts/public-routes.ts). */
  readonly endpoint: typeof contactRoute | typeof bookingRoute | typeof createTestimonialRoute;
  /** Field names in the order they appear, so focus goes to the first invalid one. */
  readonly fieldOrder: readonly Path<TIn>[];
  readonly successMessage: string;
  readonly errorMessage: string;
  readonly phone: PhoneContact;
  readonly onSuccess?: () => void;
  /** The form's photo attachments (../photos/PhotoField.tsx), if it takes photos. */
  readonly photos?: PhotoControllerRef;
}

/** Resolves after `ms` milliseconds, at once when `ms` is not positive. */
function pause(ms: number): Promise<void> {
  return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
}

/** Sent this long after the minimum, not on its edge (timers and clocks are not exact). */
const fillTimeMarginMs = 100;

function minutes(seconds: number): string {
  const m = Math.max(1, Math.ceil(seconds / 60));
  return m === 1 ? "a minute" : `${m} minutes`;
}

/** The sentence telling the visitor what happened and what to do next. Exported for unit tests. */
export function failureText(outcome: Exclude<SubmitOutcome, { kind: "ok" }>, phone: PhoneContact): string {
  switch (outcome.kind) {
    case "invalid":
      return "Please correct the highlighted fields and send again.";
    case "rate-limited":
      return outcome.retryAfterSeconds
        ? `We have had a lot of messages from your connection. Please wait ${minutes(outcome.retryAfterSeconds)} and try again, or call us on ${phone.display}.`
        : `We have had a lot of messages from your connection. Please wait a few minutes and try again, or call us on ${phone.display}.`;
    case "network":
      return `We could not reach our server. Everything you typed is still here: check your connection and try again, or call us on ${phone.display}.`;
    case "server":
      return `Our system could not take your request just now. Everything you typed is still here: please try again in a minute, or call us on ${phone.display}.`;
  }
}

export function useSubmission<TIn extends FieldValues, TOut extends object>(options: Options<TIn, TOut>) {
  const { form, endpoint, fieldOrder, successMessage, errorMessage, phone, onSuccess, photos } = options;
  const busy = useRef(false);
  const idempotencyKey = useRef<string | null>(null);
  const honeypotRef = useRef<HTMLInputElement>(null);
  const startedAtRef = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const startedAt = useRef(0);
  const [notice, setNotice] = useState<Notice | null>(null);

  const stampStart = useCallback(() => {
    startedAt.current = Date.now();
    if (startedAtRef.current) startedAtRef.current.value = String(startedAt.current);
  }, []);

  useEffect(() => {
    stampStart();
    // The static HTML keeps the browser's own checks for visitors without JavaScript; once the
    // island runs, the shared schema's messages take over.
    if (formRef.current) formRef.current.noValidate = true;
  }, [stampStart]);

  const send = useCallback(
    async (values: TOut) => {
      // Photos upload on their own before the form is sent; the form only names them.
      const photoBlocker = photos?.current?.blocker() ?? null;
      if (photoBlocker) {
        setNotice({ tone: "error", text: photoBlocker });
        toast.error(errorMessage, { description: photoBlocker });
        return;
      }
      const photoIds = photos?.current?.ids() ?? [];
      idempotencyKey.current ??= newIdempotencyKey();
      const payload = {
        ...values,
        ...(photoIds.length > 0 ? { photos: photoIds } : {}),
        [honeypotField]: honeypotRef.current?.value ?? "",
        [startedAtField]: startedAt.current,
      };
      // The server refuses a form sent within `minFillMs` of being shown (bots are that fast, and so
      // is a person using autofill). Wait out the rest here; the button shows the sending state.
      await pause(startedAt.current + minFillMs + fillTimeMarginMs - Date.now());
      let outcome = await submitForm(endpoint, payload as never, idempotencyKey.current);
      if (outcome.kind === "invalid" && outcome.code === "too_fast") {
        // This device's clock runs ahead of the server's, so the start time looked too recent. The
        // refusal stored nothing: wait the minimum once more and send again with the same key.
        await pause(minFillMs);
        outcome = await submitForm(endpoint, payload as never, idempotencyKey.current);
      }

      if (outcome.kind === "ok") {
        idempotencyKey.current = null;
        form.reset();
        photos?.current?.clear();
        stampStart();
        setNotice({ tone: "success", text: successMessage });
        toast.success(successMessage);
        onSuccess?.();
        return;
      }

      if (outcome.kind === "invalid") {
        const known = fieldOrder.filter((name) => outcome.fields[name]);
        known.forEach((name, i) =>
          form.setError(
            name,
            { type: "server", message: outcome.fields[name] ?? "" },
            { shouldFocus: i === 0 },
          ),
        );
        // A message about a field this form does not show (e.g. the spam guard) goes in the notice.
        const other = Object.entries(outcome.fields).find(
          ([name]) => !(fieldOrder as readonly string[]).includes(name),
        );
        const text =
          known.length > 0
            ? failureText(outcome, phone)
            : `${other?.[1] ?? outcome.message} If it keeps happening, call us on ${phone.display}.`;
        setNotice({ tone: "error", text });
        toast.error(errorMessage, { description: text });
        return;
      }

      const text = failureText(outcome, phone);
      setNotice({ tone: "error", text });
      toast.error(errorMessage, { description: text });
    },
    [endpoint, errorMessage, fieldOrder, form, onSuccess, phone, photos, stampStart, successMessage],
  );

  const onSubmit = useCallback(
    (event: SubmitEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (busy.current) return;
      busy.current = true;
      setNotice(null);
      toast.dismiss(); // an old error toast must not sit next to the new answer
      void form
        .handleSubmit(send)(event)
        .finally(() => {
          busy.current = false;
        });
    },
    [form, send],
  );

  const clearNotice = useCallback(() => setNotice(null), []);

  return { onSubmit, notice, clearNotice, formRef, honeypotRef, startedAtRef };
}
