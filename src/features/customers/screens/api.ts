/**
 * The admin app's calls to the customer endpoints (docs/decisions/038-customers.md), on the one API
 * client (src/lib/api/client.ts), with the same "a 401 ends the session" rule as ./api.ts.
 */
import { callApi } from "../../../lib/api/client";
import * as r from "../../../lib/contracts/admin-routes";
import { signedIn } from "../../../admin/api";

export type { AdminCustomer, CustomerDetail, CustomerSummary } from "../contract/endpoints";

export const customersApi = {
  /** A page of customers, latest activity first; `q` searches name, phone, e-mail and postcode. */
  list: (q: string, cursor: string | null) =>
    signedIn(
      callApi(r.listCustomersRoute, {
        query: { ...(q ? { q } : {}), ...(cursor ? { cursor } : {}) },
      }),
    ),
  /** The customer of one request, or null (spam, or a request from before customers). */
  ofRequest: async (requestId: number) =>
    (await signedIn(callApi(r.listCustomersRoute, { query: { request: String(requestId) } }))).customers[0] ??
    null,
  get: (id: number) => signedIn(callApi(r.getCustomerRoute, { id })),
  saveNotes: async (id: number, notes: string) =>
    (await signedIn(callApi(r.updateCustomerRoute, { id, body: { notes } }))).customer,
};
