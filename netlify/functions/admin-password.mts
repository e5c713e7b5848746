/** PUT /api/admin/password: change the admin password; every other session is signed out. */
import type { Config } from "@netlify/functions";
import { adminEndpoints } from "../../src/lib/contracts/admin";
import { adminAction } from "../../src/server/http/admin";
import { apiHandler } from "../../src/server/http/endpoint";
import { changePassword } from "../../src/server/services/admin-login";

export default apiHandler("/api/admin/password", [
  adminAction(adminEndpoints.changePassword, async ({ session, body, ctx }) => {
    await changePassword(session, body, ctx);
    return { ok: true } as const;
  }),
]);

export const config: Config = { path: "/api/admin/password" };
