import { CircleAlert, CircleCheck } from "lucide-react";
import type { Notice, PhoneContact } from "./use-submission";

/** Renders the text with every mention of the phone number as a tap-to-call link. */
function withPhoneLinks(text: string, phone: PhoneContact) {
  const parts = text.split(phone.display);
  return parts.map((part, i) => (
    <span key={i}>
      {part}
      {i < parts.length - 1 ? (
        <a href={phone.href} className="font-semibold whitespace-nowrap underline underline-offset-2">
          {phone.display}
        </a>
      ) : null}
    </span>
  ));
}

/**
 * The lasting message under a form's button. Toasts vanish after a few seconds; this stays until
 * the next send, so nobody is left wondering whether their request went through.
 */
export function FormNotice({ notice, phone }: { notice: Notice | null; phone: PhoneContact }) {
  // Both live regions are always in the DOM so screen readers announce changes reliably.
  return (
    <>
      <div role="status">
        {notice?.tone === "success" ? (
          <p className="flex items-start gap-2 rounded-lg border border-success-600/30 bg-success-50 p-4 text-sm font-medium text-success-600">
            <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            <span>{notice.text}</span>
          </p>
        ) : null}
      </div>
      <div role="alert">
        {notice?.tone === "error" ? (
          <p className="flex items-start gap-2 rounded-lg border border-danger-600/30 bg-danger-50 p-4 text-sm font-medium text-danger-600">
            <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            <span>{withPhoneLinks(notice.text, phone)}</span>
          </p>
        ) : null}
      </div>
    </>
  );
}
