/**
 * A quote's number as the customer sees it (one number per request, its version beside it): the
 * quotes feature, the visit's e-mails and warnings (appointments, below quotes) and the customer's
 * page all write it, so it lives below every feature, as the request reference does
 * (./request-reference.ts).
 */

/** "Q-000013": the quote's number, the request's id. */
export const quoteNumber = (submissionId: number): string => `Q-${String(submissionId).padStart(6, "0")}`;

/** "Q-000013 version 2" (version 1 is just the number). */
export const quoteTitle = (submissionId: number, version: number): string =>
  version > 1 ? `${quoteNumber(submissionId)} version ${version}` : quoteNumber(submissionId);
