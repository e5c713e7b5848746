/**
 * Pre-contract information and the right to cancel for work agreed away from our premises (at the
 * customer's home, by phone or through this website), under the Consumer Contracts (Information,
 * Cancellation and Additional Charges) Regulations 2013. One place for the wording: the appointment
 * confirmation e-mail and the terms page both read it, so the owner adjusts it here only.
 *
 * The model cancellation form follows Schedule 3 of those Regulations.
 */
import { addressLine, site } from "../config/site";

export interface RightsSection {
  readonly heading: string;
  readonly paragraphs: readonly string[];
}

/** Who we are and what the customer should know before the work is agreed. */
export const preContractInformation: RightsSection = {
  heading: "Before we start: who we are and what you agree to",
  paragraphs: [
    `${site.company.registeredName}, ${addressLine}. Phone ${site.phone.display}, e-mail ${site.email}.`,
    "We describe the work, its total price including VAT (or how the price will be worked out) and any extra charges in a written quote before any work begins. The arrival window in your confirmation is when we will arrive; we will phone you if we are delayed.",
    `Our workmanship is guaranteed for ${site.guarantees.workmanshipMonths} months. Your statutory rights under the Consumer Rights Act 2015 apply in full: the work must be done with reasonable care and skill, and any goods must be as described, fit for purpose and of satisfactory quality.`,
    `If you have a complaint, please tell us first on ${site.phone.display} or at ${site.email} and we will put it right.`,
  ],
};

/** The 14-day right to cancel a contract made away from our premises or at a distance. */
export const cancellationRights: RightsSection = {
  heading: "Your right to cancel",
  paragraphs: [
    "You have the right to cancel this contract within 14 days without giving any reason. The cancellation period ends 14 days after the day the contract is made (the day you accept our quote).",
    `To cancel, tell us of your decision by a clear statement: phone ${site.phone.display}, e-mail ${site.email}, or write to ${site.company.registeredName}, ${addressLine}. You may use the model cancellation form below, but you do not have to. It is enough to send your message before the 14 days end.`,
    "If you cancel, we will refund every payment you made to us without undue delay and no later than 14 days after we hear from you, using the same means of payment you used, at no cost to you.",
    "If you ask us to start the work within the 14 days, you must pay for the work done up to the time you tell us you are cancelling, in proportion to the whole. Once the work is finished at your request within the 14 days, you no longer have the right to cancel.",
  ],
};

/** The model cancellation form (Schedule 3, Part 2 of the Regulations). */
export const cancellationForm = {
  heading: "Model cancellation form",
  intro: "Complete and return this form only if you wish to cancel the contract.",
  lines: [
    `To: ${site.company.registeredName}, ${addressLine}, ${site.email}`,
    "I/We hereby give notice that I/We cancel my/our contract for the supply of the following service:",
    "Ordered on / received on:",
    "Name of consumer(s):",
    "Address of consumer(s):",
    "Signature of consumer(s) (only if this form is notified on paper):",
    "Date:",
  ],
} as const;

/** The three sections as plain text, for the confirmation e-mail. */
export function consumerRightsText(): string {
  const section = (s: RightsSection) => `${s.heading.toUpperCase()}\n\n${s.paragraphs.join("\n\n")}`;
  return [
    section(preContractInformation),
    section(cancellationRights),
    `${cancellationForm.heading.toUpperCase()}\n\n${cancellationForm.intro}\n\n${cancellationForm.lines.join("\n")}`,
  ].join("\n\n");
}
