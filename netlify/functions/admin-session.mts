/**
 * /api/admin/session: sign in (POST), who is signed in (GET), sign out (DELETE).
 * See src/server/services/admin-login.ts and docs/decisions/006-admin-security.md.
 */
import type { Config } from "@netlify/functions";
import { adminLoginSchema } from "../../src/lib/schemas/admin";
import {
  assertSameOrigin,
  clearedSessionCookie,
  requireAdmin,
  sessionCookie,
} from "../../src/server/http/admin-guard";
import { readAdminJson } from "../../src/server/http/admin-request";
import { createHandler } from "../../src/server/http/handler";
import { clientKey } from "../../src/server/http/request";
import { json } from "../../src/server/http/response";
import { endSession } from "../../src/server/services/admin-auth";
import { login, sessionInfo } from "../../src/server/services/admin-login";

export default createHandler({
  route: "/api/admin/session",
  methods: ["GET", "POST", "DELETE"],
  handle: async (req, context) => {
    const method = req.method.toUpperCase();
    if (method === "POST") {
      assertSameOrigin(req);
      const { password } = await readAdminJson(req, adminLoginSchema);
      const { token, session } = await login(password, clientKey(req, context));
      return json(sessionInfo(session), 200, { "Set-Cookie": sessionCookie(req, token) });
    }
    const session = await requireAdmin(req);
    if (method === "DELETE") {
      await endSession(session.id);
      return new Response(null, {
        status: 204,
        headers: { "Cache-Control": "no-store", "Set-Cookie": clearedSessionCookie(req) },
      });
    }
    return json(sessionInfo(session));
  },
});

export const config: Config = { path: "/api/admin/session" };
