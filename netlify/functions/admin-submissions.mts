/**
 * /api/admin/submissions?type=all|contact|booking: list, newest first (GET);
 * /api/admin/submissions/:id: mark read or unread (PATCH `{"isRead": true|false}`) and delete
 * (DELETE). Site-spec §2 Admin submissions, §4.
 */
import type { Config } from "@netlify/functions";
import { submissionFilterSchema, submissionReadSchema } from "../../src/lib/schemas/admin";
import { adminResourceHandler, readAdminJson } from "../../src/server/http/admin-request";
import { badRequest } from "../../src/server/http/errors";
import { json } from "../../src/server/http/response";
import * as content from "../../src/server/services/admin-content";

export default adminResourceHandler({
  route: "/api/admin/submissions",
  list: async (req) => {
    const type = submissionFilterSchema.safeParse(new URL(req.url).searchParams.get("type") ?? undefined);
    if (!type.success) throw badRequest("type must be all, contact or booking.", "invalid_filter");
    return json({ submissions: await content.listSubmissions(type.data) });
  },
  update: async (id, req) => {
    const { isRead } = await readAdminJson(req, submissionReadSchema);
    return json({ submission: await content.setSubmissionRead(id, isRead) });
  },
  remove: (id) => content.deleteSubmission(id),
});

export const config: Config = { path: ["/api/admin/submissions", "/api/admin/submissions/:id"] };
