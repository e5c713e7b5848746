/**
 * What an e-mail is about: the kinds the outbox stores (its CHECK lists them) and a message of a
 * kind, as the composers build it and the outbox keeps it.
 */
import type { MailMessage } from "../../platform/mail/message";
import type { MailSender } from "../../platform/mail/transport";

/** What an outbox row is about (the CHECK below lists them). */
export const mailKinds = [
  "owner_submission",
  "customer_confirmation",
  "owner_review",
  "owner_alert",
  "owner_digest",
  "appointment_confirmed",
  "appointment_changed",
  "appointment_proposed",
  "appointment_cancelled",
  "appointment_declined",
  "appointment_reminder",
  // On the day (docs/decisions/040-on-the-day.md): the owner is on the way, then a new estimate.
  "appointment_on_my_way",
  "appointment_running_late",
  "review_invitation",
  // The customer's page (docs/decisions/019-customer-page.md): what the customer did there, told to
  // them and to the owner, and a fresh link asked for on the lost-link form.
  "customer_update",
  "owner_customer_update",
  "customer_link",
  // Quotes (docs/decisions/029-quotes.md): the quote sent, its one follow-up, the acceptance's
  // confirmation, a cancellation's acknowledgement, and the owner told of an answer.
  "quote_sent",
  "quote_follow_up",
  "quote_accepted",
  "quote_cancelled",
  "owner_quote_update",
  // Invoices (docs/decisions/032-invoices.md): an invoice or credit note sent, a reminder of an
  // overdue invoice (two at most), and the receipt when one is paid in full; the correction of that
  // receipt when a payment recorded by mistake is removed.
  "invoice_sent",
  "invoice_reminder",
  "invoice_receipt",
  "invoice_correction",
] as const;

export type MessageKind = (typeof mailKinds)[number];

/** A composed e-mail: the transport's message and what it is about. */
export interface OutgoingMessage extends MailMessage {
  kind: MessageKind;
}

/** The mail feature's senders get the whole message, its kind included. */
export type Sender = MailSender<OutgoingMessage>;
