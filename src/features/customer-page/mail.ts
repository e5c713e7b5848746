/**
 * The e-mails the customer's page causes (docs/decisions/019-customer-page.md): a note to the
 * customer of what they just did (with a fresh private link, as every customer e-mail), an alert
 * to the owner, and the lost-link e-mail. Accepting a proposed time and cancelling an appointment
 * send the appointment's own e-mails (./appointment-messages.ts) instead of the customer's note.
 */
import { site } from "../../config/site";
import type { CustomerAction } from "./contract/endpoints";
import { requestReference } from "../requests/contract/reference";
import { serviceLabel } from "../../lib/service-catalog";
import { formatDate } from "../../platform/time";
import {
  customerMessage,
  escapeHtml,
  mailButton,
  oneLine,
  wrapHtml,
  type MailContext,
  type OutgoingMessage,
  type PageOffer,
  type NewRequestForMail,
} from "../mail";
import { businessFact } from "../mail";

/** What these messages say about the request. */
type RequestForMail = Pick<
  NewRequestForMail,
  "id" | "formType" | "name" | "email" | "phone" | "service" | "serviceName" | "submittedAt"
>;

/**
 * To the customer: what they did on their page, in their words. `offer` is what the page offers
 * after it (a cancelled request: only a look at it).
 */
export function customerUpdateMessage(
  r: RequestForMail,
  update:
    | { action: "reschedule"; options: readonly string[] }
    | { action: "message"; text: string }
    | { action: "cancel"; reason: string | null },
  ctx: MailContext,
  offer: PageOffer,
): OutgoingMessage {
  const ref = requestReference(r);
  switch (update.action) {
    case "reschedule":
      return customerMessage(
        "customer_update",
        r,
        `We've got your new times (${ref})`,
        [
          `Thank you. You asked for another time for your ${(r.serviceName ?? serviceLabel(r.service)).toLowerCase()} job:\n${update.options.join("\n")}`,
          `We will confirm one of them, or suggest another, within ${site.response.confirmWithinHours} hours. Until then, any appointment already confirmed stays as it is.`,
          `Your reference is ${ref}.`,
        ],
        ctx,
        { offer },
      );
    case "message":
      return customerMessage(
        "customer_update",
        r,
        `We've got your message (${ref})`,
        [
          `Thank you. We have added your message to your request:\n${update.text}`,
          `We will reply within ${site.response.replyWithinHours} hours. If it is urgent, please call us on ${businessFact.phone}.`,
          `Your reference is ${ref}.`,
        ],
        ctx,
        { offer },
      );
    case "cancel":
      return customerMessage(
        "customer_update",
        r,
        `Your request is cancelled (${ref})`,
        [
          `As you asked, we have cancelled your ${r.formType === "booking" ? "booking request" : "request"}.`,
          ...(update.reason ? [`Your reason: ${update.reason}`] : []),
          `If you change your mind, just send us a new request or call us on ${businessFact.phone}.`,
          `Your reference is ${ref}.`,
        ],
        ctx,
        { offer },
      );
  }
}

/** To the customer, from the lost-link form: a fresh link to one of their requests. */
export function lostLinkMessage(r: RequestForMail, ctx: MailContext, offer: PageOffer): OutgoingMessage {
  const ref = requestReference(r);
  const what =
    r.formType === "booking" ? `booking request for ${r.serviceName ?? serviceLabel(r.service)}` : "message";
  return customerMessage(
    "customer_link",
    r,
    `Your link to request ${ref}`,
    [
      `You asked for a new link to your ${what} (reference ${ref}), sent on ${formatDate(r.submittedAt)}.`,
      "If you did not ask for it, you can ignore this e-mail; nothing has changed.",
    ],
    ctx,
    { offer },
  );
}

const ownerWords: Record<CustomerAction, string> = {
  accept: "accepted the time you offered",
  reschedule: "asked for another time",
  message: "sent a message",
  cancel: "cancelled",
};

/** To the owner: what the customer did on their page, with the details and the link to the request. */
export function ownerCustomerUpdateMessage(
  r: RequestForMail,
  action: CustomerAction,
  details: readonly string[],
  ctx: MailContext,
): OutgoingMessage {
  const ref = requestReference(r);
  const subject = oneLine(`${ref}: ${r.name} ${ownerWords[action]}`, 200);
  const open = `${ctx.siteUrl}/admin/requests/${r.id}`;
  const lines = [
    `${oneLine(r.name, 100)} ${ownerWords[action]} on their request's page (${ref}).`,
    ...details,
    `Phone: ${r.phone ?? "not given"}`,
  ];
  return {
    kind: "owner_customer_update",
    to: { name: site.name, address: ctx.ownerEmail },
    replyTo: { name: oneLine(r.name, 100), address: r.email },
    subject,
    text: `${lines.join("\n\n")}\n\nOpen the request: ${open}\n`,
    html: wrapHtml(
      subject,
      lines.map((l) => `<p style="white-space:pre-line">${escapeHtml(l)}</p>`).join("") +
        mailButton(open, "Open the request"),
    ),
  };
}
