/** PUT /api/admin/password: change the admin password (site-spec §5); other sessions are signed out. */
import type { Config } from "@netlify/functions";
import { adminPasswordChangeSchema } from "../../src/lib/schemas/admin";
import { requireAdmin } from "../../src/server/http/admin-guard";
import { readAdminJson } from "../../src/server/http/admin-request";
import { createHandler } from "../../src/server/http/handler";
import { clientKey } from "../../src/server/http/request";
import { json } from "../../src/server/http/response";
import { changePassword } from "../../src/server/services/admin-login";

export default createHandler({
  route: "/api/admin/password",
  methods: ["PUT"],
  handle: async (req, context) => {
    const session = await requireAdmin(req);
    const input = await readAdminJson(req, adminPasswordChangeSchema);
    await changePassword(session, clientKey(req, context), input);
    return json({ ok: true });
  },
});

export const config: Config = { path: "/api/admin/password" };
