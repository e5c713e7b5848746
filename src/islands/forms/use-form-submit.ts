/**
 * The send path shared by the three forms, with no form library (docs/decisions/025-light-forms.md).
 * The inputs are the server-rendered, uncontrolled ones, so what a visitor typed before the island
 * woke up stays, and the form posts natively without JavaScript. It owns these rules:
 * - the browser checks the fields with the server's rules and messages (./checks.ts) before
 *   sending; after a failed send each field is checked again as it changes;
 * - a double click sends once (a synchronous guard, not React state, which updates a frame late);
 * - a retry after a failure reuses the same Idempotency-Key; a new key only after a success;
 * - success clears every field; any failure keeps every field exactly as typed;
 * - field errors from the server land on their fields and focus moves to the first of them;
 * - every failure says what to do next (try again, or call the phone number);
 * - near the day's limit the server asks for a proof-of-work challenge: it is solved here and the
 *   same post sent again with the solution, showing "Checking your browser...";
 * - a form sent sooner than a person could fill it in (autofill is that fast) waits out the rest of
 *   the spam guard's minimum, showing the sending state, instead of meeting its refusal.
 */
import { useCallback, useEffect, useRef, useState, type FormEvent, type SubmitEvent } from "react";
import { honeypotField, islandMinFillMs, startedAtField } from "../../lib/form-fields/spam-guard";
import { newIdempotencyKey, submitForm, type SubmitOutcome } from "../../lib/api/forms";
import { flushSync } from "react-dom";
import { solveChallenge } from "../../lib/api/proof-of-work";
import type { bookingRoute, contactRoute, createTestimonialRoute } from "../../lib/contracts/public-routes";
import type { PhotoControllerRef } from "../photos/controller";
import type { FieldErrors, FormValues } from "./checks";

export interface PhoneContact {
  readonly display: string;
  readonly href: string;
}

/** What the form shows under its button after a send; a stored request also shows its reference. */
export type Notice =
  | {
      readonly tone: "success";
      readonly text: string;
      readonly reference?: string | undefined;
      /** What happens next (src/lib/request-wording.ts). */
      readonly next?: string | undefined;
    }
  | { readonly tone: "error"; readonly text: string; readonly title?: string | undefined };

interface Options {
  /** The form's endpoint (src/lib/contracts/public-routes.ts). */
  readonly endpoint: typeof contactRoute | typeof bookingRoute | typeof createTestimonialRoute;
  /** Field names in the order they appear, so focus goes to the first invalid one. */
  readonly fieldOrder: readonly string[];
  /** The browser's check of the fields (./checks.ts): the first problem per field. */
  readonly check: (values: FormValues) => FieldErrors;
  /** The JSON body to send, from the form's values (default: the values as they are). */
  readonly toPayload?: (values: FormValues) => Record<string, unknown>;
  readonly successMessage: string;
  /** What happens next, shown under the success message (src/lib/request-wording.ts). */
  readonly nextSteps?: string | undefined;
  /** The heading of every failure notice; the notice's text says what happened and what to do. */
  readonly errorMessage: string;
  readonly phone: PhoneContact;
  readonly onSuccess?: () => void;
  /** The form's photo attachments (../photos/PhotoField.tsx), if it takes photos. */
  readonly photos?: PhotoControllerRef;
}

/** The submit button's label while the browser solves the server's proof-of-work challenge. */
export const checkingLabel = "Checking your browser...";

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
    case "challenge":
      return `${outcome.message} Everything you typed is still here.`;
    case "server":
      return `Our system could not take your request just now. Everything you typed is still here: please try again in a minute, or call us on ${phone.display}.`;
  }
}

/** The form's text values (files are the photo field's business, the spam guard is added later). */
export function formValues(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of new FormData(form)) {
    if (typeof value === "string" && name !== honeypotField && name !== startedAtField) values[name] = value;
  }
  return values;
}

/** The control a field's error belongs to: option errors (`option2`) sit on that option's date. */
function controlFor(form: HTMLFormElement, name: string): HTMLElement | null {
  const target = /^option[1-3]$/.test(name)
    ? `${name}Date`
    : name === "preferredOptions"
      ? "option1Date"
      : name;
  const item = form.elements.namedItem(target);
  if (item instanceof RadioNodeList) return (item[0] as HTMLElement | undefined) ?? null;
  return item instanceof HTMLElement ? item : null;
}

/** The reference ("KB-000042") a 201 answer carries, if any. */
function referenceOf(body: unknown): string | undefined {
  const reference = (body as { reference?: unknown } | null)?.reference;
  return typeof reference === "string" ? reference : undefined;
}

export function useFormSubmit(options: Options) {
  const { endpoint, fieldOrder, check, toPayload, successMessage, nextSteps, errorMessage, phone } = options;
  const { onSuccess, photos } = options;
  const busyRef = useRef(false);
  const [busy, setBusy] = useState(false);
  /** True while the browser solves the server's proof-of-work challenge. */
  const [checking, setChecking] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const checkAsTyped = useRef(false);
  const idempotencyKey = useRef<string | null>(null);
  const honeypotRef = useRef<HTMLInputElement>(null);
  const startedAtRef = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const startedAt = useRef(0);
  const [notice, setNoticeState] = useState<Notice | null>(null);
  const setNotice = useCallback(
    (next: Notice | null) => setNoticeState(next?.tone === "error" ? { ...next, title: errorMessage } : next),
    [errorMessage],
  );

  const stampStart = useCallback(() => {
    startedAt.current = Date.now();
    if (startedAtRef.current) startedAtRef.current.value = String(startedAt.current);
  }, []);

  useEffect(() => {
    stampStart();
    // The static HTML keeps the browser's own checks for visitors without JavaScript; once the
    // island runs, the shared rules' messages take over.
    if (formRef.current) formRef.current.noValidate = true;
  }, [stampStart]);

  const showErrors = useCallback(
    (found: FieldErrors) => {
      setErrors(found);
      const form = formRef.current;
      const first = [...fieldOrder, ...Object.keys(found)].find((name) => found[name]);
      if (form && first) controlFor(form, first)?.focus();
    },
    [fieldOrder],
  );

  const send = useCallback(
    async (form: HTMLFormElement, values: FormValues) => {
      // Photos upload on their own before the form is sent; the form only names them.
      const photoBlocker = photos?.current?.blocker() ?? null;
      if (photoBlocker) {
        setNotice({ tone: "error", text: photoBlocker });
        return;
      }
      const photoIds = photos?.current?.ids() ?? [];
      idempotencyKey.current ??= newIdempotencyKey();
      const payload = {
        ...(toPayload ? toPayload(values) : values),
        ...(photoIds.length > 0 ? { photos: photoIds } : {}),
        [honeypotField]: honeypotRef.current?.value ?? "",
        [startedAtField]: startedAt.current,
      };
      // The server refuses a form sent within `minFillMs` of being shown (bots are that fast, and so
      // is a person using autofill). Wait out the rest here; the button shows the sending state.
      await pause(startedAt.current + islandMinFillMs + fillTimeMarginMs - Date.now());
      let outcome = await submitForm(endpoint, payload as never, idempotencyKey.current);
      if (outcome.kind === "invalid" && outcome.code === "too_fast") {
        // This device's clock runs ahead of the server's, so the start time looked too recent. The
        // refusal stored nothing: wait the minimum once more and send again with the same key.
        await pause(islandMinFillMs);
        outcome = await submitForm(endpoint, payload as never, idempotencyKey.current);
      }
      if (outcome.kind === "challenge") {
        // Near the day's limit the server asks for a short proof of work: solve it here and send
        // the same post (same key, same fields) again with the solution.
        // Drawn now and painted before the search starts: the search's many short tasks would
        // otherwise hold the render back until it had finished, and the label would never show.
        flushSync(() => setChecking(true));
        await new Promise((resolve) => requestAnimationFrame(resolve));
        const solution = await solveChallenge(outcome.challenge).finally(() => setChecking(false));
        if (solution)
          outcome = await submitForm(endpoint, payload as never, idempotencyKey.current, solution);
      }

      if (outcome.kind === "ok") {
        idempotencyKey.current = null;
        checkAsTyped.current = false;
        form.reset();
        setErrors({});
        photos?.current?.clear();
        stampStart();
        setNotice({
          tone: "success",
          text: successMessage,
          reference: referenceOf(outcome.body),
          next: nextSteps,
        });
        onSuccess?.();
        return;
      }

      if (outcome.kind === "invalid") {
        const shown = new Set([...fieldOrder, "option1", "option2", "option3", "preferredOptions"]);
        const known = Object.fromEntries(Object.entries(outcome.fields).filter(([name]) => shown.has(name)));
        if (Object.keys(known).length > 0) {
          checkAsTyped.current = true;
          showErrors(known);
          setNotice({ tone: "error", text: failureText(outcome, phone) });
          return;
        }
        // A message about a field this form does not show (e.g. the spam guard) goes in the notice.
        const other = Object.values(outcome.fields)[0];
        setNotice({
          tone: "error",
          text: `${other ?? outcome.message} If it keeps happening, call us on ${phone.display}.`,
        });
        return;
      }

      setNotice({ tone: "error", text: failureText(outcome, phone) });
    },
    [
      endpoint,
      fieldOrder,
      nextSteps,
      onSuccess,
      phone,
      photos,
      setNotice,
      showErrors,
      stampStart,
      successMessage,
      toPayload,
    ],
  );

  const onSubmit = useCallback(
    (event: SubmitEvent<HTMLFormElement>) => {
      event.preventDefault();
      const form = event.currentTarget;
      if (busyRef.current) return;
      setNotice(null);
      const values = formValues(form);
      const found = check(values);
      if (Object.keys(found).length > 0) {
        checkAsTyped.current = true;
        showErrors(found);
        return;
      }
      setErrors({});
      busyRef.current = true;
      setBusy(true);
      void send(form, values).finally(() => {
        busyRef.current = false;
        setBusy(false);
      });
    },
    [check, send, setNotice, showErrors],
  );

  /** After a failed send, a field's message follows what is typed into it. */
  const onChange = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      if (!checkAsTyped.current) return;
      const name = (event.target as HTMLInputElement).name;
      if (!name) return;
      const found = check(formValues(event.currentTarget));
      const key = /^option[1-3](Date|Window)$/.test(name) ? "option1Date" : name;
      setErrors((previous) => {
        const next = { ...previous };
        delete next[name];
        if (/^option[1-3]/.test(name)) {
          for (const n of ["option1", "option2", "option3", "preferredOptions", "option1Date"])
            delete next[n];
        }
        if (found[key]) next[key] = found[key];
        return next;
      });
    },
    [check],
  );

  const clearNotice = useCallback(() => setNotice(null), [setNotice]);

  return {
    onSubmit,
    onChange,
    busy,
    checking,
    errors,
    notice,
    clearNotice,
    formRef,
    honeypotRef,
    startedAtRef,
  };
}
