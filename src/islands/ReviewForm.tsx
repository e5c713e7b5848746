/**
 * 'Leave a Review' on /testimonials. The form sits in a <details> so the
 * button reveals it even without JavaScript, and the server-rendered <form method="post"
 * action="/api/testimonials"> still posts. The rating starts unchosen and is required. After a
 * successful send the form hides, the rating is cleared and the pending-approval message shows.
 *
 * A review invitation's link (`/testimonials#invite=<token>`, sent after a finished job) opens the
 * form with the customer's name and town filled in (both editable) and sends the token with the
 * review, which is then stored as from a verified customer (docs/decisions/020-verified-reviews.md).
 * The token is taken out of the address bar at once, so it is not bookmarked or shared by mistake.
 */
import { BadgeCheck, ChevronDown, CircleAlert, CircleCheck, MessageSquarePlus } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError, callApi } from "../lib/api/client";
import { createTestimonialRoute, reviewInvitationRoute } from "../lib/contracts/public-routes";
import { limits } from "../lib/form-fields/limits";
import { checkReview } from "./forms/checks";
import { InputField, TextAreaField } from "./forms/fields";
import { FormFooter } from "./forms/FormFooter";
import { checkingLabel, useFormSubmit, type PhoneContact } from "./forms/use-form-submit";
import { formatMonthYear } from "../platform/time";
import { StarRating } from "./StarRating";

export const reviewMessages = {
  success: "Thank you for your review! It will be displayed after approval.",
  error: "There was an error submitting your testimonial. Please try again.",
} as const;

const fieldOrder = ["name", "location", "rating", "text"] as const;

type Invitation =
  | { status: "checking" }
  | { status: "ready"; token: string; month: string }
  | { status: "refused"; message: string };
const id = (name: string) => `review-${name}`;

export interface ReviewFormProps {
  readonly phone: PhoneContact;
  /** A link to this hash (e.g. the hero's 'Share your experience') opens the form. */
  readonly openOnHash?: string;
}

export default function ReviewForm({ phone, openOnHash = "#review-form" }: ReviewFormProps) {
  const detailsRef = useRef<HTMLDetailsElement>(null);
  const [invitation, setInvitation] = useState<Invitation | null>(null);
  const [rating, setRating] = useState<number | null>(null);
  const formElement = useRef<HTMLFormElement | null>(null);
  /** Writes a field's value into the uncontrolled form (the invitation's prefill). */
  const setValue = useCallback((name: string, value: string) => {
    const field = formElement.current?.elements.namedItem(name);
    if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) field.value = value;
  }, []);
  const hide = useCallback(() => {
    if (detailsRef.current) detailsRef.current.open = false;
  }, []);
  const {
    onSubmit,
    onChange,
    busy,
    checking,
    errors,
    notice,
    clearNotice,
    formRef,
    honeypotRef,
    startedAtRef,
  } = useFormSubmit({
    endpoint: createTestimonialRoute,
    fieldOrder,
    check: checkReview,
    toPayload: (values) => ({ ...values, rating: Number(values["rating"]) }),
    successMessage: reviewMessages.success,
    errorMessage: reviewMessages.error,
    phone,
    onSuccess: () => {
      hide();
      // The link is spent: a second review from this page is an open one.
      setInvitation(null);
      setRating(null);
    },
  });

  useEffect(() => {
    const match = /^#invite=([A-Za-z0-9_-]{20,64})$/.exec(window.location.hash);
    if (!match) return;
    const token = match[1]!;
    window.history.replaceState(
      null,
      "",
      `${window.location.pathname}${window.location.search}#leave-a-review`,
    );
    if (detailsRef.current) detailsRef.current.open = true;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the lookup's outcome follows
    setInvitation({ status: "checking" });
    let current = true;
    void callApi(reviewInvitationRoute, { body: { token } }).then(
      (prefill) => {
        if (!current) return;
        setValue("name", prefill.name);
        setValue("location", prefill.location);
        setInvitation({ status: "ready", token, month: formatMonthYear(prefill.jobCompletedMonth) });
      },
      (error: unknown) => {
        if (!current) return;
        setInvitation({
          status: "refused",
          message:
            error instanceof ApiError && error.status > 0 && error.status < 500
              ? error.message
              : "We could not check your review link just now. Please try again in a minute.",
        });
      },
    );
    document.getElementById("leave-a-review")?.scrollIntoView({ block: "start" });
    return () => {
      current = false;
    };
  }, [setValue]);

  useEffect(() => {
    formElement.current = formRef.current;
  }, [formRef]);

  // The form closes after a success, so the page gets shorter: bring the confirmation into view
  // and give it focus, so nobody is left looking at the section below wondering what happened.
  const confirmationRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (notice?.tone !== "success") return;
    confirmationRef.current?.focus({ preventScroll: true });
    const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    confirmationRef.current?.scrollIntoView({ block: "center", behavior: still ? "auto" : "smooth" });
  }, [notice]);

  useEffect(() => {
    const openFromHash = () => {
      if (window.location.hash === openOnHash && detailsRef.current) detailsRef.current.open = true;
    };
    openFromHash();
    window.addEventListener("hashchange", openFromHash);
    return () => window.removeEventListener("hashchange", openFromHash);
  }, [openOnHash]);

  return (
    <div className="grid gap-6">
      <div role="status">
        {notice?.tone === "success" ? (
          <p
            ref={confirmationRef}
            tabIndex={-1}
            className="mx-auto flex max-w-2xl items-start gap-3 rounded-xl border border-success-600/30 bg-success-50 p-5 text-left font-medium text-success-600"
          >
            <CircleCheck aria-hidden="true" className="mt-0.5 size-6 shrink-0" />
            <span>{notice.text}</span>
          </p>
        ) : null}
      </div>
      <details
        ref={detailsRef}
        id={openOnHash.slice(1)}
        className="group"
        onToggle={(e) => {
          if (e.currentTarget.open) clearNotice();
        }}
      >
        <summary className="mx-auto flex min-h-12 w-fit cursor-pointer list-none items-center gap-2 rounded-lg bg-brand-700 px-6 py-3 font-semibold text-white shadow-sm transition-colors select-none hover:bg-brand-800 [&::-webkit-details-marker]:hidden">
          <MessageSquarePlus aria-hidden="true" className="size-5" />
          Leave a Review
          <ChevronDown aria-hidden="true" className="size-4 transition-transform group-open:rotate-180" />
        </summary>
        <div className="mx-auto mt-6 max-w-2xl rounded-xl border border-slate-200 bg-white p-5 text-left shadow-[var(--shadow-card)] sm:p-8">
          <h3 className="text-xl font-bold text-brand-900">Share your experience</h3>
          {invitation?.status === "ready" ? (
            <p
              className="mt-3 flex items-start gap-2 rounded-lg border border-success-600/30 bg-success-50 p-3 text-sm text-success-700"
              data-invitation=""
            >
              <BadgeCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
              <span>
                {`Thank you for having us do the job we finished in ${invitation.month}. Your name and town are filled in from your request; change them as you like. Your review will be marked "Verified customer, job completed ${invitation.month}".`}
              </span>
            </p>
          ) : invitation?.status === "refused" ? (
            <p
              role="alert"
              className="mt-3 flex items-start gap-2 rounded-lg border border-danger-600/30 bg-danger-50 p-3 text-sm text-danger-600"
            >
              <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
              <span>{invitation.message}</span>
            </p>
          ) : invitation?.status === "checking" ? (
            <p className="mt-3 text-sm text-slate-600" role="status">
              Checking your review link...
            </p>
          ) : null}
          <p className="mt-1 text-slate-600">
            We show your name, town, rating and review on this page once we have checked it. Nothing else is
            asked for.
          </p>
          <form
            ref={formRef}
            method="post"
            action={createTestimonialRoute.path}
            onSubmit={onSubmit}
            onChange={(event) => {
              const target = event.target as unknown as HTMLInputElement;
              if (target.name === "rating") setRating(Number(target.value) || null);
              onChange(event);
            }}
            onReset={() => setRating(null)}
            aria-busy={busy}
            aria-label="Review form"
            className="relative mt-6 grid gap-5"
          >
            {/* Controlled: React rewrites a hidden input's defaultValue (its value) on every render. */}
            <input
              type="hidden"
              name="invitation"
              value={invitation?.status === "ready" ? invitation.token : ""}
            />
            <div className="grid gap-5 sm:grid-cols-2">
              <InputField
                id={id("name")}
                label="Your Name"
                autoComplete="name"
                placeholder="e.g. Fiona Campbell"
                maxLength={limits.name}
                error={errors["name"]}
                name="name"
              />
              <InputField
                id={id("location")}
                label="Location"
                autoComplete="address-level2"
                placeholder="e.g. Kirkcaldy"
                maxLength={limits.location}
                error={errors["location"]}
                name="location"
              />
            </div>
            <StarRating
              id={id("rating")}
              legend="Your Rating"
              value={rating}
              error={errors["rating"]}
              name="rating"
            />
            <TextAreaField
              id={id("text")}
              label="Your Review"
              placeholder="Tell others about the job we did for you"
              rows={5}
              maxLength={limits.reviewText}
              error={errors["text"]}
              name="text"
            />
            {invitation?.status === "ready" ? (
              <label className="flex items-start gap-3 text-base text-slate-700">
                <input type="checkbox" name="galleryConsent" value="yes" className="mt-1 size-5 shrink-0" />
                <span>
                  You may show photos of this job on your website (your name and address are never shown).
                </span>
              </label>
            ) : null}
            <FormFooter
              idPrefix={id("guard")}
              honeypotRef={honeypotRef}
              startedAtRef={startedAtRef}
              busy={busy}
              idleLabel="Submit Review"
              busyLabel={checking ? checkingLabel : "Submitting..."}
              notice={notice?.tone === "error" ? notice : null}
              phone={phone}
            />
          </form>
        </div>
      </details>
    </div>
  );
}
