/**
 * The owner's quotes (docs/decisions/029-quotes.md); `:id` is the quote's id:
 *
 *   GET   /api/admin/quotes/:id               one version                        → { quote }
 *   PATCH /api/admin/quotes/:id               a draft in place; a sent or opened quote becomes
 *                                             version n+1 (n superseded)         → { quote }
 *   POST  /api/admin/quotes/:id/send          e-mails the customer the link and the PDF → { quote }
 *   GET   /api/admin/quotes/:id/pdf           the PDF, inline (`?download=1`: as an attachment)
 *   POST  /api/admin/quotes/:id/cancel        a cancellation received by phone or letter
 *   POST  /api/admin/quotes/:id/amount-owed   owed for work started early, after a cancellation
 *   POST  /api/admin/quotes/:id/accept-verbal a yes by phone or in person, recorded by the owner
 *
 * 404 for an unknown id, 409 with a sentence when the quote's status does not allow the change.
 */
import type { Config } from "@netlify/functions";
import { quoteEndpoints } from "../../src/features/quotes/contract/endpoints";
import { adminAction, adminDownload, pdfResponse } from "../../src/features/admin-auth/http";
import { apiHandler } from "../../src/platform/http/endpoint";
import "../../src/features/business/http-facts";
import * as quotes from "../../src/features/quotes";
import { recordVerbalAcceptance } from "../../src/features/quotes";

/** A hundred lines of 500 characters each fit. */
const quoteBodyBytes = 256 * 1024;

export default apiHandler("/api/admin/quotes", [
  adminAction(quoteEndpoints.getQuote, async ({ id, ctx }) => ({ quote: await quotes.getQuote(id, ctx) })),
  adminAction(
    quoteEndpoints.updateQuote,
    async ({ id, body, ctx }) => ({ quote: await quotes.updateQuote(id, body, ctx) }),
    { bodyBytes: quoteBodyBytes },
  ),
  adminAction(quoteEndpoints.sendQuote, async ({ id, query, ctx }) => ({
    quote: await quotes.sendQuote(id, ctx, { byText: query.by === "text" }),
  })),
  adminDownload(quoteEndpoints.quotePdf, async ({ id, query, ctx }) => {
    return pdfResponse(await quotes.quotePdfFile(id, ctx), query.download === "1");
  }),
  adminAction(quoteEndpoints.cancelQuote, async ({ id, body, ctx }) => ({
    quote: await quotes.ownerCancelQuote(id, body, ctx),
  })),
  adminAction(quoteEndpoints.recordVerbalAcceptance, async ({ id, body, ctx }) => ({
    quote: await recordVerbalAcceptance(id, body, ctx),
  })),
  adminAction(quoteEndpoints.recordAmountOwed, async ({ id, body, ctx }) => ({
    quote: await quotes.recordAmountOwed(id, body, ctx),
  })),
]);

// Literal strings: Netlify reads this config statically.
export const config: Config = {
  path: [
    "/api/admin/quotes/:id",
    "/api/admin/quotes/:id/send",
    "/api/admin/quotes/:id/pdf",
    "/api/admin/quotes/:id/cancel",
    "/api/admin/quotes/:id/amount-owed",
    "/api/admin/quotes/:id/accept-verbal",
  ],
};
