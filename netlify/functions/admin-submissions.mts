/**
 * The owner's inbox (docs/decisions/016-request-workflow.md):
 *   GET    /api/admin/submissions             a page: ?type=&state=&q=&from=&to=&archived=&sort=&cursor=&limit=
 *   POST   /api/admin/submissions             a job the owner adds by hand (201; Idempotency-Key optional)
 *   GET    /api/admin/submissions/export.csv  the same filters, every matching request, as CSV
 *   POST   /api/admin/submissions/bulk        one action on up to 200 requests
 *   GET    /api/admin/submissions/:id         one request, as in the list
 *   PATCH  /api/admin/submissions/:id         read flag, state (with a note), archive
 *   DELETE /api/admin/submissions/:id         the request, its history, notes and e-mails (409 with issued invoices)
 *   POST   /api/admin/submissions/:id/anonymise  the customer's details go; the request and its invoices stay
 *   POST   /api/admin/submissions/:id/text-link  a new private link and a one-line message to text (201)
 */
import type { Config } from "@netlify/functions";
import { requestEndpoints } from "../../src/features/requests/contract/endpoints";
import { adminAction, adminDownload, fileResponse } from "../../src/features/admin-auth/http";
import { apiHandler } from "../../src/platform/http/endpoint";
import "../../src/features/business/http-facts";
import { exportCsv, exportFileName } from "../../src/features/requests";
import * as requests from "../../src/features/requests";
import * as actions from "../../src/features/request-actions";
import { addOwnerJob } from "../../src/features/appointments";
import { appointmentEndpoints } from "../../src/features/appointments/contract/endpoints";
import { textLinkEndpoints } from "../../src/features/customer-page/contract/text-link";
import { makeTextLink } from "../../src/features/customer-page";
import { idempotencyKey } from "../../src/platform/http/request";

export default apiHandler("/api/admin/submissions", [
  adminAction(requestEndpoints.listRequests, ({ query, ctx }) => requests.listInbox(query, ctx)),
  adminAction(appointmentEndpoints.addJob, async ({ body, ctx, req }) => ({
    submission: (await addOwnerJob(body, idempotencyKey(req), ctx)).submission,
  })),
  adminDownload(requestEndpoints.exportRequests, async ({ query, ctx }) =>
    fileResponse(
      exportCsv(requests.toFilter(query), ctx.db),
      "text/csv; charset=utf-8",
      exportFileName(ctx.now),
    ),
  ),
  adminAction(requestEndpoints.bulkRequests, ({ body, ctx }) => actions.bulk(body, ctx)),
  adminAction(requestEndpoints.getRequest, async ({ id, ctx }) => ({
    submission: await requests.getRequest(id, ctx),
  })),
  adminAction(requestEndpoints.updateRequest, async ({ id, body, ctx }) => ({
    submission: await actions.updateRequest(id, body, ctx),
  })),
  adminAction(requestEndpoints.deleteRequest, ({ id, ctx }) => actions.deleteRequest(id, ctx)),
  adminAction(requestEndpoints.anonymiseRequest, async ({ id, ctx }) => ({
    submission: await actions.anonymiseRequest(id, ctx),
  })),
  adminAction(textLinkEndpoints.makeTextLink, async ({ id, body, ctx }) => ({
    link: await makeTextLink(id, body, ctx),
  })),
]);

export const config: Config = {
  path: [
    "/api/admin/submissions",
    "/api/admin/submissions/export.csv",
    "/api/admin/submissions/bulk",
    "/api/admin/submissions/:id",
    "/api/admin/submissions/:id/anonymise",
    "/api/admin/submissions/:id/text-link",
  ],
};
