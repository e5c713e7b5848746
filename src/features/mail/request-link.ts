/**
 * The private link to a request's own page (docs/decisions/019-customer-page.md), with no database:
 * the mail composers, the outbox and the page all use these.
 *
 *   requestPageUrl(siteUrl, token)   https://…/request/<token>
 *   withRequestLink(message)         a customer message with a fresh token in place of the placeholder
 *   hashToken(token)                 what is stored (SHA-256, hex)
 *
 * A token is 16 random bytes (128 bits) in base64url: 22 characters. Messages are composed before
 * they are queued, so a customer message holds `linkPlaceholder` where the token goes; the outbox
 * (src/features/mail/repository.ts) swaps it for a fresh token as it stores the row, and
 * stores the token's hash with it in the same transaction. Once the message is sent, the outbox
 * keeps its text with `sentLinkMarker` in place of the token.
 */
import { createHash, randomBytes } from "node:crypto";

/** The page's path without the token: what the logs and the admin may show. */
export const requestPagePath = "/request";

/** Random bytes per token: 16 bytes = 128 bits, 22 base64url characters. */
export const tokenBytes = 16;

/** A token as it may appear in a URL. */
export const tokenPattern = /^[A-Za-z0-9_-]{22}$/;

/** Written where the token goes until the message is queued; never a token (it has no 22-char run). */
export const linkPlaceholder = "__request_link__";

/** What a sent message's stored text keeps in place of the token. */
export const sentLinkMarker = "link-sent";

export function requestPageUrl(siteUrl: string, token: string): string {
  return `${siteUrl.replace(/\/+$/, "")}${requestPagePath}/${token}`;
}

export function newToken(): string {
  return randomBytes(tokenBytes).toString("base64url");
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

interface Composed {
  text: string;
  html: string;
}

/**
 * The message with a fresh token wherever it holds the placeholder, and that token's hash; a
 * message without the placeholder comes back as it is, with no hash.
 */
export function withRequestLink<M extends Composed>(message: M): { message: M; tokenHash: string | null } {
  if (!message.text.includes(linkPlaceholder) && !message.html.includes(linkPlaceholder)) {
    return { message, tokenHash: null };
  }
  const token = newToken();
  return {
    message: {
      ...message,
      text: message.text.replaceAll(linkPlaceholder, token),
      html: message.html.replaceAll(linkPlaceholder, token),
    },
    tokenHash: hashToken(token),
  };
}

const tokenInPage = new RegExp(`${requestPagePath}/[A-Za-z0-9_-]{22}(?![A-Za-z0-9_-])`, "g");

/** A sent message's text as the outbox keeps it: every page link without its token. */
export function withoutTokens(body: string): string {
  return body.replace(tokenInPage, `${requestPagePath}/${sentLinkMarker}`);
}
