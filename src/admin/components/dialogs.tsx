/** The admin's modal dialogs, on Radix (kept apart from ./ui.tsx so screens without one load none). */
import * as Dialog from "@radix-ui/react-dialog";
import { LoaderCircle, X } from "lucide-react";
import type { ReactNode } from "react";
import { Button, IconButton } from "./ui";

/**
 * A modal dialog from Radix (focus trap, Escape closes, title and description wired to
 * aria-labelledby / aria-describedby, focus returns to the opener).
 */
export function AdminDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  role = "dialog",
  wide = false,
  widest = false,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  role?: "dialog" | "alertdialog";
  wide?: boolean;
  /** Room for a form with columns, such as the quote editor (wider than `wide`). */
  widest?: boolean;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-950/50" />
        <Dialog.Content
          role={role}
          {...(description ? {} : { "aria-describedby": undefined })}
          className={`fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-card bg-white p-5 shadow-card sm:p-6 ${widest ? "max-w-5xl" : wide ? "max-w-2xl" : "max-w-md"}`}
        >
          <Dialog.Title className="pr-10 text-lg font-bold text-brand-900">{title}</Dialog.Title>
          {description ? (
            <Dialog.Description className="mt-1 text-sm text-slate-600">{description}</Dialog.Description>
          ) : null}
          <div className="mt-4">{children}</div>
          {/* Last in the DOM so focus starts on the dialog's first field or action, not on Close. */}
          <Dialog.Close asChild>
            <IconButton label="Close" className="absolute top-3 right-3 size-10">
              <X aria-hidden="true" className="size-5" />
            </IconButton>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** An accessible replacement for window.confirm, with the wording passed in. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  message,
  confirmLabel,
  busy,
  onConfirm,
  tone = "danger",
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  message: string;
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => void;
  /** "primary" for an action that destroys nothing (sending a quote). */
  tone?: "danger" | "primary";
  /** A choice that goes with the action (a tick box), shown above the buttons. */
  children?: ReactNode;
}) {
  return (
    <AdminDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={message}
      role="alertdialog"
    >
      {children}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Dialog.Close asChild>
          <Button variant="secondary" disabled={busy}>
            Cancel
          </Button>
        </Dialog.Close>
        <Button variant={tone} onClick={onConfirm} disabled={busy}>
          {busy ? (
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
          ) : null}
          {confirmLabel}
        </Button>
      </div>
    </AdminDialog>
  );
}
