import { CircleAlert, CircleCheck } from "lucide-react";
import type { Notice, PhoneContact } from "./use-form-submit";

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
 * The lasting message under a form's button: it stays until the next send, so nobody is left
 * wondering whether their request went through. A stored request shows its reference and what
 * happens next, in the same words as the confirmation e-mail (src/lib/request-wording.ts).
 */
export function FormNotice({ notice, phone }: { notice: Notice | null; phone: PhoneContact }) {
  // Both live regions are always in the DOM so screen readers announce changes reliably.
  return (
    <>
      <div role="status">
        {notice?.tone === "success" ? (
          <div className="flex items-start gap-2 rounded-lg border border-success-600/30 bg-success-50 p-4 text-sm text-success-700">
            <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success-600" />
            <div className="grid gap-1.5">
              <p className="font-semibold">{notice.text}</p>
              {notice.reference ? (
                <p>
                  Your reference is{" "}
                  <strong className="font-semibold whitespace-nowrap tabular-nums" data-reference="">
                    {notice.reference}
                  </strong>
                  .
                </p>
              ) : null}
              {notice.next ? <p>{notice.next}</p> : null}
            </div>
          </div>
        ) : null}
      </div>
      <div role="alert">
        {notice?.tone === "error" ? (
          <div className="flex items-start gap-2 rounded-lg border border-danger-600/30 bg-danger-50 p-4 text-sm text-danger-600">
            <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            <div className="grid gap-1">
              {notice.title ? <p className="font-semibold">{notice.title}</p> : null}
              <p className="font-medium">{withPhoneLinks(notice.text, phone)}</p>
            </div>
          </div>
        ) : null}
      </div>
    </>
  );
}
