/** Small building blocks shared by the admin screens: one button style, spinner, badges, dialogs. */
import * as Dialog from "@radix-ui/react-dialog";
import { LoaderCircle, X } from "lucide-react";
import type { ButtonHTMLAttributes, ReactNode } from "react";

type Variant = "primary" | "secondary" | "danger" | "ghost" | "success";

const variants: Record<Variant, string> = {
  primary: "bg-brand-800 text-white hover:bg-brand-900 disabled:bg-brand-400",
  secondary: "border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 disabled:text-slate-400",
  danger: "bg-danger-600 text-white hover:bg-red-800 disabled:bg-red-300",
  success: "bg-success-600 text-white hover:bg-green-800 disabled:bg-green-300",
  ghost: "text-slate-700 hover:bg-slate-100 disabled:text-slate-400",
};

export function buttonClass(variant: Variant = "primary", extra = ""): string {
  return `inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold transition-colors disabled:cursor-not-allowed ${variants[variant]} ${extra}`;
}

export function Button({
  variant = "primary",
  className = "",
  type = "button",
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
  return <button type={type} className={buttonClass(variant, className)} {...props} />;
}

/** Square icon button; the label is what assistive technology reads and the tooltip shows. */
export function IconButton({
  label,
  variant = "ghost",
  className = "",
  children,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { label: string; variant?: Variant; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      className={`inline-flex size-11 items-center justify-center rounded-lg transition-colors disabled:cursor-not-allowed ${variants[variant]} ${className}`}
      {...props}
    >
      {children}
    </button>
  );
}

export function Spinner({ label, className = "" }: { label: string; className?: string }) {
  return (
    <div role="status" className={`flex items-center justify-center gap-3 py-12 text-slate-600 ${className}`}>
      <LoaderCircle aria-hidden="true" className="size-6 animate-spin motion-reduce:animate-none" />
      <span>{label}</span>
    </div>
  );
}

export function Badge({
  tone,
  children,
}: {
  tone: "brand" | "accent" | "success" | "neutral";
  children: ReactNode;
}) {
  const tones = {
    brand: "bg-brand-100 text-brand-800",
    accent: "bg-accent-100 text-accent-900",
    success: "bg-success-50 text-success-600 ring-1 ring-green-200",
    neutral: "bg-slate-100 text-slate-700",
  } as const;
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${tones[tone]}`}
    >
      {children}
    </span>
  );
}

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
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  role?: "dialog" | "alertdialog";
  wide?: boolean;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-950/50" />
        <Dialog.Content
          role={role}
          {...(description ? {} : { "aria-describedby": undefined })}
          className={`fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-card bg-white p-5 shadow-card sm:p-6 ${wide ? "max-w-2xl" : "max-w-md"}`}
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
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  message: string;
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => void;
}) {
  return (
    <AdminDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={message}
      role="alertdialog"
    >
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Dialog.Close asChild>
          <Button variant="secondary" disabled={busy}>
            Cancel
          </Button>
        </Dialog.Close>
        <Button variant="danger" onClick={onConfirm} disabled={busy}>
          {busy ? (
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
          ) : null}
          {confirmLabel}
        </Button>
      </div>
    </AdminDialog>
  );
}

export interface AdminColumn {
  label: string;
  className: string;
  /** Read by screen readers only (an icon column). */
  hiddenLabel?: boolean;
}

/** The admin's data table: card frame, screen-reader caption, column headings; rows as children. */
export function AdminTable({
  caption,
  columns,
  className = "",
  children,
}: {
  caption: string;
  columns: readonly AdminColumn[];
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={`overflow-x-auto rounded-card border border-slate-200 bg-white shadow-card ${className}`}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-100 text-xs tracking-wide text-slate-700 uppercase">
          <tr>
            {columns.map((c) => (
              <th key={c.label} scope="col" className={c.className}>
                {c.hiddenLabel ? <span className="sr-only">{c.label}</span> : c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">{children}</tbody>
      </table>
    </div>
  );
}
