/** The business details' audit trail: every saved change, newest first, with who and when. */
import { formatDate, formatDateTime } from "../../../platform/time";
import type { BusinessAuditEntry } from "./api";
import { addressOneLine, type PostalAddress } from "../contract/public-facts";
import { checklistLabels, type ChecklistItem } from "../contract/checklist";

export const fieldLabels: Record<string, string> = {
  tradingAs: "Trading as",
  soleTraderName: "Your name (sole trader)",
  companyName: "Company's registered name",
  companyNumber: "Company number",
  vatRegistered: "VAT registered",
  vatNumber: "VAT number",
  vatRegisteredFrom: "VAT effective date",
  phone: "Phone",
  email: "E-mail",
  address: "Address",
  registeredOffice: "Registered office",
  publicLiability: "Public liability cover",
  gasPartner: "Gas partner's registration",
  electricalPartner: "Electrical partner's registration",
  stats: "Figures",
  blurb: "Footer description",
  processors: "Data processors",
  bank: "Bank account",
};

const isAddress = (v: unknown): v is PostalAddress =>
  typeof v === "object" && v !== null && Array.isArray((v as PostalAddress).lines);

/** A field's name in the list: a launch checklist confirmation names its item. */
const labelOf = (field: string) =>
  field.startsWith("confirmed:")
    ? `Confirmed “${checklistLabels[field.slice(10) as ChecklistItem] ?? field.slice(10)}”`
    : (fieldLabels[field] ?? field);

function valueText(field: string, value: unknown): string {
  if (field.startsWith("confirmed:")) return value ? "Yes" : "No";
  if (field === "registeredOffice" && value === null) return "(the address above)";
  if (value === null || value === undefined || value === "") return "(none)";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (field === "tradingAs") return value === "sole_trader" ? "Sole trader" : "Limited company";
  if (field === "vatRegisteredFrom" && typeof value === "string") return formatDate(value);
  if (isAddress(value)) return addressOneLine(value);
  if (field === "processors" && Array.isArray(value))
    return (value as { name: string }[]).map((p) => p.name).join(", ");
  if (typeof value === "object") return Object.values(value as Record<string, unknown>).join(", ");
  return String(value);
}

export function BusinessAudit({ entries }: { entries: readonly BusinessAuditEntry[] }) {
  if (entries.length === 0) {
    return <p className="text-slate-600">No changes yet: the papers use the details set up with the site.</p>;
  }
  return (
    <ol className="grid gap-3">
      {entries.map((e) => (
        <li key={e.id} className="rounded-lg border border-slate-200 bg-white p-3" data-audit-entry>
          <p className="text-sm font-semibold text-slate-800">
            {formatDateTime(new Date(e.savedAt), { short: true })}
            <span className="font-normal text-slate-600">
              {" "}
              · {e.actor === "owner" ? `you (signed-in session ${e.sessionId ?? "?"})` : "a script"}
            </span>
          </p>
          <ul className="mt-1 grid gap-0.5 text-sm text-slate-700">
            {e.changes.map((c) => (
              <li key={c.field}>
                {labelOf(c.field)}: {valueText(c.field, c.from)} →{" "}
                <strong className="font-semibold text-slate-900">{valueText(c.field, c.to)}</strong>
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}
