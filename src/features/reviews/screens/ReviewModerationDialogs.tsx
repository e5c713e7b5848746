/**
 * The two moderation dialogs of the testimonials screen: rejecting a review, which needs one of
 * the fixed reasons (the same list the review policy page publishes), and the owner's one public
 * reply (docs/decisions/020-verified-reviews.md).
 */
import { useId, useState } from "react";
import { reviewRejectReasons, type ReviewRejectReason } from "../../../data/legal";
import type { AdminTestimonial } from "../contract/endpoints";
import { replyMaxLength } from "../contract/forms";
import { AdminDialog } from "../../../admin/components/dialogs";
import { Button } from "../../../admin/components/ui";

export function RejectDialog({
  testimonial,
  busy,
  onCancel,
  onReject,
}: {
  testimonial: AdminTestimonial | null;
  busy: boolean;
  onCancel: () => void;
  onReject: (t: AdminTestimonial, reason: ReviewRejectReason) => void;
}) {
  const id = useId();
  const [reason, setReason] = useState<ReviewRejectReason | "">("");
  const [missing, setMissing] = useState(false);
  return (
    <AdminDialog
      open={testimonial !== null}
      onOpenChange={(open) => {
        if (!open && !busy) {
          setReason("");
          setMissing(false);
          onCancel();
        }
      }}
      title="Reject review"
      description={
        testimonial
          ? `A review is rejected only when it breaks a rule of the review policy, never for its rating. Which rule does the review by ${testimonial.name} break?`
          : ""
      }
      wide
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!testimonial) return;
          if (!reason) {
            setMissing(true);
            return;
          }
          onReject(testimonial, reason);
          setReason("");
          setMissing(false);
        }}
      >
        <fieldset aria-describedby={missing ? `${id}-error` : undefined}>
          <legend className="text-sm font-semibold text-slate-900">Reason</legend>
          <div className="mt-2 space-y-2">
            {reviewRejectReasons.map((r) => (
              <div
                key={r.id}
                className="flex items-start gap-3 rounded-lg border border-slate-200 p-3 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
              >
                <input
                  id={`${id}-${r.id}`}
                  type="radio"
                  name="reason"
                  value={r.id}
                  checked={reason === r.id}
                  onChange={() => {
                    setReason(r.id);
                    setMissing(false);
                  }}
                  className="mt-0.5 size-4"
                />
                <label htmlFor={`${id}-${r.id}`} className="cursor-pointer">
                  <strong className="block text-slate-900">{r.label}</strong>
                  {/* The policy's wording finishes "…if", so start it as a sentence of its own. */}
                  {r.description.charAt(0).toUpperCase() + r.description.slice(1)}
                </label>
              </div>
            ))}
          </div>
        </fieldset>
        {missing ? (
          <p id={`${id}-error`} role="alert" className="mt-2 text-sm font-medium text-danger-600">
            Choose the rule the review breaks.
          </p>
        ) : null}
        <div className="mt-5 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" type="button" disabled={busy} onClick={onCancel}>
            Cancel
          </Button>
          <Button variant="danger" type="submit" disabled={busy}>
            {busy ? "Rejecting..." : "Reject review"}
          </Button>
        </div>
      </form>
    </AdminDialog>
  );
}

export function ReplyDialog({
  testimonial,
  busy,
  onCancel,
  onSave,
}: {
  testimonial: AdminTestimonial | null;
  busy: boolean;
  onCancel: () => void;
  /** Text to write or change the reply, null to remove it. */
  onSave: (t: AdminTestimonial, text: string | null) => void;
}) {
  const id = useId();
  const [text, setText] = useState<string | null>(null);
  const value = text ?? testimonial?.reply?.text ?? "";
  const close = () => {
    setText(null);
    onCancel();
  };
  return (
    <AdminDialog
      open={testimonial !== null}
      onOpenChange={(open) => {
        if (!open && !busy) close();
      }}
      title={testimonial?.reply ? "Edit your reply" : "Reply in public"}
      description={
        testimonial
          ? `Shown under the review by ${testimonial.name} on the website, as plain text. One reply per review; you can change it later.`
          : ""
      }
      wide
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!testimonial || !value.trim()) return;
          onSave(testimonial, value.trim());
          setText(null);
        }}
      >
        {testimonial ? (
          <blockquote className="rounded-lg bg-slate-50 p-3 text-sm break-words whitespace-pre-wrap text-slate-700">
            {testimonial.text}
          </blockquote>
        ) : null}
        <label htmlFor={`${id}-reply`} className="mt-4 block text-sm font-semibold text-slate-900">
          Your reply
        </label>
        <textarea
          id={`${id}-reply`}
          value={value}
          onChange={(e) => setText(e.currentTarget.value)}
          rows={5}
          maxLength={replyMaxLength}
          required
          className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900"
        />
        <div className="mt-5 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          {testimonial?.reply ? (
            <Button
              variant="ghost"
              type="button"
              className="text-danger-600 hover:bg-danger-50 sm:mr-auto"
              disabled={busy}
              onClick={() => {
                onSave(testimonial, null);
                setText(null);
              }}
            >
              Remove reply
            </Button>
          ) : null}
          <Button variant="secondary" type="button" disabled={busy} onClick={close}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy || !value.trim()}>
            {busy ? "Saving..." : "Publish reply"}
          </Button>
        </div>
      </form>
    </AdminDialog>
  );
}
