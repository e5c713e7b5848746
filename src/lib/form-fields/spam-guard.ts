/**
 * Fields every public form carries besides its payload (see docs/decisions/004-spam-guard.md).
 * - `website`: a honeypot, visually hidden and skipped by assistive technology; a person leaves it empty.
 * - `formStartedAt`: epoch milliseconds when the form was first shown; the islands send it.
 */
export const honeypotField = "website";
export const startedAtField = "formStartedAt";
/**
 * A person needs longer than this to fill in any of our forms: the spam guard's minimum in
 * production. A local test stack may lower it with FORM_MIN_FILL_MS (src/platform/env.ts
 * `formMinFillMs`; docs/decisions/024-fast-ci.md); a deployed site never goes below it.
 */
export const minFillMs = 3000;

/** Set by the build from FORM_MIN_FILL_MS (astro.config.mjs); absent outside an Astro build. */
declare const __FORM_MIN_FILL_MS__: number | undefined;

/** What the islands wait for before sending: the build's value, else the production minimum. */
export const islandMinFillMs: number =
  typeof __FORM_MIN_FILL_MS__ === "number" ? __FORM_MIN_FILL_MS__ : minFillMs;
