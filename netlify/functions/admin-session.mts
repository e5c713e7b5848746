/**
 * /api/admin/session: who is signed in (GET), sign in (POST), sign out (DELETE).
 * See src/features/admin-auth/service-login.ts and docs/decisions/006-admin-security.md.
 */
import type { Config } from "@netlify/functions";
import { adminAuthEndpoints } from "../../src/features/admin-auth/contract/endpoints";
import { adminAction, Reply, signInAction } from "../../src/features/admin-auth/http";
import { clearedSessionCookie, sessionCookie, sessionToken } from "../../src/features/admin-auth/http-guard";
import { apiHandler } from "../../src/platform/http/endpoint";
import "../../src/features/business/http-facts";
import { endSession } from "../../src/features/admin-auth";
import { login, sessionInfo } from "../../src/features/admin-auth";

export default apiHandler("/api/admin/session", [
  adminAction(adminAuthEndpoints.session, async ({ session }) => sessionInfo(session)),
  signInAction(adminAuthEndpoints.signIn, async ({ body, ctx, req }) => {
    // A device that signs in again gets a fresh token; the one it held is ended.
    const { token, session } = await login(body.password, ctx, sessionToken(req));
    return new Reply(sessionInfo(session), { "Set-Cookie": sessionCookie(req, token) });
  }),
  adminAction(adminAuthEndpoints.signOut, async ({ session, req }) => {
    await endSession(session.id);
    return new Reply(undefined, { "Set-Cookie": clearedSessionCookie(req) });
  }),
]);

export const config: Config = { path: "/api/admin/session" };
