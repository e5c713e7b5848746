/**
 * One launch checklist item, on the dashboard's panel (LaunchChecklist, open items only) and on the
 * Business details screen (ChecklistPanel, every item): what the site states for it and, until it
 * is confirmed, its Confirm button. `children` adds a screen's own lines under the item's words.
 */
import type { ReactNode } from "react";
import type { BusinessDetails } from "./api";
import type { useConfirm } from "./use-confirm";
import { ConfirmItemButton } from "./ConfirmItemButton";

type Item = BusinessDetails["checklist"][number];

export function ChecklistRow({
  item,
  busy,
  confirm,
  className,
  title,
  children,
  ...data
}: {
  item: Item;
  /** The border and background of the row. */
  className: string;
  /** The item's label as shown (an icon before it, say); the plain label without it. */
  title?: ReactNode;
  children?: ReactNode;
  "data-checklist-row"?: string;
  "data-checklist-item"?: string;
} & ReturnType<typeof useConfirm>) {
  return (
    <li
      className={`flex flex-col gap-3 rounded-lg border p-3 sm:flex-row sm:items-center sm:justify-between ${className}`}
      {...data}
    >
      <div className="min-w-0">
        {title ?? <p className="font-semibold text-slate-900">{item.label}</p>}
        <p className="mt-0.5 text-sm [overflow-wrap:anywhere] text-slate-600">{item.detail}</p>
        {children}
      </div>
      {item.confirmedAt ? null : <ConfirmItemButton item={item} busy={busy} confirm={confirm} />}
    </li>
  );
}
