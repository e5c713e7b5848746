/**
 * Person tools (UK GDPR access and erasure). The address travels in a POST body, never in a URL,
 * so it cannot end up in an access log.
 *   POST /api/admin/person/search  {"email"} → what is held: requests, reviews, e-mails, total
 *   POST /api/admin/person/export  {"email"} → all of it as one JSON file (attachment)
 *   POST /api/admin/person/erase   {"email"} → {"erased":{"submissions","mail"}}
 *   GET  /api/admin/person/audit   each use of these tools and of retention, counts only
 */
import type { Config } from "@netlify/functions";
import { wallClock } from "../../src/platform/time";
import { requestEndpoints } from "../../src/features/requests/contract/endpoints";
import { adminAction, adminDownload, fileResponse } from "../../src/features/admin-auth/http";
import { apiHandler } from "../../src/platform/http/endpoint";
import "../../src/features/business/http-facts";
import * as people from "../../src/features/person-tools";

export default apiHandler("/api/admin/person", [
  adminAction(requestEndpoints.findPerson, ({ body, ctx }) => people.findPerson(body.email, ctx)),
  adminDownload(requestEndpoints.exportPerson, async ({ body, ctx }) =>
    fileResponse(
      JSON.stringify(await people.exportPerson(body.email, ctx), null, 2),
      "application/json; charset=utf-8",
      `personal-data-${wallClock(ctx.now).date}.json`,
    ),
  ),
  adminAction(requestEndpoints.erasePerson, async ({ body, ctx }) => ({
    erased: await people.erasePerson(body.email, ctx),
  })),
  adminAction(requestEndpoints.listAudit, async ({ ctx }) => ({ audit: await people.auditTrail(ctx) })),
]);

export const config: Config = {
  path: [
    "/api/admin/person/search",
    "/api/admin/person/export",
    "/api/admin/person/erase",
    "/api/admin/person/audit",
  ],
};
