import type { ReviewRejectReason } from "../features/reviews/contract/forms";

export type { ReviewRejectReason };

/** Shared facts for the policy pages. */
import { formatDayMonth } from "../platform/time";

const legalUpdatedOn = "2026-11-23";
/** When the policy pages last changed: the date, and as shown ("23 November 2026"). */
export const legalUpdated = { iso: legalUpdatedOn, display: formatDayMonth(legalUpdatedOn) } as const;

/** The admin session cookie, as set by src/features/admin-auth/http-guard.ts (described on /cookie-policy). */
export const adminSessionCookie = {
  name: "__Host-kh_admin",
  lifetime: "12 hours at most; it is deleted when the administrator signs out",
} as const;

/**
 * The only reasons a review is declined (shown on /review-policy). The star rating is never one of
 * them. Whatever records a rejection should use these ids, so the page and the records agree.
 */
export const reviewRejectReasons = [
  {
    id: "abusive",
    label: "Abusive",
    description: "it threatens, insults or harasses anyone, or is obscene or hateful.",
  },
  {
    id: "personal-data",
    label: "Personal data",
    description:
      "it gives someone's private details, such as a phone number, a home address or another person's full name.",
  },
  {
    id: "not-about-our-work",
    label: "Not about our work",
    description: "it is about something other than a job we did or quoted for, or it advertises something.",
  },
  {
    id: "not-genuine",
    label: "Not genuine",
    description:
      "we have good reason to believe it was not written by a real customer about a real experience, for example because it was paid for or written by a competitor.",
  },
  {
    id: "duplicate",
    label: "Duplicate",
    description: "the same person has already reviewed the same job.",
  },
] as const satisfies readonly { id: ReviewRejectReason; label: string; description: string }[];

/** Every reason the records accept is explained on the page (a missing one fails the type check). */
type Unexplained = Exclude<ReviewRejectReason, (typeof reviewRejectReasons)[number]["id"]>;
true satisfies [Unexplained] extends [never] ? true : never;
