/**
 * The schedule screens' calls and cache keys, on the one API client (src/lib/api/client.ts) with
 * the admin's "a 401 ends the session" rule. An action on a visit changes the request too, so both
 * the schedule and the request's entries are fetched again after one.
 */
import { callApi } from "../../../lib/api/client";
import * as r from "../../../lib/contracts/admin-routes";
import { signedIn } from "../../../admin/api";
import { requestChanged } from "../../../admin/query";
import { withWindows } from "../contract/endpoints";

/** Under ["schedule"], which src/admin/query.ts `requestChanged` invalidates. */
export const scheduleKeys = {
  all: ["schedule"] as const,
  range: (from: string, to: string) => ["schedule", from, to] as const,
};

export const scheduleQuery = (from: string, to: string) => ({
  queryKey: scheduleKeys.range(from, to),
  queryFn: async () => withWindows(await signedIn(callApi(r.scheduleRoute, { query: { from, to } }))),
});

/** The run sheet's day: each visit with the job, access notes and notes (`detail=sheet`). */
export const runSheetQuery = (date: string) => ({
  queryKey: [...scheduleKeys.range(date, date), "sheet"] as const,
  queryFn: async () =>
    withWindows(
      await signedIn(callApi(r.scheduleRoute, { query: { from: date, to: date, detail: "sheet" } })),
    ),
});

/**
 * After a visit was booked or moved from the schedule: the request's entries and every schedule
 * range (`requestChanged` fetches the schedule again too, as after an action in the request).
 */
export async function visitChanged(requestId: number): Promise<void> {
  await requestChanged(requestId);
}

export { mapLink, telLink } from "../../../admin/links";
