/**
 * The launch checklist (docs/decisions/055-identity-and-public-facts.md): what each item states
 * now, and how a save changes the confirmations: a confirm adds one (with when and the session),
 * and a change to a fact an item covers takes that item's confirmation away.
 */
import {
  checklistCovers,
  checklistItems,
  checklistLabels,
  type ChecklistItem,
  type Confirmations,
} from "./contract/checklist";
import type { BusinessSettings } from "./contract/identity";
import { addressOneLine } from "./contract/public-facts";

/** What the site states for each item, for the owner to check against the real thing. */
function detailOf(item: ChecklistItem, s: BusinessSettings): string {
  switch (item) {
    case "address":
      return addressOneLine(s.address);
    case "company":
      return s.tradingAs === "sole_trader"
        ? `Trading as a sole trader (${s.soleTraderName ?? "no name"}): no company is named.`
        : `${s.companyName}, company number ${s.companyNumber ?? "not set"}, registered office ${addressOneLine(s.registeredOffice ?? s.address)}`;
    case "insurance":
      return `${s.publicLiability} public liability`;
    case "accreditations":
      return `${s.gasPartner}; ${s.electricalPartner}`;
    case "stats":
      return `${s.stats.yearsExperience} years, ${s.stats.projectsCompleted} projects, ${s.stats.happyClients} happy clients, founded ${s.stats.founded}`;
    case "processors":
      return s.processors.map((p) => p.name).join(", ");
    case "bank":
      return `${s.bank.accountName}, sort code ${s.bank.sortCode}, account ${s.bank.accountNumber}`;
  }
}

export function checklistOf(s: BusinessSettings) {
  return checklistItems.map((id) => ({
    id,
    label: checklistLabels[id],
    detail: detailOf(id, s),
    confirmedAt: s.confirmations[id]?.at ?? null,
  }));
}

type Change = { field: string; from: unknown; to: unknown };

/**
 * The confirmations after a save that changed `changed` (field names) and perhaps confirms `item`,
 * with the audit entries for what they gained or lost.
 */
export function confirmationsAfter(
  before: Confirmations,
  changed: readonly string[],
  confirm: ChecklistItem | undefined,
  by: { at: Date; sessionId: number | null },
): { confirmations: Confirmations; changes: Change[] } {
  const next: Confirmations = { ...before };
  const changes: Change[] = [];
  for (const item of checklistItems) {
    if (next[item] && checklistCovers[item].some((f) => changed.includes(f))) {
      changes.push({ field: `confirmed:${item}`, from: next[item].at, to: null });
      delete next[item];
    }
  }
  if (confirm && !next[confirm]) {
    next[confirm] = { at: by.at.toISOString(), sessionId: by.sessionId };
    changes.push({ field: `confirmed:${confirm}`, from: null, to: next[confirm].at });
  }
  return { confirmations: next, changes };
}
