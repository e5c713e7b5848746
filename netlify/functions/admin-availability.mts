/**
 * The owner's availability settings and private calendar feed:
 *
 *   GET    /api/admin/availability                 working days, cap, notice, horizon (with the
 *                                                  config's defaults), blocked dates, feed on/off
 *   PUT    /api/admin/availability                 {"workingDays"?,"dailyCap"?,"minimumNoticeWorkingDays"?,"horizonWeeks"?}
 *   POST   /api/admin/availability/blocked         {"date","label"?}
 *   DELETE /api/admin/availability/blocked/:date
 *   POST   /api/admin/availability/calendar-feed   a new secret feed URL, shown once; the old one stops at once
 */
import type { Config } from "@netlify/functions";
import { isIsoDate } from "../../src/lib/appointments/dates";
import { availabilitySettingsSchema, blockedDateSchema } from "../../src/lib/schemas/appointments-admin";
import { requireAdmin } from "../../src/server/http/admin-guard";
import { readJsonBody, segmentsAfter } from "../../src/server/http/admin-workflow";
import { methodNotAllowed, notFound } from "../../src/server/http/errors";
import { createHandler } from "../../src/server/http/handler";
import { json } from "../../src/server/http/response";
import { mailContext } from "../../src/server/mail/notify";
import {
  availabilitySettings,
  blockDate,
  feedPath,
  replaceFeedSecret,
  saveAvailabilitySettings,
  unblockDate,
} from "../../src/server/services/appointments";

const prefix = "/api/admin/availability";

export default createHandler({
  route: prefix,
  methods: ["GET", "PUT", "POST", "DELETE"],
  handle: async (req) => {
    const [part, rawDate, ...rest] = segmentsAfter(req, prefix);
    const method = req.method.toUpperCase();
    const isGet = method === "GET" || method === "HEAD";
    if (rest.length > 0) throw notFound();
    if (part === undefined) {
      if (!isGet && method !== "PUT") throw methodNotAllowed(["GET", "PUT"]);
      await requireAdmin(req);
      if (isGet) return json(await availabilitySettings());
      const input = await readJsonBody(req, availabilitySettingsSchema);
      return json(await saveAvailabilitySettings(input));
    }
    if (part === "blocked" && rawDate === undefined) {
      if (method !== "POST") throw methodNotAllowed(["POST"]);
      await requireAdmin(req);
      const { date, label } = await readJsonBody(req, blockedDateSchema);
      await blockDate(date, label ?? null);
      return json(await availabilitySettings(), 201);
    }
    if (part === "blocked" && rawDate !== undefined) {
      if (method !== "DELETE") throw methodNotAllowed(["DELETE"]);
      await requireAdmin(req);
      if (!isIsoDate(rawDate)) throw notFound();
      await unblockDate(rawDate);
      return json(await availabilitySettings());
    }
    if (part === "calendar-feed" && rawDate === undefined) {
      if (method !== "POST") throw methodNotAllowed(["POST"]);
      await requireAdmin(req);
      const secret = await replaceFeedSecret();
      return json({ url: `${mailContext().siteUrl}${feedPath(secret)}` }, 201);
    }
    throw notFound();
  },
});

// Literal strings: Netlify reads `path` without running the module.
export const config: Config = {
  path: [
    "/api/admin/availability",
    "/api/admin/availability/blocked",
    "/api/admin/availability/blocked/:date",
    "/api/admin/availability/calendar-feed",
  ],
};
