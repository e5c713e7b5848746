/**
 * The days a customer has to cancel an accepted quote, counted from the day of acceptance (the
 * Consumer Contracts Regulations' 14 days). Below every feature: the confirmation e-mail (the mail
 * feature) promises it, the visit's cancellation period (appointments) and the quotes apply it.
 */
export const cancellationDays = 14;
