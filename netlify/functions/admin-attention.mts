/**
 * GET /api/admin/attention: the dashboard's "needs attention" (requests still new after the
 * promised reply time, quotes waiting more than a week, today's and tomorrow's visits) and the
 * number of requests in each state.
 */
import type { Config } from "@netlify/functions";
import { requireAdmin } from "../../src/server/http/admin-guard";
import { createHandler } from "../../src/server/http/handler";
import { json } from "../../src/server/http/response";
import { attention } from "../../src/server/services/request-workflow";

export default createHandler({
  route: "/api/admin/attention",
  methods: ["GET"],
  handle: async (req) => {
    await requireAdmin(req);
    return json(await attention());
  },
});

export const config: Config = { path: "/api/admin/attention" };
