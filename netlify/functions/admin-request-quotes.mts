/**
 * A request's quotes (docs/decisions/029-quotes.md); `:id` is the request's id:
 *
 *   GET  /api/admin/submissions/:id/quotes   every version, newest first, and the quote settings
 *   POST /api/admin/submissions/:id/quotes   a new draft                          → 201 { quote }
 */
import type { Config } from "@netlify/functions";
import { quoteEndpoints } from "../../src/features/quotes/contract/endpoints";
import { adminAction } from "../../src/features/admin-auth/http";
import { apiHandler } from "../../src/platform/http/endpoint";
import "../../src/features/business/http-facts";
import * as quotes from "../../src/features/quotes";

/** A hundred lines of 500 characters each fit. */
const quoteBodyBytes = 256 * 1024;

export default apiHandler("/api/admin/submissions", [
  adminAction(quoteEndpoints.listQuotes, ({ id, ctx }) => quotes.listQuotes(id, ctx)),
  adminAction(
    quoteEndpoints.createQuote,
    async ({ id, body, ctx }) => ({ quote: await quotes.createQuote(id, body, ctx) }),
    { bodyBytes: quoteBodyBytes },
  ),
]);

export const config: Config = { path: "/api/admin/submissions/:id/quotes" };
