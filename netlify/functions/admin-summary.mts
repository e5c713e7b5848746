/** GET /api/admin/summary: counts for the dashboard cards and the unread badge. */
import type { Config } from "@netlify/functions";
import { requestEndpoints } from "../../src/features/requests/contract/endpoints";
import { adminAction } from "../../src/features/admin-auth/http";
import { apiHandler } from "../../src/platform/http/endpoint";
import "../../src/features/business/http-facts";
import { summary } from "../../src/features/requests";
import { countByStatus } from "../../src/features/reviews";

export default apiHandler("/api/admin/summary", [
  adminAction(requestEndpoints.summary, async ({ ctx }) => summary(await countByStatus(ctx.db), ctx)),
]);

export const config: Config = { path: "/api/admin/summary" };
