/**
 * /api/admin/session: who is signed in (GET), sign in (POST), sign out (DELETE).
 * See src/server/services/admin-login.ts and docs/decisions/006-admin-security.md.
 */
import type { Config } from "@netlify/functions";
import { adminEndpoints } from "../../src/lib/contracts/admin";
import { adminAction, Reply, signInAction } from "../../src/server/http/admin";
import { clearedSessionCookie, sessionCookie } from "../../src/server/http/admin-guard";
import { apiHandler } from "../../src/server/http/endpoint";
import { endSession } from "../../src/server/services/admin-auth";
import { login, sessionInfo } from "../../src/server/services/admin-login";

export default apiHandler("/api/admin/session", [
  adminAction(adminEndpoints.session, async ({ session }) => sessionInfo(session)),
  signInAction(adminEndpoints.signIn, async ({ body, ctx, req }) => {
    const { token, session } = await login(body.password, ctx);
    return new Reply(sessionInfo(session), { "Set-Cookie": sessionCookie(req, token) });
  }),
  adminAction(adminEndpoints.signOut, async ({ session, req }) => {
    await endSession(session.id);
    return new Reply(undefined, { "Set-Cookie": clearedSessionCookie(req) });
  }),
]);

export const config: Config = { path: "/api/admin/session" };
