/**
 * What happens after a booking request or a contact message is sent, in one wording for every
 * place that says it: the notice under the form, the page a form posted without JavaScript gets,
 * and the customer's confirmation e-mail. A booking request is not an appointment until we confirm
 * a time, so none of them may say otherwise. Plain functions of the promised hours
 * (`site.response` in src/config/site.ts), so the islands carry no config.
 */

/** The heading of the notice (with or without JavaScript) once a booking request is stored. */
export const bookingReceivedHeading = "Request received";

/** The notice under the booking form: the request is received, no time is agreed yet. */
export const bookingReceivedMessage = "Request received! We'll contact you to confirm a time.";

/** After a booking request: no time is agreed until we confirm one. */
export function bookingNextSteps(confirmWithinHours: number): string {
  return `We will confirm one of the times you asked for, or suggest another, by e-mail within ${confirmWithinHours} hours. Until then no time is agreed.`;
}

/** After a contact message. */
export function contactNextSteps(replyWithinHours: number): string {
  return `We will reply within ${replyWithinHours} hours.`;
}

/**
 * How a price is agreed, as the confirmation e-mail and the terms say it: a written quote by
 * e-mail, accepted or declined on the request's private page, with `cancellationDays` to cancel
 * from the day it is accepted.
 */
export function quoteNextSteps(cancellationDays: number): string {
  return `Before any work starts we e-mail you a written quote. You accept it, or decline it, on your request's private page, which shows the price and your rights first; you can cancel within ${cancellationDays} days of accepting.`;
}

/** The sentence that gives the request's reference, e.g. "Your reference is KB-000042." */
export const referenceSentence = (reference: string) => `Your reference is ${reference}.`;
