/**
 * The owner's customers (docs/decisions/038-customers.md):
 *
 *   GET   /api/admin/customers?q=&cursor=&limit=   a page, latest activity first; `q` finds a name,
 *                                                   a phone number (any spelling), an e-mail
 *                                                   address or a postcode
 *   GET   /api/admin/customers/:id                 the customer, their requests, visits, notes,
 *                                                   quotes and invoices
 *   PATCH /api/admin/customers/:id                 the owner's notes on the customer → { customer }
 *
 * 404 for an unknown id, 400 for a query that cannot be read.
 */
import type { Config } from "@netlify/functions";
import { customerEndpoints } from "../../src/features/customers/contract/endpoints";
import { adminAction } from "../../src/features/admin-auth/http";
import { apiHandler } from "../../src/platform/http/endpoint";
import "../../src/features/business/http-facts";
import * as customers from "../../src/features/customers";

export default apiHandler("/api/admin/customers", [
  adminAction(customerEndpoints.listCustomers, ({ query, ctx }) => customers.listCustomers(query, ctx)),
  adminAction(customerEndpoints.getCustomer, ({ id, ctx }) => customers.getCustomer(id, ctx)),
  adminAction(customerEndpoints.updateCustomer, async ({ id, body, ctx }) => ({
    customer: await customers.updateCustomer(id, body, ctx),
  })),
]);

// Literal strings: Netlify reads this config statically.
export const config: Config = {
  path: ["/api/admin/customers", "/api/admin/customers/:id"],
};
