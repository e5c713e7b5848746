/**
 * /api/admin/submissions?type=all|contact|booking: list, newest first (GET);
 * /api/admin/submissions/:id: mark read or unread (PATCH `{"isRead": true|false}`) and delete
 * (DELETE). Site-spec §2 Admin submissions, §4.
 */
import type { Config } from "@netlify/functions";
import { submissionFilterSchema, submissionReadSchema } from "../../src/lib/schemas/admin";
import { requireAdmin } from "../../src/server/http/admin-guard";
import { parseId, rawPathId, readAdminJson } from "../../src/server/http/admin-request";
import { badRequest, methodNotAllowed } from "../../src/server/http/errors";
import { createHandler } from "../../src/server/http/handler";
import { json } from "../../src/server/http/response";
import * as content from "../../src/server/services/admin-content";

export default createHandler({
  route: "/api/admin/submissions",
  // Every method reaches `handle`, which answers 405 with the Allow of the path (collection or item).
  methods: ["GET", "POST", "PUT", "PATCH", "DELETE"],
  handle: async (req, context) => {
    const rawId = rawPathId(req, context);
    const method = req.method.toUpperCase();
    if (rawId === undefined) {
      if (method !== "GET" && method !== "HEAD") throw methodNotAllowed(["GET"]);
      await requireAdmin(req);
      const type = submissionFilterSchema.safeParse(new URL(req.url).searchParams.get("type") ?? undefined);
      if (!type.success) throw badRequest("type must be all, contact or booking.", "invalid_filter");
      return json({ submissions: await content.listSubmissions(type.data) });
    }
    if (method !== "PATCH" && method !== "DELETE") throw methodNotAllowed(["PATCH", "DELETE"]);
    await requireAdmin(req);
    const id = parseId(rawId);
    if (method === "DELETE") {
      await content.deleteSubmission(id);
      return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
    }
    const { isRead } = await readAdminJson(req, submissionReadSchema);
    return json({ submission: await content.setSubmissionRead(id, isRead) });
  },
});

export const config: Config = { path: ["/api/admin/submissions", "/api/admin/submissions/:id"] };
