/**
 * What happens after a booking request or a contact message is sent, in one wording for every
 * place that says it: the notice under the form, the page a form posted without JavaScript gets,
 * and the customer's confirmation e-mail. A booking request is not an appointment until we confirm
 * a time, so none of them may say otherwise. Plain functions of the promised hours
 * (`site.response` in src/config/site.ts), so the islands carry no config.
 */

/** After a booking request: nothing is booked until we confirm a time. */
export function bookingNextSteps(confirmWithinHours: number): string {
  return `We will confirm one of the times you asked for, or suggest another, by e-mail within ${confirmWithinHours} hours. Your appointment is booked once you have our confirmation.`;
}

/** After a contact message. */
export function contactNextSteps(replyWithinHours: number): string {
  return `We will reply within ${replyWithinHours} hours.`;
}

/** The sentence that gives the request's reference, e.g. "Your reference is KB-000042." */
export const referenceSentence = (reference: string) => `Your reference is ${reference}.`;
