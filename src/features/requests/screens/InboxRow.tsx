/**
 * One request's row in the inbox (./InboxScreen.tsx): select box, read mark, the name that opens
 * the request (its link covers the row), state, type, contact details, date and the row's actions.
 */
import { Link } from "@tanstack/react-router";
import { Camera, Mail, MailOpen, Trash2 } from "lucide-react";
import type { AdminRequest } from "../contract/endpoints";
import { useServiceLabel } from "../../site-content/screens";
import { formatDateOnly, formatDay } from "../../../admin/format";
import { markOpenedFromInbox } from "../../../admin/inbox-nav";
import { MailStatus, unreadRowBackground } from "../../../admin/components/MailStatus";
import { StateBadge } from "../../../admin/components/StateBadge";
import { Badge, IconButton } from "../../../admin/components/ui";

function TypeBadge({ s }: { s: AdminRequest }) {
  return s.formType === "booking" ? (
    <Badge tone="accent">Booking</Badge>
  ) : (
    <Badge tone="brand">Contact</Badge>
  );
}

/** What the row says about the request at a glance: reference, service, first choice of day, photos. */
function RowDetails({ s }: { s: AdminRequest }) {
  const serviceLabel = useServiceLabel();
  return (
    <span
      className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-0.5 text-xs font-normal text-slate-600"
      data-testid="row-details"
    >
      <span className="font-mono text-slate-700">{s.reference}</span>
      {s.service ? <span>{serviceLabel(s.service)}</span> : null}
      {s.firstPreferredDate ? <span>First choice {formatDay(s.firstPreferredDate)}</span> : null}
      {s.photoCount > 0 ? (
        <span className="inline-flex items-center gap-1" data-testid="row-photos">
          <Camera aria-hidden="true" className="size-3.5" />
          {s.photoCount} {s.photoCount === 1 ? "photo" : "photos"}
        </span>
      ) : null}
    </span>
  );
}

export function InboxRow({
  s,
  selected,
  onToggle,
  busy,
  onSetRead,
  onDelete,
}: {
  s: AdminRequest;
  selected: boolean;
  onToggle: () => void;
  busy: boolean;
  onSetRead: (read: boolean) => void;
  onDelete: () => void;
}) {
  return (
    <tr
      data-testid={`submission-row-${s.id}`}
      data-read={s.isRead ? "true" : "false"}
      data-state={s.state}
      className={`relative hover:bg-slate-50 ${s.isRead ? "" : `${unreadRowBackground} font-semibold`}`}
    >
      <td className="py-3 pr-0 pl-3 sm:px-3">
        {/* Above the row's link, which covers the rest of the row; the label makes a 44 px target. */}
        <label className="relative z-10 -m-2.5 flex size-11 cursor-pointer items-center justify-center">
          <input
            type="checkbox"
            className="size-6"
            aria-label={`Select ${s.name}`}
            checked={selected}
            onChange={onToggle}
          />
        </label>
      </td>
      <td className="px-1 py-3 sm:px-3">
        {s.isRead ? (
          <MailOpen role="img" aria-label="Read" className="size-5 text-slate-400" />
        ) : (
          <Mail role="img" aria-label="Unread" className="size-5 text-brand-700" />
        )}
      </td>
      <td className="px-2 py-3 text-slate-900 sm:px-3">
        {/* The whole row opens the request: this link's box is stretched over it. */}
        <Link
          to="/admin/requests/$id"
          params={{ id: s.id }}
          search={(prev) => prev}
          onClick={markOpenedFromInbox}
          aria-label={`View details for ${s.name}`}
          className="text-brand-900 underline decoration-slate-300 underline-offset-4 after:absolute after:inset-0 after:content-[''] hover:decoration-brand-600 focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:-outline-offset-2 focus-visible:after:outline-brand-600"
        >
          {s.name}
        </Link>
        <span className="mt-0.5 block">
          <MailStatus status={s.mailStatus} />
        </span>
        <RowDetails s={s} />
        <span className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs font-normal text-slate-600 lg:hidden">
          <span className="sm:hidden">
            <StateBadge state={s.state} />
          </span>
          <TypeBadge s={s} />
          <span className="sm:hidden">{formatDateOnly(s.submittedAt)}</span>
        </span>
      </td>
      <td className="hidden px-3 py-3 sm:table-cell">
        <StateBadge state={s.state} />
        {s.archivedAt ? (
          <span className="mt-1 block text-xs font-normal text-slate-600">Archived</span>
        ) : null}
      </td>
      <td className="hidden px-3 py-3 lg:table-cell">
        <TypeBadge s={s} />
      </td>
      <td className="hidden px-3 py-3 font-normal break-all text-slate-700 xl:table-cell">
        {s.email ?? "—"}
      </td>
      <td className="hidden px-3 py-3 font-normal whitespace-nowrap text-slate-700 md:table-cell">
        {s.phone ?? "—"}
      </td>
      <td className="hidden px-3 py-3 font-normal whitespace-nowrap text-slate-700 sm:table-cell">
        {formatDateOnly(s.submittedAt)}
      </td>
      <td className="py-2 pr-2 sm:px-3">
        <div className="relative z-10 flex justify-end gap-0.5 sm:gap-1">
          <IconButton
            label={s.isRead ? `Mark as unread: ${s.name}` : `Mark as read: ${s.name}`}
            disabled={busy}
            onClick={() => onSetRead(!s.isRead)}
          >
            {s.isRead ? (
              <Mail aria-hidden="true" className="size-5" />
            ) : (
              <MailOpen aria-hidden="true" className="size-5" />
            )}
          </IconButton>
          <IconButton
            label={`Delete submission from ${s.name}`}
            className="text-danger-600 hover:bg-danger-50"
            disabled={busy}
            onClick={onDelete}
          >
            <Trash2 aria-hidden="true" className="size-5" />
          </IconButton>
        </div>
      </td>
    </tr>
  );
}
