/**
 * /api/admin/testimonials: list all (GET); /api/admin/testimonials/:id: approve or unapprove
 * (PATCH `{"approved": true|false}`) and delete (DELETE). Site-spec §2 Admin testimonials, §4.
 */
import type { Config } from "@netlify/functions";
import { testimonialApprovalSchema } from "../../src/lib/schemas/admin";
import { requireAdmin } from "../../src/server/http/admin-guard";
import { parseId, rawPathId, readAdminJson } from "../../src/server/http/admin-request";
import { methodNotAllowed } from "../../src/server/http/errors";
import { createHandler } from "../../src/server/http/handler";
import { json } from "../../src/server/http/response";
import * as content from "../../src/server/services/admin-content";

export default createHandler({
  route: "/api/admin/testimonials",
  // Every method reaches `handle`, which answers 405 with the Allow of the path (collection or item).
  methods: ["GET", "POST", "PUT", "PATCH", "DELETE"],
  handle: async (req, context) => {
    const rawId = rawPathId(req, context);
    const method = req.method.toUpperCase();
    if (rawId === undefined) {
      if (method !== "GET" && method !== "HEAD") throw methodNotAllowed(["GET"]);
      await requireAdmin(req);
      return json({ testimonials: await content.listTestimonials() });
    }
    if (method !== "PATCH" && method !== "DELETE") throw methodNotAllowed(["PATCH", "DELETE"]);
    await requireAdmin(req);
    const id = parseId(rawId);
    if (method === "DELETE") {
      await content.deleteTestimonial(id);
      return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
    }
    const { approved } = await readAdminJson(req, testimonialApprovalSchema);
    return json({ testimonial: await content.setTestimonialApproved(id, approved) });
  },
});

export const config: Config = { path: ["/api/admin/testimonials", "/api/admin/testimonials/:id"] };
