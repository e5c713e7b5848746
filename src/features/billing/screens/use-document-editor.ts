/**
 * The state a document editor (a quote's, an invoice's) keeps beside what it edits
 * (docs/decisions/074-billing-screens.md): the messages per field, whether anything was typed
 * (closing then asks first), the refusal shown above the form, and the lines' own changes (a new
 * line's description takes the focus; lines added or removed drop the messages about lines by
 * number, which no longer fit them). `save` runs the checks, the call, and shows what went wrong
 * keeping everything typed.
 */
import { useEffect, useRef, useState } from "react";
import { useFieldErrors, refusal, signedOut } from "./form-parts";
import { isBlankLine, serverErrors, type DraftErrors, type LineDraft } from "./line-draft";
import { ApiError } from "../../../admin/api";

type LinesUpdate = (update: (lines: LineDraft[]) => LineDraft[]) => void;

export function useDocumentEditor({
  id,
  what,
  lines,
  setLines,
  onClose,
}: {
  /** The form's id (useId), which every field's id starts with. */
  id: string;
  /** "quote", "invoice": in the refusal's words. */
  what: string;
  lines: readonly LineDraft[];
  setLines: LinesUpdate;
  onClose: () => void;
}) {
  const fields = useFieldErrors(id);
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const alertRef = useRef<HTMLDivElement>(null);
  /** The line whose description gets the focus once it is on screen. */
  const focusKey = useRef<string | null>(null);

  useEffect(() => {
    if (!focusKey.current) return;
    document.getElementById(`${id}-${focusKey.current}-description`)?.focus();
    focusKey.current = null;
  }, [lines, id]);

  /** Something was typed: closing asks first, and the messages about `clear` go. */
  const touched = (clear: readonly string[] = []) => {
    setDirty(true);
    fields.clear(clear);
  };
  const withoutLineErrors = () =>
    fields.setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !k.startsWith("lines"))));
  const changeLines = (update: (ls: LineDraft[]) => LineDraft[]) => {
    setLines(update);
    touched();
    withoutLineErrors();
  };

  const lineActions = {
    onChange: (index: number, patch: Partial<LineDraft>, field: string) => {
      setLines((ls) => ls.map((l, i) => (i === index ? { ...l, ...patch } : l)));
      touched([`lines.${index}.${field}`, `lines.${index}`]);
    },
    onRemove: (index: number) => changeLines((ls) => ls.filter((_, i) => i !== index)),
    /**
     * A new line at the end, its description focused; from the price list, the one blank line a
     * new document starts with is replaced and the focus stays in the list for the next tap.
     */
    add: (line: LineDraft, fromPriceList = false) => {
      changeLines((ls) => (fromPriceList && ls.length === 1 && isBlankLine(ls[0]!) ? [line] : [...ls, line]));
      if (!fromPriceList) focusKey.current = line.key;
    },
  };

  const showProblem = (text: string, errors: DraftErrors) => {
    fields.setErrors(errors);
    setProblem(text);
    // The alert is announced; focus goes there so a keyboard user reads it first.
    requestAnimationFrame(() => alertRef.current?.focus());
  };

  /** The checks' messages first (nothing is sent while there are any), then the call. */
  const save = async (errors: DraftErrors, send: () => Promise<void>) => {
    setProblem(null);
    if (Object.keys(errors).length > 0) {
      showProblem(`The ${what} was not saved. Please check the highlighted fields.`, errors);
      return;
    }
    fields.setErrors({});
    setBusy(true);
    try {
      await send();
      setDirty(false);
    } catch (err) {
      if (signedOut(err)) return;
      showProblem(
        refusal(
          err,
          `The ${what} could not be saved: the server did not answer. Nothing you typed is lost; please try again.`,
          `The ${what} was not saved.`,
        ),
        err instanceof ApiError ? serverErrors(err.fields) : {},
      );
    } finally {
      setBusy(false);
    }
  };

  const close = () => {
    if (busy) return;
    if (dirty) setConfirmDiscard(true);
    else onClose();
  };

  /** "Discard" in the question `close` asked. */
  const discard = () => {
    setConfirmDiscard(false);
    onClose();
  };

  return {
    ...fields,
    busy,
    problem,
    alertRef,
    touched,
    lineActions,
    save,
    close,
    discard,
    confirmDiscard,
    setConfirmDiscard,
  };
}

export type DocumentEditorState = ReturnType<typeof useDocumentEditor>;
