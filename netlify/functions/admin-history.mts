/**
 * GET /api/admin/history?submissionId=12: every state change of one request, oldest first (`actor`
 * "customer" marks what the customer did on their page), and the private links to that page sent
 * in the customer's e-mails (`links`, newest first; never the link itself).
 * POST /api/admin/history/revoke-links {"submissionId": 12}: every link of that request stops
 * working; 200 {"revoked": n, "links": [...]}.
 */
import type { Config } from "@netlify/functions";
import { requestEndpoints } from "../../src/features/requests/contract/endpoints";
import { adminAction } from "../../src/features/admin-auth/http";
import { apiHandler } from "../../src/platform/http/endpoint";
import "../../src/features/business/http-facts";
import * as requests from "../../src/features/requests";
import * as actions from "../../src/features/request-actions";

export default apiHandler("/api/admin/history", [
  adminAction(requestEndpoints.listHistory, async ({ query, ctx }) => ({
    history: await requests.history(query.submissionId, ctx),
    links: await actions.sentLinks(query.submissionId, ctx),
  })),
  adminAction(requestEndpoints.revokeLinks, async ({ body, ctx }) => ({
    revoked: await actions.revokeLinks(body.submissionId, ctx),
    links: await actions.sentLinks(body.submissionId, ctx),
  })),
]);

export const config: Config = { path: ["/api/admin/history", "/api/admin/history/revoke-links"] };
