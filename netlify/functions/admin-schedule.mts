/**
 * The owner's schedule (docs/decisions/039-schedule.md):
 *
 *   GET /api/admin/schedule?from=YYYY-MM-DD&to=YYYY-MM-DD   every day of the range (at most 92)
 *       with blocked and why, the daily cap and its count, the confirmed visits and proposals
 *
 * 400 for a malformed date, `to` before `from`, or a longer range.
 */
import type { Config } from "@netlify/functions";
import { scheduleEndpoints } from "../../src/features/schedule/contract/endpoints";
import { adminAction } from "../../src/features/admin-auth/http";
import { apiHandler } from "../../src/platform/http/endpoint";
import "../../src/features/business/http-facts";
import { schedule } from "../../src/features/schedule";

export default apiHandler("/api/admin/schedule", [
  adminAction(scheduleEndpoints.schedule, ({ query, ctx }) => schedule(query, ctx)),
]);

export const config: Config = { path: "/api/admin/schedule" };
