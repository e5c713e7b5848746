/**
 * GET /api/health: 200 {"ok":true,"database":"up"} when the database answers a query, else 503
 * with the usual envelope. Used by the dev runner, the browser tests and uptime checks.
 */
import type { Config } from "@netlify/functions";
import { pingDatabase } from "../../src/server/db/client";
import { createHandler } from "../../src/server/http/handler";
import { json } from "../../src/server/http/response";

export default createHandler({
  route: "/api/health",
  methods: ["GET"],
  handle: async () => {
    await pingDatabase();
    return json({ ok: true, database: "up" });
  },
});

export const config: Config = { path: "/api/health" };
