/**
 * A request's invoices (docs/decisions/032-invoices.md); `:id` is the request's id:
 *
 *   GET /api/admin/submissions/:id/invoices   its invoices and credit notes, and what its accepted
 *                                             quote still allows (full, deposit, balance)
 */
import type { Config } from "@netlify/functions";
import { invoiceEndpoints } from "../../src/features/invoices/contract/endpoints";
import { adminAction } from "../../src/features/admin-auth/http";
import { apiHandler } from "../../src/platform/http/endpoint";
import "../../src/features/business/http-facts";
import * as invoices from "../../src/features/invoices";

export default apiHandler("/api/admin/submissions", [
  adminAction(invoiceEndpoints.requestInvoices, ({ id, ctx }) => invoices.requestInvoices(id, ctx)),
]);

export const config: Config = { path: "/api/admin/submissions/:id/invoices" };
