/**
 * PUT /api/admin/password: change the admin password. Every session is signed out, this one too,
 * and this device gets a fresh session cookie with the answer.
 */
import type { Config } from "@netlify/functions";
import { adminAuthEndpoints } from "../../src/features/admin-auth/contract/endpoints";
import { adminAction, Reply } from "../../src/features/admin-auth/http";
import { sessionCookie } from "../../src/features/admin-auth/http-guard";
import { apiHandler } from "../../src/platform/http/endpoint";
import "../../src/features/business/http-facts";
import { changePassword } from "../../src/features/admin-auth";

export default apiHandler("/api/admin/password", [
  adminAction(adminAuthEndpoints.changePassword, async ({ body, ctx, req }) => {
    const { token } = await changePassword(body, ctx);
    return new Reply({ ok: true } as const, { "Set-Cookie": sessionCookie(req, token) });
  }),
]);

export const config: Config = { path: "/api/admin/password" };
