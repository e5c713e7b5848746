/**
 * The owner's appointment actions on one request (docs/decisions/018-appointments-stored.md):
 *
 *   GET  /api/admin/submissions/:id/appointment   the options asked for and the appointments
 *   POST /api/admin/submissions/:id/appointment   {"action":"confirm"|"propose","date","window","message"?}
 *                                                 {"action":"decline","reason"?}
 *                                                 {"action":"cancel","reason"?,"requestState"?}
 *
 * Confirming moves the request to scheduled and e-mails the customer an invitation; confirming the
 * time already confirmed (a second tab) changes nothing and sends nothing (`changed: false`).
 */
import type { Config } from "@netlify/functions";
import { appointmentActionSchema } from "../../src/lib/schemas/appointments-admin";
import { requireAdmin } from "../../src/server/http/admin-guard";
import { parseId, readJsonBody, segmentsAfter } from "../../src/server/http/admin-workflow";
import { methodNotAllowed, notFound } from "../../src/server/http/errors";
import { createHandler } from "../../src/server/http/handler";
import { json } from "../../src/server/http/response";
import { deliverNow, mailContext } from "../../src/server/mail/notify";
import { actOnAppointment, bookingAppointments } from "../../src/server/services/appointments";

const prefix = "/api/admin/submissions";

export default createHandler({
  route: `${prefix}/:id/appointment`,
  methods: ["GET", "POST"],
  handle: async (req, context) => {
    const [rawId, part, ...rest] = segmentsAfter(req, prefix);
    if (!rawId || part !== "appointment" || rest.length > 0) throw notFound();
    const method = req.method.toUpperCase();
    if (method !== "GET" && method !== "HEAD" && method !== "POST") throw methodNotAllowed(["GET", "POST"]);
    await requireAdmin(req);
    const id = parseId(rawId);
    if (method !== "POST") return json(await bookingAppointments(id));
    const input = await readJsonBody(req, appointmentActionSchema);
    const { mailIds, ...result } = await actOnAppointment(id, input, mailContext());
    await deliverNow(mailIds, context);
    return json(result);
  },
});

// A literal string: Netlify reads `path` without running the module.
export const config: Config = { path: "/api/admin/submissions/:id/appointment" };
