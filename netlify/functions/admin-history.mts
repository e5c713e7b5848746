/** GET /api/admin/history?submissionId=12: every state change of one request, oldest first. */
import type { Config } from "@netlify/functions";
import { requestEndpoints } from "../../src/lib/contracts/requests";
import { adminAction } from "../../src/server/http/admin";
import { apiHandler } from "../../src/server/http/endpoint";
import * as requests from "../../src/server/services/request-workflow";

export default apiHandler("/api/admin/history", [
  adminAction(requestEndpoints.listHistory, async ({ query, ctx }) => ({
    history: await requests.history(query.submissionId, ctx),
  })),
]);

export const config: Config = { path: "/api/admin/history" };
