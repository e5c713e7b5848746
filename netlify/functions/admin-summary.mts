/** GET /api/admin/summary: counts for the dashboard cards and the unread badge. */
import type { Config } from "@netlify/functions";
import { adminEndpoints } from "../../src/lib/contracts/admin";
import { adminAction } from "../../src/server/http/admin";
import { apiHandler } from "../../src/server/http/endpoint";
import { summary } from "../../src/server/services/admin-content";

export default apiHandler("/api/admin/summary", [
  adminAction(adminEndpoints.summary, ({ ctx }) => summary(ctx)),
]);

export const config: Config = { path: "/api/admin/summary" };
