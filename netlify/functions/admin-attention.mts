/**
 * GET /api/admin/attention: the dashboard's "needs attention" (requests still new after the
 * promised reply time, quotes waiting more than a week, today's and tomorrow's visits) and the
 * number of requests in each state.
 */
import type { Config } from "@netlify/functions";
import { requestEndpoints } from "../../src/features/requests/contract/endpoints";
import { adminAction } from "../../src/features/admin-auth/http";
import { apiHandler } from "../../src/platform/http/endpoint";
import "../../src/features/business/http-facts";
import { attention } from "../../src/features/request-actions";

export default apiHandler("/api/admin/attention", [
  adminAction(requestEndpoints.attention, ({ ctx }) => attention(ctx)),
]);

export const config: Config = { path: "/api/admin/attention" };
