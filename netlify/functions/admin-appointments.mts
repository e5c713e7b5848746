/**
 * The owner's appointment actions on one booking (docs/decisions/018-appointments-stored.md); `:id`
 * is the request's id:
 *
 *   GET  /api/admin/appointments/:id   the options asked for and the appointments
 *   POST /api/admin/appointments/:id   {"action":"confirm"|"propose","date","window","message"?}
 *                                      {"action":"decline","reason"?}
 *                                      {"action":"cancel","reason"?,"requestState"?}
 *
 * Confirming moves the request to scheduled and e-mails the customer an invitation; confirming the
 * time already confirmed (a second tab) changes nothing and sends nothing (`changed: false`).
 */
import type { Config } from "@netlify/functions";
import { appointmentEndpoints } from "../../src/features/appointments/contract/endpoints";
import { adminAction } from "../../src/features/admin-auth/http";
import { apiHandler } from "../../src/platform/http/endpoint";
import "../../src/features/business/http-facts";
import { actOnAppointment, bookingAppointments } from "../../src/features/appointments";

export default apiHandler("/api/admin/appointments", [
  adminAction(appointmentEndpoints.bookingAppointments, ({ id, ctx }) => bookingAppointments(id, ctx)),
  adminAction(appointmentEndpoints.actOnAppointment, async ({ id, body, ctx }) => {
    const { mailIds: _sent, ...result } = await actOnAppointment(id, body, ctx);
    return result;
  }),
]);

export const config: Config = { path: "/api/admin/appointments/:id" };
