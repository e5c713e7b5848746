/**
 * The website's content as the owner edits it, and publishing it (docs/decisions/050-site-content.md).
 *
 *   GET    /api/admin/site                  every draft, changes since the last publish, publish state
 *   POST   /api/admin/site/services         a new service (slug made from the name)   → 201 { service }
 *   PATCH  /api/admin/site/services/:id     change, hide or move a service             → { service }
 *   POST   /api/admin/site/faqs|team|towns  the same for the FAQs { faq }, team { member }, towns { town }
 *   PATCH  /api/admin/site/faqs|team|towns/:id
 *   POST   /api/admin/site/publish          snapshot the drafts, start the rebuild   → 202 { publish }
 *   GET    /api/admin/site/publish          { state: idle | publishing | live | failed, liveAt, error }
 *   POST   /api/admin/site/restore          the previous published version, published again → 202
 * A second publish while one is under way answers 409 (two tabs: one deploy, the other is told).
 */
import type { Config } from "@netlify/functions";
import { siteContentEndpoints as e } from "../../src/features/site-content/contract/endpoints";
import { adminAction } from "../../src/features/admin-auth/http";
import { apiHandler } from "../../src/platform/http/endpoint";
import "../../src/features/business/http-facts";
import * as site from "../../src/features/site-content";
import * as publishing from "../../src/features/site-content";

export default apiHandler("/api/admin/site", [
  adminAction(e.getSite, ({ ctx }) => site.getSite(ctx)),
  adminAction(e.addSiteService, async ({ body, ctx }) => ({ service: await site.addService(body, ctx) })),
  adminAction(e.updateSiteService, async ({ id, body, ctx }) => ({
    service: await site.updateService(id, body, ctx),
  })),
  adminAction(e.addSiteFaq, async ({ body, ctx }) => ({ faq: await site.addFaq(body, ctx) })),
  adminAction(e.updateSiteFaq, async ({ id, body, ctx }) => ({ faq: await site.updateFaq(id, body, ctx) })),
  adminAction(e.addSiteTeamMember, async ({ body, ctx }) => ({
    member: await site.addTeamMember(body, ctx),
  })),
  adminAction(e.updateSiteTeamMember, async ({ id, body, ctx }) => ({
    member: await site.updateTeamMember(id, body, ctx),
  })),
  adminAction(e.addSiteTown, async ({ body, ctx }) => ({ town: await site.addTown(body, ctx) })),
  adminAction(e.updateSiteTown, async ({ id, body, ctx }) => ({
    town: await site.updateTown(id, body, ctx),
  })),
  adminAction(e.publishSite, ({ ctx }) => publishing.publishSite(ctx)),
  adminAction(e.publishStatus, ({ ctx }) => publishing.publishStatus(ctx)),
  adminAction(e.restoreSite, ({ ctx }) => publishing.restoreSite(ctx)),
]);

export const config: Config = {
  path: [
    "/api/admin/site",
    "/api/admin/site/publish",
    "/api/admin/site/restore",
    "/api/admin/site/services",
    "/api/admin/site/services/:id",
    "/api/admin/site/faqs",
    "/api/admin/site/faqs/:id",
    "/api/admin/site/team",
    "/api/admin/site/team/:id",
    "/api/admin/site/towns",
    "/api/admin/site/towns/:id",
  ],
};
