/**
 * GET /api/health: 200 {"ok":true,"database":"up"} when the database answers a query, else 503
 * with the usual envelope. Used by the dev runner, the browser tests and uptime checks.
 */
import type { Config } from "@netlify/functions";
import { publicEndpoints } from "../../src/lib/contracts/public";
import { apiHandler } from "../../src/server/http/endpoint";
import { publicRead } from "../../src/server/http/public";
import { checkDatabase } from "../../src/server/services/public-content";

export default apiHandler("/api/health", [
  publicRead(publicEndpoints.health, {
    load: async (ctx) => {
      await checkDatabase(ctx);
      return { ok: true, database: "up" } as const;
    },
  }),
]);

export const config: Config = { path: "/api/health" };
