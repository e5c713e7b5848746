/**
 * GET /api/health: 200 {"ok":true,"database":"up"} when the database answers a query, else 503
 * with the usual envelope. Used by the dev runner, the browser tests and uptime checks.
 *
 * Cheap under a flood: Netlify's CDN keeps a healthy answer for 5 seconds (browsers and monitors
 * still get `no-store`), and each instance reuses its last check for a few seconds
 * (src/features/reviews/service-public.ts), so no request holds a pooler connection of its own.
 */
import type { Config } from "@netlify/functions";
import { healthEndpoints } from "../../src/lib/contracts/health";
import { apiHandler } from "../../src/platform/http/endpoint";
import "../../src/features/business/http-facts";
import { publicRead } from "../../src/platform/http/public";
import { checkDatabase } from "../../src/features/reviews";

export default apiHandler("/api/health", [
  publicRead(healthEndpoints.health, {
    load: async (ctx) => {
      await checkDatabase(ctx);
      return { ok: true, database: "up" } as const;
    },
    headers: { "Netlify-CDN-Cache-Control": "public, max-age=5" },
  }),
]);

export const config: Config = { path: "/api/health" };
