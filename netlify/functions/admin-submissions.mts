/**
 * /api/admin/submissions?type=all|contact|booking: list, newest first (GET);
 * /:id: mark read or unread (PATCH), delete (DELETE).
 */
import type { Config } from "@netlify/functions";
import { adminEndpoints } from "../../src/lib/contracts/admin";
import { adminAction } from "../../src/server/http/admin";
import { apiHandler } from "../../src/server/http/endpoint";
import * as content from "../../src/server/services/admin-content";

export default apiHandler("/api/admin/submissions", [
  adminAction(adminEndpoints.listSubmissions, async ({ query, ctx }) => ({
    submissions: await content.listSubmissions(query.type, ctx),
  })),
  adminAction(adminEndpoints.setSubmissionRead, async ({ id, body, ctx }) => ({
    submission: await content.setSubmissionRead(id, body.isRead, ctx),
  })),
  adminAction(adminEndpoints.deleteSubmission, ({ id, ctx }) => content.deleteSubmission(id, ctx)),
]);

export const config: Config = { path: ["/api/admin/submissions", "/api/admin/submissions/:id"] };
