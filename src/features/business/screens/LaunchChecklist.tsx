/**
 * The launch checklist on the dashboard (docs/decisions/055-identity-and-public-facts.md): each
 * claim the site makes that only the owner can vouch for, with what it states now and a Confirm
 * button; a confirmation is saved with who and when in the business details' changes. The panel
 * shows until every item is confirmed. Changing a covered fact takes its confirmation away.
 */
import { useQuery } from "@tanstack/react-query";
import { queries } from "../../../admin/query";
import { useConfirm } from "./use-confirm";
import { ChecklistRow } from "./ChecklistRow";

export function LaunchChecklist() {
  const details = useQuery(queries.business());
  const { busy, confirm } = useConfirm();
  const open = details.data?.checklist.filter((i) => i.confirmedAt === null) ?? [];
  if (!details.data || open.length === 0) return null;
  const total = details.data.checklist.length;

  return (
    <section
      aria-labelledby="launch-checklist"
      className="mt-8 rounded-xl border border-amber-300 bg-amber-50 p-4 sm:p-6"
      data-launch-checklist
    >
      <h2 id="launch-checklist" className="text-lg font-bold text-brand-900">
        Before the site goes live: {open.length} of {total} to confirm
      </h2>
      <p className="mt-1 max-w-2xl text-sm text-slate-700">
        Your website states these. Check each against the real thing (change it on{" "}
        <a href="/admin/business#checklist" className="font-semibold text-brand-700 underline">
          Business details
        </a>{" "}
        if it is wrong), then confirm it.
      </p>
      <ul className="mt-4 grid gap-3">
        {open.map((item) => (
          <ChecklistRow
            key={item.id}
            item={item}
            busy={busy}
            confirm={confirm}
            className="border-amber-200 bg-white"
            data-checklist-item={item.id}
          />
        ))}
      </ul>
    </section>
  );
}
