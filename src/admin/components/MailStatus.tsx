/** Whether the owner was e-mailed about a request: sent, pending or failed. */
import { MailCheck, MailWarning, MailX } from "lucide-react";
import type { MailDeliveryStatus } from "../../features/mail/contract/endpoints";

/** Text colours must stay AA on the rows they sit on: white, and brand-50 for unread rows. */
export const mailStatusLooks = {
  sent: { label: "E-mailed", Icon: MailCheck, className: "text-success-700" },
  pending: { label: "E-mail pending", Icon: MailWarning, className: "text-accent-800" },
  failed: { label: "E-mail failed", Icon: MailX, className: "text-danger-600" },
} as const;

/** The tint of an unread row in the inbox (InboxScreen). */
export const unreadRowBackground = "bg-brand-50";
/** Backgrounds a status sits on: read rows and the detail dialog, and unread rows. */
export const mailStatusBackgrounds = ["bg-white", unreadRowBackground] as const;

export function MailStatus({ status }: { status: MailDeliveryStatus | null }) {
  if (!status) return null;
  const { label, Icon, className } = mailStatusLooks[status];
  return (
    <span
      data-testid="mail-status"
      data-status={status}
      className={`inline-flex items-center gap-1 text-xs font-medium ${className}`}
    >
      <Icon aria-hidden="true" className="size-3.5" />
      {label}
    </span>
  );
}
