/**
 * The owner's inbox (docs/decisions/016-request-workflow.md):
 *
 *   GET    /api/admin/submissions             a page of requests, filtered, searched and sorted
 *          ?type=&state=&q=&from=&to=&archived=&sort=&cursor=&limit=
 *          → {"submissions":[…],"nextCursor":"…"|null}
 *   GET    /api/admin/submissions/export.csv  the same filters, every matching row, as CSV
 *   POST   /api/admin/submissions/bulk        {"ids":[…],"action":"read|unread|state|archive|
 *                                             unarchive|spam|delete","state"?,"note"?}
 *   PATCH  /api/admin/submissions/:id         {"isRead"?,"state"?,"note"?,"archived"?}
 *   DELETE /api/admin/submissions/:id         the request, its history, notes and e-mails
 *
 * History and notes: netlify/functions/admin-submission-activity.mts.
 */
import type { Config } from "@netlify/functions";
import { bulkActionSchema, maxBulkIds, submissionPatchSchema } from "../../src/lib/schemas/requests";
import { requireAdmin } from "../../src/server/http/admin-guard";
import { parseId, rawPathId } from "../../src/server/http/admin-request";
import { attachment, readInboxQuery, readJsonBody } from "../../src/server/http/admin-workflow";
import { methodNotAllowed } from "../../src/server/http/errors";
import { createHandler } from "../../src/server/http/handler";
import { json } from "../../src/server/http/response";
import { exportCsv, exportFileName } from "../../src/server/services/inbox-export";
import * as requests from "../../src/server/services/request-workflow";

const route = "/api/admin/submissions";

export default createHandler({
  route,
  methods: ["GET", "POST", "PUT", "PATCH", "DELETE"],
  handle: async (req, context) => {
    const raw = rawPathId(req, context);
    const method = req.method.toUpperCase();
    const isGet = method === "GET" || method === "HEAD";

    if (raw === undefined) {
      if (!isGet) throw methodNotAllowed(["GET"]);
      await requireAdmin(req);
      return json(await requests.listInbox(readInboxQuery(req)));
    }
    if (raw === "export.csv") {
      if (!isGet) throw methodNotAllowed(["GET"]);
      await requireAdmin(req);
      const query = readInboxQuery(req);
      return attachment(exportCsv(requests.toFilter(query)), "text/csv; charset=utf-8", exportFileName());
    }
    if (raw === "bulk") {
      if (method !== "POST") throw methodNotAllowed(["POST"]);
      await requireAdmin(req);
      // Room for the largest allowed list of ids.
      const input = await readJsonBody(req, bulkActionSchema, 1024 + maxBulkIds * 12);
      return json(await requests.bulk(input));
    }
    if (method !== "PATCH" && method !== "DELETE") throw methodNotAllowed(["PATCH", "DELETE"]);
    await requireAdmin(req);
    const id = parseId(raw);
    if (method === "PATCH") {
      const patch = await readJsonBody(req, submissionPatchSchema);
      return json({ submission: await requests.updateSubmission(id, patch) });
    }
    await requests.deleteRequest(id);
    return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
  },
});

export const config: Config = {
  path: [
    "/api/admin/submissions",
    "/api/admin/submissions/export.csv",
    "/api/admin/submissions/bulk",
    "/api/admin/submissions/:id",
  ],
};
