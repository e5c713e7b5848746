/**
 * Where a request's private page lives, without any database: the mail composer and the page both
 * use these. The token is 16 random bytes in base64url (22 characters); see ./links.ts.
 */

/** The path of the page, without the token: what logs and the admin may show. */
export const requestPagePath = "/request";

/** A token as it may appear in a URL (22 characters for 16 bytes; longer accepted). */
export const tokenPattern = /^[A-Za-z0-9_-]{22,64}$/;

/**
 * Messages are composed before their outbox row exists, so a customer message writes this
 * placeholder where the token goes; ./links.ts `fillRequestLinks` swaps it for a fresh token when
 * the row is queued, in the same transaction. It can never be a token (too short).
 */
export const linkPlaceholder = "__request_link__";

export function requestPageUrl(siteUrl: string, token: string): string {
  return `${siteUrl.replace(/\/+$/, "")}${requestPagePath}/${token}`;
}
