/**
 * Saving a Business details form: nothing sent when nothing changed, the server's field messages
 * beside their fields and a summary that takes the focus, what was typed kept on any failure.
 * Shared by the papers' details (BusinessForm) and the website's details (PublicFactsForm).
 */
import { useRef, useState } from "react";
import { toast } from "sonner";
import { ApiError } from "../../../admin/api";
import type { BusinessPatch } from "./api";
import { fieldLabels } from "./BusinessAudit";

export function useDetailsSave(
  onSave: (patch: BusinessPatch) => Promise<unknown>,
  saved: { title: string; description: string },
) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const alertRef = useRef<HTMLDivElement>(null);

  const save = async (patch: BusinessPatch) => {
    if (Object.keys(patch).length === 0) {
      toast.info("Nothing to save: the details are as they were.");
      return;
    }
    setBusy(true);
    try {
      await onSave(patch);
      setErrors({});
      setProblem(null);
      toast.success(saved.title, { description: saved.description });
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return;
      setErrors(err instanceof ApiError ? err.fields : {});
      setProblem(
        err instanceof ApiError && err.status < 500 ? err.message : "Saving failed. Please try again.",
      );
      requestAnimationFrame(() => alertRef.current?.focus());
    } finally {
      setBusy(false);
    }
  };

  const reasons = Object.entries(errors).map(([k, m]) => [k, `${fieldLabels[k] ?? k}: ${m}`] as const);
  return { errors, problem, busy, alertRef, reasons, save };
}
