/**
 * Shown when the server refuses to confirm a window that has already ended (409 `window_passed`):
 * the customer is never e-mailed a time that is over. If the visit took place, the owner records it
 * as done already (stored confirmed and completed, no e-mail); otherwise he goes back and picks a
 * later time.
 */
import { AdminDialog } from "../../../admin/components/dialogs";
import { Button } from "../../../admin/components/ui";

export function PassedWindowDialog({
  warning,
  busy,
  onDoneAlready,
  onClose,
}: {
  /** The server's sentence, or null when the dialog is closed. */
  warning: string | null;
  busy: boolean;
  onDoneAlready: () => void;
  onClose: () => void;
}) {
  return (
    <AdminDialog
      open={warning !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="This time is over"
      description={warning}
      role="alertdialog"
    >
      <p className="text-sm text-slate-700">
        If the visit took place, record it as done: the customer is not e-mailed. If it did not, choose a
        later time.
      </p>
      <div className="mt-4 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" disabled={busy} onClick={onClose}>
          Choose a later time
        </Button>
        <Button disabled={busy} onClick={onDoneAlready}>
          Record as done already
        </Button>
      </div>
    </AdminDialog>
  );
}
