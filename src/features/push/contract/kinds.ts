/**
 * What a notification on the owner's device is about. The push outbox's CHECK lists these; the
 * owner can switch each kind off (all but `test`), and the invoices feature calls `notifyOwner`
 * with its two kinds.
 */
export const pushKinds = [
  "new_request",
  "appointment_accepted",
  "another_time_asked",
  "request_cancelled",
  "quote_opened",
  "quote_accepted",
  "quote_declined",
  "invoice_paid",
  "invoice_overdue",
  "payment_online",
  "payment_attention",
  "mail_failed",
  "gallery_consent_withdrawn",
  "test",
] as const;

export type PushKind = (typeof pushKinds)[number];

/** The kinds the owner can switch off, in the settings screen's order, with their labels. */
export const switchableKinds = [
  ["new_request", "A new request"],
  ["appointment_accepted", "A customer accepts a proposed time"],
  ["another_time_asked", "A customer asks for another time"],
  ["request_cancelled", "A customer cancels"],
  ["quote_opened", "A quote is opened"],
  ["quote_accepted", "A quote is accepted"],
  ["quote_declined", "A quote is declined"],
  ["invoice_paid", "An invoice is paid"],
  ["invoice_overdue", "An invoice is overdue"],
  ["payment_online", "A customer pays online"],
  ["payment_attention", "An online payment needs you (a refund to make)"],
  ["mail_failed", "An e-mail to a customer could not be delivered"],
  ["gallery_consent_withdrawn", "A customer withdraws consent to show their job's photos"],
] as const satisfies readonly (readonly [Exclude<PushKind, "test">, string])[];

export type SwitchableKind = (typeof switchableKinds)[number][0];
