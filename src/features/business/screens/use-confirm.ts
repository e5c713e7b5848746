/**
 * Confirming one launch checklist item (the dashboard's panel and the Business details screen):
 * saved with who and when in the business details' changes; the answer replaces the cached details.
 */
import { useState } from "react";
import { toast } from "sonner";
import { ApiError } from "../../../admin/api";
import { keys, queryClient } from "../../../admin/query";
import type { ChecklistItem } from "../contract/checklist";
import { businessApi } from "./api";

export function useConfirm() {
  const [busy, setBusy] = useState<ChecklistItem | null>(null);
  const confirm = async (id: ChecklistItem) => {
    setBusy(id);
    try {
      queryClient.setQueryData(keys.business, await businessApi.update({ confirm: id }));
      toast.success("Confirmed", { description: "Recorded in the business details' changes." });
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return;
      toast.error(
        err instanceof ApiError && err.status < 500 ? err.message : "Saving failed. Please try again.",
      );
    } finally {
      setBusy(null);
    }
  };
  return { busy, confirm };
}
