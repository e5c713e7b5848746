/**
 * The owner's availability settings and private calendar feed:
 *
 *   GET    /api/admin/availability                 working days, cap, notice, horizon (with the
 *                                                  config's defaults), blocked dates, feed on/off
 *   PUT    /api/admin/availability                 {"workingDays"?,"dailyCap"?,"minimumNoticeWorkingDays"?,"horizonWeeks"?}
 *   POST   /api/admin/availability/blocked         {"date","label"?}
 *   DELETE /api/admin/availability/blocked?date=YYYY-MM-DD
 *   POST   /api/admin/availability/holidays        {"date"} a bank holiday opened for work
 *   DELETE /api/admin/availability/holidays?date=YYYY-MM-DD  blocked again (the default)
 *   POST   /api/admin/availability/calendar-feed   a new secret feed URL, shown once; the old one stops at once
 */
import type { Config } from "@netlify/functions";
import { appointmentEndpoints as e } from "../../src/features/appointments/contract/endpoints";
import { adminAction } from "../../src/features/admin-auth/http";
import { apiHandler } from "../../src/platform/http/endpoint";
import "../../src/features/business/http-facts";
import {
  availabilitySettings,
  blockDate,
  replaceFeedUrl,
  saveAvailabilitySettings,
  setHolidayOpen,
  unblockDate,
} from "../../src/features/appointments";

export default apiHandler("/api/admin/availability", [
  adminAction(e.availabilitySettings, ({ ctx }) => availabilitySettings(ctx)),
  adminAction(e.saveAvailability, ({ body, ctx }) => saveAvailabilitySettings(body, ctx)),
  adminAction(e.blockDate, ({ body, ctx }) => blockDate(body.date, body.label ?? null, ctx)),
  adminAction(e.unblockDate, ({ query, ctx }) => unblockDate(query.date, ctx)),
  adminAction(e.openHoliday, ({ body, ctx }) => setHolidayOpen(body.date, true, ctx)),
  adminAction(e.closeHoliday, ({ query, ctx }) => setHolidayOpen(query.date, false, ctx)),
  adminAction(e.replaceCalendarFeed, ({ ctx }) => replaceFeedUrl(ctx)),
]);

// Literal strings: Netlify reads `path` without running the module.
export const config: Config = {
  path: [
    "/api/admin/availability",
    "/api/admin/availability/blocked",
    "/api/admin/availability/calendar-feed",
    "/api/admin/availability/holidays",
  ],
};
