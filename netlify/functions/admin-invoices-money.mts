/**
 * Money at a glance (docs/decisions/032-invoices.md):
 *
 *   GET /api/admin/money   outstanding, overdue (oldest first), invoiced and received this month
 *                          and last, quotes awaiting an answer, the 90-day acceptance share, and
 *                          invoiced against received for the last 12 months
 */
import type { Config } from "@netlify/functions";
import { invoiceEndpoints } from "../../src/features/invoices/contract/endpoints";
import { adminAction } from "../../src/features/admin-auth/http";
import { apiHandler } from "../../src/platform/http/endpoint";
import "../../src/features/business/http-facts";
import { moneySummary } from "../../src/features/invoices";

export default apiHandler("/api/admin/money", [
  adminAction(invoiceEndpoints.moneySummary, ({ ctx }) => moneySummary(ctx)),
]);

export const config: Config = { path: "/api/admin/money" };
