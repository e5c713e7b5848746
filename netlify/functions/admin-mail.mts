/**
 * /api/admin/mail: e-mails the site gave up on (GET), and /api/admin/mail/retry: queue them again
 * and try at once (POST `{"ids"?: number[]}`; without ids, every failed message). Issue 6.
 */
import type { Config } from "@netlify/functions";
import { mailRetrySchema } from "../../src/lib/schemas/admin";
import { requireAdmin } from "../../src/server/http/admin-guard";
import { readAdminJson } from "../../src/server/http/admin-request";
import { methodNotAllowed } from "../../src/server/http/errors";
import { createHandler } from "../../src/server/http/handler";
import { json } from "../../src/server/http/response";
import * as content from "../../src/server/services/admin-content";

export default createHandler({
  route: "/api/admin/mail",
  methods: ["GET", "POST", "PUT", "PATCH", "DELETE"],
  handle: async (req) => {
    const isRetry = new URL(req.url).pathname.replace(/\/+$/, "").endsWith("/retry");
    const method = req.method.toUpperCase();
    if (!isRetry) {
      if (method !== "GET" && method !== "HEAD") throw methodNotAllowed(["GET"]);
      await requireAdmin(req);
      return json({ failed: await content.listFailedDeliveries() });
    }
    if (method !== "POST") throw methodNotAllowed(["POST"]);
    await requireAdmin(req);
    const { ids } = await readAdminJson(req, mailRetrySchema);
    return json(await content.retryFailedDeliveries(ids));
  },
});

export const config: Config = { path: ["/api/admin/mail", "/api/admin/mail/retry"] };
