/** GET /api/admin/summary: counts for the dashboard cards and the unread badge. */
import type { Config } from "@netlify/functions";
import { requestEndpoints } from "../../src/features/requests/contract/endpoints";
import { adminAction } from "../../src/features/admin-auth/http";
import { apiHandler } from "../../src/platform/http/endpoint";
import { summary } from "../../src/features/requests";

export default apiHandler("/api/admin/summary", [
  adminAction(requestEndpoints.summary, ({ ctx }) => summary(ctx)),
]);

export const config: Config = { path: "/api/admin/summary" };
