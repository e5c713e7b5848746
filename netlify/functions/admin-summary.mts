/** GET /api/admin/summary: counts for the dashboard cards and the unread badge. */
import type { Config } from "@netlify/functions";
import { requireAdmin } from "../../src/server/http/admin-guard";
import { createHandler } from "../../src/server/http/handler";
import { json } from "../../src/server/http/response";
import { summary } from "../../src/server/services/admin-content";

export default createHandler({
  route: "/api/admin/summary",
  methods: ["GET"],
  handle: async (req) => {
    await requireAdmin(req);
    return json(await summary());
  },
});

export const config: Config = { path: "/api/admin/summary" };
