/**
 * The private link to a request's own page (docs/decisions/019-customer-page.md), with no database:
 * the mail composers, the outbox and the page all use these.
 *
 *   requestPageUrl(siteUrl, token)   https://…/request/<token>
 *   invoicePageUrl(siteUrl, token)   https://…/invoice/<token> (an invoice-only link)
 *   hasLinkSlot(message)             whether a message holds a placeholder for a token
 *   fillLinks(body, tokens)          the placeholders replaced by tokens: only as the message is sent
 *   hashToken(token)                 what is stored (SHA-256, hex)
 *
 * A token is 16 random bytes (128 bits) in base64url: 22 characters. No token is ever stored, not
 * even in a message waiting to be sent (docs/decisions/027-security-review-fixes.md): a customer
 * message holds `linkPlaceholder` where the token goes (a review invitation `invitePlaceholder`),
 * and is stored like that. The outbox (src/features/mail/repository.ts) writes the link's
 * row with the message, holding the hash of a token nobody knows; as it hands the message to the
 * transport it makes the real token, stores its hash in that row, and puts the token in the copy
 * that is sent. Once sent, the stored text shows `sentLinkMarker` where the link's token was.
 */
import { createHash, randomBytes } from "node:crypto";

/** The page's path without the token: what the logs and the admin may show. */
export const requestPagePath = "/request";

/** Random bytes per token: 16 bytes = 128 bits, 22 base64url characters. */
export const tokenBytes = 16;

/** A token as it may appear in a URL. */
export const tokenPattern = /^[A-Za-z0-9_-]{22}$/;

/** Written where the token goes until the message is sent; never a token (it has no 22-char run). */
export const linkPlaceholder = "__request_link__";

/** The same for a review invitation's token (`/testimonials#invite=<token>`, 43 characters). */
export const invitePlaceholder = "__review_invite__";

/**
 * The same for an invoice-only link (`/invoice/<token>`, docs/decisions/053-invoice-links.md): what a
 * payer at another address gets instead of the request's page.
 */
export const invoiceLinkPlaceholder = "__invoice_link__";

/** The invoice-only page's path without the token. */
export const invoicePagePath = "/invoice";

/** What a sent message's stored text keeps in place of the token. */
export const sentLinkMarker = "link-sent";

export function requestPageUrl(siteUrl: string, token: string): string {
  return `${siteUrl.replace(/\/+$/, "")}${requestPagePath}/${token}`;
}

export function invoicePageUrl(siteUrl: string, token: string): string {
  return `${siteUrl.replace(/\/+$/, "")}${invoicePagePath}/${token}`;
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

/** Whether a message holds `placeholder` (by default the request page's) where a token goes. */
export function hasLinkSlot(message: Composed, placeholder: string = linkPlaceholder): boolean {
  return message.text.includes(placeholder) || message.html.includes(placeholder);
}

/**
 * The hash a link's row holds until its message is sent: of a token that is made here and
 * dropped, so nobody can open the link before the real token is made at sending.
 */
export const unusableTokenHash = (): string => hashToken(randomBytes(32).toString("base64url"));

/** A body with each placeholder replaced by its token (or, without one, by `sentLinkMarker`). */
export function fillLinks(
  body: string,
  tokens: { request?: string | null; invite?: string | null; invoice?: string | null },
): string {
  return body
    .replaceAll(linkPlaceholder, tokens.request ?? sentLinkMarker)
    .replaceAll(invoiceLinkPlaceholder, tokens.invoice ?? sentLinkMarker)
    .replaceAll(invitePlaceholder, tokens.invite ?? sentLinkMarker);
}

const tokenInPage = new RegExp(`${requestPagePath}/[A-Za-z0-9_-]{22}(?![A-Za-z0-9_-])`, "g");

const tokenInInvoicePage = new RegExp(`${invoicePagePath}/[A-Za-z0-9_-]{22}(?![A-Za-z0-9_-])`, "g");

const tokenInInvite = /#invite=[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/g;

/**
 * A message's text as the outbox keeps it and people are shown it (the admin, the personal-data
 * export): no placeholder, and no token of a page link or a review invitation.
 */
export function withoutTokens(body: string): string {
  return fillLinks(body, {})
    .replace(tokenInPage, `${requestPagePath}/${sentLinkMarker}`)
    .replace(tokenInInvoicePage, `${invoicePagePath}/${sentLinkMarker}`)
    .replace(tokenInInvite, `#invite=${sentLinkMarker}`);
}
