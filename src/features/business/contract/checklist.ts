/**
 * The launch checklist (docs/decisions/055-identity-and-public-facts.md): the claims only the owner
 * can vouch for, each confirmed by him on the dashboard (who and when go in the business details'
 * audit trail). Changing a fact an item covers takes its confirmation away: the new value needs
 * confirming again. `npm run doctor` reads the same confirmations. Browser-safe.
 */
export const checklistItems = [
  "address",
  "company",
  "insurance",
  "accreditations",
  "stats",
  "processors",
  "bank",
] as const;
export type ChecklistItem = (typeof checklistItems)[number];

/** What each item asks the owner to check. */
export const checklistLabels: Record<ChecklistItem, string> = {
  address: "The trading address is the real one",
  company: "The company's name, number and registered office match Companies House",
  insurance: "The public liability cover is as the policy states",
  accreditations: "The gas and electrical partners' registrations are current",
  stats: "The figures the site states (years trading, jobs done) can be backed up",
  processors: "Each data processor in the privacy policy is named and has a data processing agreement",
  bank: "The bank details on invoices are the business's real account",
};

/** The settings whose change takes an item's confirmation away. */
export const checklistCovers: Record<ChecklistItem, readonly string[]> = {
  address: ["address"],
  company: ["tradingAs", "companyName", "companyNumber", "registeredOffice"],
  insurance: ["publicLiability"],
  accreditations: ["gasPartner", "electricalPartner"],
  stats: ["stats"],
  processors: ["processors"],
  bank: ["bank"],
};

/** One confirmation: when, and the admin session that gave it (null from a script). */
export interface Confirmation {
  readonly at: string;
  readonly sessionId: number | null;
}
export type Confirmations = Partial<Record<ChecklistItem, Confirmation>>;
