/**
 * GET /api/calendar/<secret>.ics: the owner's private calendar feed (confirmed jobs from 30 days
 * back to 90 ahead), for a phone's calendar to subscribe to. The secret (256 bits) is stored only
 * as its SHA-256; any other secret, including a replaced one, gets 404. Each job carries the
 * customer's name, the service, the area (town and postcode district), the reference and the admin
 * link, nothing more (docs/decisions/027-security-review-fixes.md).
 */
import type { Config } from "@netlify/functions";
import { appointmentEndpoints } from "../../src/features/appointments/contract/endpoints";
import { apiHandler } from "../../src/platform/http/endpoint";
import "../../src/features/business/http-facts";
import { notFound } from "../../src/platform/http/errors";
import { publicFile } from "../../src/platform/http/public";
import { apiSecurityHeaders } from "../../src/platform/http/response";
import { calendarFeed } from "../../src/features/appointments";

const prefix = "/api/calendar/";

export default apiHandler("/api/calendar", [
  publicFile(appointmentEndpoints.calendarFeed, async ({ req, ctx }) => {
    const path = new URL(req.url).pathname;
    const file = path.startsWith(prefix) ? path.slice(prefix.length) : "";
    if (!file.endsWith(".ics")) throw notFound();
    const body = await calendarFeed(file.slice(0, -".ics".length), ctx);
    if (body === null) throw notFound();
    return new Response(body, {
      status: 200,
      headers: {
        "Content-Type": "text/calendar; charset=utf-8",
        "Cache-Control": "private, no-store",
        "Content-Disposition": 'inline; filename="jobs.ics"',
        "X-Robots-Tag": "noindex",
        "Referrer-Policy": "no-referrer",
        // The security headers every function answer carries: nothing sniffed, loaded or framed.
        ...apiSecurityHeaders,
      },
    });
  }),
]);

export const config: Config = { path: "/api/calendar/:secret" };
