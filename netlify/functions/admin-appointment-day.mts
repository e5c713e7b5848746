/**
 * On the day of a visit (docs/decisions/040-on-the-day.md); `:id` is the appointment's id:
 *
 *   POST /api/admin/appointments/:id/on-my-way     {"etaMinutes"}  the customer e-mailed the arrival
 *   POST /api/admin/appointments/:id/running-late  {"etaMinutes"}  a new arrival, after on my way
 *   POST /api/admin/appointments/:id/complete      {"note"?,"completedAt"?,"photos"?}  visit done
 *
 * 422 for an estimate outside 1 to 720 minutes or a completion time in the future; 409
 * `visit_not_confirmed`, `visit_not_today`, `not_on_the_way`, `visit_ahead` or `no_email`; 404 for
 * an unknown id.
 */
import type { Config } from "@netlify/functions";
import { appointmentEndpoints } from "../../src/features/appointments/contract/endpoints";
import { adminAction } from "../../src/features/admin-auth/http";
import { apiHandler } from "../../src/platform/http/endpoint";
import "../../src/features/business/http-facts";
import { completeVisit, onMyWay, runningLate } from "../../src/features/appointments";

export default apiHandler("/api/admin/appointments", [
  adminAction(appointmentEndpoints.onMyWay, ({ id, body, ctx }) => onMyWay(id, body, ctx)),
  adminAction(appointmentEndpoints.runningLate, ({ id, body, ctx }) => runningLate(id, body, ctx)),
  adminAction(appointmentEndpoints.completeVisit, ({ id, body, ctx }) => completeVisit(id, body, ctx)),
]);

// Literal strings: Netlify reads this config statically.
export const config: Config = {
  path: [
    "/api/admin/appointments/:id/on-my-way",
    "/api/admin/appointments/:id/running-late",
    "/api/admin/appointments/:id/complete",
  ],
};
