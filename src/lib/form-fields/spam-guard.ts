/**
 * Fields every public form carries besides its payload (see docs/decisions/004-spam-guard.md).
 * - `website`: a honeypot, visually hidden and skipped by assistive technology; a person leaves it empty.
 * - `formStartedAt`: epoch milliseconds when the form was first shown; the islands send it.
 */
export const honeypotField = "website";
export const startedAtField = "formStartedAt";
/** A person needs longer than this to fill in any of our forms. */
export const minFillMs = 3000;
