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
import * as business from "../../src/features/business";

export default apiHandler("/api/admin/settings/business", [
  adminAction(businessEndpoints.getBusinessSettings, ({ ctx }) => business.getBusinessDetails(ctx)),
  adminAction(businessEndpoints.updateBusinessSettings, ({ body, ctx, session }) =>
    business.updateBusinessSettings(body, ctx, { sessionId: session.id }),
  ),
]);

export const config: Config = { path: "/api/admin/settings/business" };
