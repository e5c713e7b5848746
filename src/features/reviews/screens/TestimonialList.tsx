/**
 * The testimonials in the admin (./TestimonialsScreen.tsx): one card per review on a phone, a table
 * from the small-tablet width up, each with its status and its actions. The screen runs the actions.
 */
import { BadgeCheck, Ban, Check, MessageSquareReply, Star, Trash2, Undo2 } from "lucide-react";
import { reviewRejectReasons } from "../../../data/legal";
import type { AdminTestimonial } from "../contract/endpoints";
import { formatMonthYear } from "../../../platform/time";
import { AdminTable, Badge, Button, IconButton, type AdminColumn } from "../../../admin/components/ui";

const columns: readonly AdminColumn[] = [
  { label: "Name", className: "px-4 py-3" },
  { label: "Rating", className: "px-4 py-3" },
  { label: "Review", className: "px-4 py-3" },
  { label: "Status", className: "px-4 py-3" },
  { label: "Actions", className: "px-4 py-3 text-right" },
];

const reasonLabel = (id: string | null) => reviewRejectReasons.find((r) => r.id === id)?.label ?? id ?? "";

function StatusBadge({ t }: { t: AdminTestimonial }) {
  if (t.status === "approved") return <Badge tone="success">Approved</Badge>;
  if (t.status === "rejected")
    return <Badge tone="neutral">{`Rejected: ${reasonLabel(t.rejectedReason)}`}</Badge>;
  return <Badge tone="accent">Pending</Badge>;
}

function Verified({ t }: { t: AdminTestimonial }) {
  if (!t.jobCompletedMonth) return null;
  return (
    <span className="mt-1 inline-flex items-center gap-1 text-xs font-semibold text-success-700">
      <BadgeCheck aria-hidden="true" className="size-3.5" />
      {`Verified, job ${formatMonthYear(t.jobCompletedMonth)}`}
    </span>
  );
}

function ReplyPreview({ t }: { t: AdminTestimonial }) {
  if (!t.reply) return null;
  return (
    <p className="mt-2 border-l-2 border-brand-600 pl-2 text-sm break-words whitespace-pre-wrap text-slate-700">
      <span className="font-semibold text-brand-900">Your reply: </span>
      {t.reply.text}
    </p>
  );
}

function Stars({ rating }: { rating: number }) {
  return (
    <span className="inline-flex items-center gap-0.5" role="img" aria-label={`${rating} out of 5 stars`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden="true"
          className={`size-4 ${n <= rating ? "fill-accent-400 text-accent-500" : "text-slate-300"}`}
        />
      ))}
    </span>
  );
}

type Handlers = {
  onApprove: (t: AdminTestimonial, approved: boolean) => void;
  onReject: (t: AdminTestimonial) => void;
  onReply: (t: AdminTestimonial) => void;
  onDelete: (t: AdminTestimonial) => void;
};

function TestimonialActions({
  t,
  layout,
  busy,
  onApprove,
  onReject,
  onReply,
  onDelete,
}: Handlers & { t: AdminTestimonial; layout: string; busy: boolean }) {
  return (
    <div className={layout}>
      {t.approved ? (
        <Button
          variant="secondary"
          className="whitespace-nowrap"
          disabled={busy}
          onClick={() => onApprove(t, false)}
          aria-label={`Remove approval for ${t.name}`}
        >
          <Undo2 aria-hidden="true" className="size-4" />
          Remove approval
        </Button>
      ) : (
        <Button
          variant="success"
          disabled={busy}
          onClick={() => onApprove(t, true)}
          aria-label={`Approve review by ${t.name}`}
        >
          <Check aria-hidden="true" className="size-4" />
          Approve
        </Button>
      )}
      {t.status !== "rejected" ? (
        <Button
          variant="secondary"
          disabled={busy}
          onClick={() => onReject(t)}
          aria-label={`Reject review by ${t.name}`}
        >
          <Ban aria-hidden="true" className="size-4" />
          Reject
        </Button>
      ) : null}
      <Button
        variant="secondary"
        disabled={busy}
        onClick={() => onReply(t)}
        aria-label={`${t.reply ? "Edit reply to" : "Reply to"} review by ${t.name}`}
      >
        <MessageSquareReply aria-hidden="true" className="size-4" />
        {t.reply ? "Edit reply" : "Reply"}
      </Button>
      <IconButton
        label={`Delete review by ${t.name}`}
        className="text-danger-600 hover:bg-danger-50"
        disabled={busy}
        onClick={() => onDelete(t)}
      >
        <Trash2 aria-hidden="true" className="size-5" />
      </IconButton>
    </div>
  );
}

export function TestimonialList({
  items,
  busyId,
  ...handlers
}: Handlers & { items: readonly AdminTestimonial[]; busyId: number | null }) {
  return (
    <>
      {/* Phones: one card per review, every column readable without sideways scrolling. */}
      <ul className="space-y-3 sm:hidden" aria-label="All testimonials, newest first">
        {items.map((t) => (
          <li
            key={t.id}
            data-testid={`testimonial-card-${t.id}`}
            className={`rounded-card border p-4 shadow-card ${t.approved ? "border-slate-200 bg-white" : "border-accent-200 bg-accent-50"}`}
          >
            <div className="flex items-start justify-between gap-3">
              <div>
                <p className="font-semibold text-slate-900">{t.name}</p>
                <p className="text-sm text-slate-600">{t.location}</p>
              </div>
              <StatusBadge t={t} />
            </div>
            <Verified t={t} />
            <div className="mt-2">
              <Stars rating={t.rating} />
            </div>
            <p className="mt-2 text-sm break-words whitespace-pre-wrap text-slate-700">{t.text}</p>
            <ReplyPreview t={t} />
            <TestimonialActions
              t={t}
              layout="mt-3 flex flex-wrap items-center gap-2"
              busy={busyId === t.id}
              {...handlers}
            />
          </li>
        ))}
      </ul>
      <AdminTable caption="All testimonials, newest first" columns={columns} className="hidden sm:block">
        {items.map((t) => (
          <tr key={t.id} data-testid={`testimonial-row-${t.id}`} className={t.approved ? "" : "bg-accent-50"}>
            <td className="px-4 py-3 align-top">
              <span className="block font-semibold text-slate-900">{t.name}</span>
              <span className="block text-slate-600">{t.location}</span>
              <Verified t={t} />
            </td>
            <td className="px-4 py-3 align-top whitespace-nowrap">
              <Stars rating={t.rating} />
            </td>
            <td className="max-w-md min-w-40 px-4 py-3 align-top text-slate-700">
              <p className="line-clamp-3" title={t.text}>
                {t.text}
              </p>
              <ReplyPreview t={t} />
            </td>
            <td className="px-4 py-3 align-top">
              <StatusBadge t={t} />
            </td>
            <td className="px-4 py-3 align-top">
              <TestimonialActions
                t={t}
                layout="flex flex-wrap justify-end gap-2"
                busy={busyId === t.id}
                {...handlers}
              />
            </td>
          </tr>
        ))}
      </AdminTable>
    </>
  );
}
