/**
 * GET /api/availability?from=YYYY-MM-DD&to=YYYY-MM-DD (both optional): the dates a customer may
 * book, each with its arrival windows, between `from` and `to` within the bookable span.
 *
 *   200 {"today","earliest","latest","dates":[{"date","label","windows":[{"window","start","end","label"}]}]}
 *   400 for a malformed date or from after to.
 *
 * Cached briefly at the CDN (the answer changes when a job is confirmed or a date blocked, and the
 * server re-checks every option on submit anyway).
 */
import type { Config } from "@netlify/functions";
import { createHandler } from "../../src/server/http/handler";
import { json } from "../../src/server/http/response";
import { availability } from "../../src/server/services/appointments";

export const availabilityCacheControl = "public, max-age=60, s-maxage=300, stale-while-revalidate=600";

export default createHandler({
  route: "/api/availability",
  methods: ["GET"],
  handle: async (req) => {
    const params = new URL(req.url).searchParams;
    const answer = await availability({ from: params.get("from"), to: params.get("to") });
    return json(answer, 200, { "Cache-Control": availabilityCacheControl });
  },
});

export const config: Config = { path: "/api/availability" };
