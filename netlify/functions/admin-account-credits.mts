/**
 * Money paid above invoices' balances (docs/decisions/060-money-corrections.md):
 *
 *   GET  /api/admin/account-credits              refunds still owed and money on account (`?all=1`: every one)
 *   POST /api/admin/account-credits/:id/refund   a refund owed recorded as paid back (day, method, reference)
 */
import type { Config } from "@netlify/functions";
import { invoiceEndpoints } from "../../src/features/invoices/contract/endpoints";
import { adminAction } from "../../src/features/admin-auth/http";
import { apiHandler } from "../../src/platform/http/endpoint";
import "../../src/features/business/http-facts";
import { listAccountCredits, recordRefundPaid } from "../../src/features/invoices";

export default apiHandler("/api/admin/account-credits", [
  adminAction(invoiceEndpoints.listAccountCredits, ({ query, ctx }) => listAccountCredits(query, ctx)),
  adminAction(invoiceEndpoints.recordRefundPaid, ({ id, body, ctx }) => recordRefundPaid(id, body, ctx)),
]);

export const config: Config = {
  path: ["/api/admin/account-credits", "/api/admin/account-credits/:id/refund"],
};
