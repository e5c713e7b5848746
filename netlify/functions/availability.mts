/**
 * GET /api/availability?from=YYYY-MM-DD&to=YYYY-MM-DD (both optional): the dates a customer may
 * book, each with its arrival windows, within the bookable span (src/features/appointments/contract/endpoints.ts).
 * Cached briefly at the CDN: the answer changes when a job is confirmed or a date blocked, and the
 * server re-checks every option on submit anyway.
 */
import type { Config } from "@netlify/functions";
import { appointmentEndpoints } from "../../src/features/appointments/contract/endpoints";
import { apiHandler } from "../../src/platform/http/endpoint";
import "../../src/features/business/http-facts";
import { publicRead } from "../../src/platform/http/public";
import { availability } from "../../src/features/appointments";

export const availabilityCacheControl = "public, max-age=60, s-maxage=300, stale-while-revalidate=600";

export default apiHandler("/api/availability", [
  publicRead(appointmentEndpoints.availability, {
    load: (ctx, { query }) => availability(query, ctx),
    headers: { "Cache-Control": availabilityCacheControl },
  }),
]);

export const config: Config = { path: "/api/availability" };
