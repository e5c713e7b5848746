/**
 * POST /api/site/deploy-notification: Netlify's signed "deploy succeeded" and "deploy failed"
 * notifications mark the website's publish live or failed (docs/decisions/050-site-content.md).
 * Set it up in Netlify: Project configuration → Notifications → Deploy notifications → HTTP POST
 * request, for both events, with this URL and the JWS secret token in NETLIFY_DEPLOY_WEBHOOK_SECRET.
 */
import type { Config } from "@netlify/functions";
import { apiHandler } from "../../src/platform/http/endpoint";
import "../../src/features/business/http-facts";
import { deployNotificationAction } from "../../src/features/site-content/http-deploy";

export default apiHandler("/api/site/deploy-notification", [deployNotificationAction()]);

export const config: Config = { path: "/api/site/deploy-notification" };
