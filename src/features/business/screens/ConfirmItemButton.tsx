/**
 * The Confirm button of one launch checklist item, on the dashboard's panel and on the Business
 * details screen: disabled while any confirmation is being saved, "Confirming…" on its own.
 */
import { CheckCircle2 } from "lucide-react";
import { Button } from "../../../admin/components/ui";
import type { ChecklistItem } from "../contract/checklist";
import type { useConfirm } from "./use-confirm";

export function ConfirmItemButton({
  item,
  busy,
  confirm,
}: { item: { id: ChecklistItem; label: string } } & ReturnType<typeof useConfirm>) {
  return (
    <Button
      variant="secondary"
      className="shrink-0"
      disabled={busy !== null}
      aria-label={`Confirm: ${item.label}`}
      onClick={() => void confirm(item.id)}
    >
      <CheckCircle2 aria-hidden="true" className="size-4" />
      {busy === item.id ? "Confirming…" : "Confirm"}
    </Button>
  );
}
