/**
 * Removing a payment recorded by mistake (docs/decisions/032-invoices.md): the payment is marked
 * removed (who, when) and kept in the trail; the invoice's balance and status follow.
 *
 *   DELETE /api/admin/invoices/:id/payments/:paymentId   → { invoice }
 *
 * Its own function because its path has two ids; both must be positive integers (404 otherwise).
 */
import type { Config } from "@netlify/functions";
import { invoiceEndpoints } from "../../src/features/invoices/contract/endpoints";
import { adminAction, parseId } from "../../src/features/admin-auth/http";
import { apiHandler } from "../../src/platform/http/endpoint";
import "../../src/features/business/http-facts";
import { notFound } from "../../src/platform/http/errors";
import * as invoices from "../../src/features/invoices";

/** The two ids of `/api/admin/invoices/<id>/payments/<paymentId>`, or 404. */
function ids(req: Request): { id: number; paymentId: number } {
  const m = /^\/api\/admin\/invoices\/([^/]+)\/payments\/([^/]+)\/?$/.exec(new URL(req.url).pathname);
  if (!m) throw notFound();
  return { id: parseId(m[1]!), paymentId: parseId(m[2]!) };
}

export default apiHandler("/api/admin/invoices", [
  adminAction(invoiceEndpoints.removePayment, async ({ req, ctx }) => {
    const { id, paymentId } = ids(req);
    return { invoice: await invoices.removePayment(id, paymentId, ctx) };
  }),
]);

export const config: Config = { path: "/api/admin/invoices/:id/payments/:paymentId" };
