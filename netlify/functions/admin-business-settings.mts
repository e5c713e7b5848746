/**
 * The owner's business details: trading identity and VAT registration
 * (docs/decisions/045-business-details.md).
 *
 *   GET   /api/admin/settings/business   { business, limits, audit }
 *   PATCH /api/admin/settings/business   change any field → the same
 */
import type { Config } from "@netlify/functions";
import { businessEndpoints } from "../../src/features/business/contract/endpoints";
import { adminAction } from "../../src/features/admin-auth/http";
import { apiHandler } from "../../src/platform/http/endpoint";
import "../../src/features/business/http-facts";
import * as business from "../../src/features/business";
import { publishedBusinessPart } from "../../src/features/site-content";
import type { ServiceContext } from "../../src/platform/context";

/** The details with what the website shows now (the site-content feature sits above business). */
const details = async (ctx: ServiceContext) =>
  business.getBusinessDetails(ctx, await publishedBusinessPart(ctx));

export default apiHandler("/api/admin/settings/business", [
  adminAction(businessEndpoints.getBusinessSettings, ({ ctx }) => details(ctx)),
  adminAction(businessEndpoints.updateBusinessSettings, async ({ body, ctx, session }) => {
    await business.updateBusinessSettings(body, ctx, { sessionId: session.id });
    return details(ctx);
  }),
]);

export const config: Config = { path: "/api/admin/settings/business" };
