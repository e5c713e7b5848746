/**
 * "On my way" or "Running late" for a customer without an e-mail address: nothing was sent, so the
 * owner texts the arrival from his own phone. The text message opens prefilled (an RFC 5724 `sms:`
 * link with the same words the e-mail would carry), with "Call" beside it.
 */
import { MessageSquare, Phone } from "lucide-react";
import { buttonClass } from "../../../admin/components/ui";

/** The number as dialers and messaging apps want it: digits and a leading +. */
export const dialDigits = (phone: string) => phone.replace(/[^\d+]/g, "");

/** `sms:<number>?body=<words>` (RFC 5724), the words percent-encoded. */
export const smsHref = (phone: string, body: string) =>
  `sms:${dialDigits(phone)}?body=${encodeURIComponent(body)}`;

export function TextArrival({ text }: { text: { phone: string | null; message: string } }) {
  return (
    <div
      className="mt-3 rounded-lg border border-accent-400 bg-accent-50 p-3"
      data-testid="text-arrival"
      role="group"
      aria-label="Tell the customer by text"
    >
      <p className="text-sm font-semibold text-slate-900">
        No e-mail address: nothing was sent. Text the customer the arrival time.
      </p>
      <p className="mt-2 rounded border border-slate-200 bg-white p-2 text-sm break-words text-slate-800">
        {text.message}
      </p>
      {text.phone ? (
        <div className="mt-3 flex flex-wrap gap-2">
          <a
            className={buttonClass("primary", "px-3 whitespace-nowrap")}
            href={smsHref(text.phone, text.message)}
          >
            <MessageSquare aria-hidden="true" className="size-4" />
            Send as a text
          </a>
          <a
            className={buttonClass("secondary", "px-3 whitespace-nowrap")}
            href={`tel:${dialDigits(text.phone)}`}
          >
            <Phone aria-hidden="true" className="size-4" />
            Call
          </a>
        </div>
      ) : (
        <p className="mt-2 text-sm text-slate-700">This request has no phone number either.</p>
      )}
    </div>
  );
}
