/**
 * The calls the admin page starts while the app loads (src/lib/api/early-start.ts), so the owner
 * waits for the slower of the two, not for one after the other: the session on every screen, and
 * the data of the screens the owner opens most, the dashboard and the unfiltered inbox. The URLs
 * are the ones the app itself builds (a browser test checks each is asked for once, early). Read
 * when the page is built: the page writes the table into its HTML for its first script.
 */
import type { FirstCalls } from "../lib/api/early-start";
import { timeoutMs } from "../lib/api/http";
import {
  attentionRoute,
  listRequestsRoute,
  moneySummaryRoute,
  sessionRoute,
  summaryRoute,
} from "../lib/contracts/admin-routes";

export const firstCalls: FirstCalls = {
  always: [sessionRoute.path],
  byPath: {
    "/admin": [summaryRoute.path, attentionRoute.path, moneySummaryRoute.path],
    "/admin/submissions": [`${listRequestsRoute.path}?type=all`],
  },
  timeoutMs,
};
