/**
 * Person tools (UK GDPR access and erasure). The address travels in a POST body, never in a URL,
 * so it cannot end up in an access log.
 *
 *   POST /api/admin/person/search  {"email"} → what is held: requests, reviews, e-mails, total
 *   POST /api/admin/person/export  {"email"} → all of it as one JSON file (attachment)
 *   POST /api/admin/person/erase   {"email"} → {"erased":{"submissions","mail"}}
 *   GET  /api/admin/person/audit   → {"audit":[{action,actor,itemCount,createdAt}]}: each use of
 *                                    these tools and of retention, with counts only
 */
import type { Config } from "@netlify/functions";
import { londonParts } from "../../src/lib/london-time";
import { personEmailSchema } from "../../src/lib/schemas/requests";
import { requireAdmin } from "../../src/server/http/admin-guard";
import { attachment, readJsonBody, segmentsAfter } from "../../src/server/http/admin-workflow";
import { methodNotAllowed, notFound } from "../../src/server/http/errors";
import { createHandler } from "../../src/server/http/handler";
import { json } from "../../src/server/http/response";
import * as people from "../../src/server/services/person-tools";

const prefix = "/api/admin/person";

export default createHandler({
  route: `${prefix}/:action`,
  methods: ["GET", "POST", "PUT", "PATCH", "DELETE"],
  handle: async (req) => {
    const [action, ...rest] = segmentsAfter(req, prefix);
    const method = req.method.toUpperCase();
    if (rest.length > 0) throw notFound();
    if (action === "audit") {
      if (method !== "GET" && method !== "HEAD") throw methodNotAllowed(["GET"]);
      await requireAdmin(req);
      return json({ audit: await people.auditTrail() });
    }
    if (action !== "search" && action !== "export" && action !== "erase") throw notFound();
    if (method !== "POST") throw methodNotAllowed(["POST"]);
    await requireAdmin(req);
    const { email } = await readJsonBody(req, personEmailSchema);
    if (action === "search") return json(await people.findPerson(email));
    if (action === "erase") return json({ erased: await people.erasePerson(email) });
    const now = new Date();
    return attachment(
      JSON.stringify(await people.exportPerson(email, now), null, 2),
      "application/json; charset=utf-8",
      `personal-data-${londonParts(now).date}.json`,
    );
  },
});

export const config: Config = {
  path: [
    "/api/admin/person/search",
    "/api/admin/person/export",
    "/api/admin/person/erase",
    "/api/admin/person/audit",
  ],
};
