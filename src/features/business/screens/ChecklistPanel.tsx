/**
 * The launch checklist on the Business details screen: every item, what the site states for it,
 * where on this screen to change it, and whether the owner has confirmed it (when) or a Confirm
 * button. The dashboard's panel (LaunchChecklist) shows only the open items and links here.
 */
import { CheckCircle2, CircleAlert } from "lucide-react";
import { formatDateTime } from "../../../platform/time";
import type { ChecklistItem } from "../contract/checklist";
import type { BusinessDetails } from "./api";
import { useConfirm } from "./use-confirm";
import { ChecklistRow } from "./ChecklistRow";

/** Where on the screen each item's facts are edited. */
const editAt: Record<ChecklistItem, string> = {
  address: "#website",
  company: "#identity",
  insurance: "#website",
  accreditations: "#website",
  stats: "#figures",
  processors: "#processors",
  bank: "#bank",
};

export function ChecklistPanel({ details }: { details: BusinessDetails }) {
  const { busy, confirm } = useConfirm();
  const open = details.checklist.filter((i) => i.confirmedAt === null).length;
  return (
    <div className="grid gap-3" data-checklist-panel>
      <p className="text-sm text-slate-600" data-checklist-summary>
        {open === 0
          ? "Everything your website claims is confirmed."
          : `${open} of ${details.checklist.length} still to confirm. Change what is wrong first: a change takes its confirmation away.`}
      </p>
      <ul className="grid gap-3">
        {details.checklist.map((item) => (
          <ChecklistRow
            key={item.id}
            item={item}
            busy={busy}
            confirm={confirm}
            className="border-slate-200"
            data-checklist-row={item.id}
            title={
              <p className="flex items-start gap-2 font-semibold text-slate-900">
                {item.confirmedAt ? (
                  <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success-600" />
                ) : (
                  <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-600" />
                )}
                {item.label}
              </p>
            }
          >
            <p className="mt-1 text-sm">
              {item.confirmedAt ? (
                <span className="text-success-700" data-confirmed-at>
                  Confirmed {formatDateTime(new Date(item.confirmedAt))}
                </span>
              ) : (
                <span className="text-amber-800">Not confirmed yet</span>
              )}
              {" · "}
              <a href={editAt[item.id]} className="font-semibold text-brand-700 underline">
                Change it
              </a>
            </p>
          </ChecklistRow>
        ))}
      </ul>
    </div>
  );
}
