/**
 * PUT /api/admin/password: change the admin password. Every session is signed out, this one too,
 * and this device gets a fresh session cookie with the answer.
 */
import type { Config } from "@netlify/functions";
import { adminEndpoints } from "../../src/lib/contracts/admin";
import { adminAction, Reply } from "../../src/server/http/admin";
import { sessionCookie } from "../../src/server/http/admin-guard";
import { apiHandler } from "../../src/server/http/endpoint";
import { changePassword } from "../../src/server/services/admin-login";

export default apiHandler("/api/admin/password", [
  adminAction(adminEndpoints.changePassword, async ({ body, ctx, req }) => {
    const { token } = await changePassword(body, ctx);
    return new Reply({ ok: true } as const, { "Set-Cookie": sessionCookie(req, token) });
  }),
]);

export const config: Config = { path: "/api/admin/password" };
