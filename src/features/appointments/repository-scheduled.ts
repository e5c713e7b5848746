/**
 * Confirmed visits on given days, for the dashboard's "today and tomorrow" and the owner's digest.
 *
 * A request is `scheduled` exactly when it has a confirmed appointment, and the appointment holds
 * the date and arrival window (./appointments.ts). This is a query on confirmed appointments joined
 * to form_submissions, in date and then window order (morning, any time, afternoon).
 */
import { and, asc, eq, inArray, sql } from "../../platform/db/orm";
import { requestReference } from "../requests/contract/reference";
import type { ScheduledJob } from "../requests/contract/endpoints";
import { getDb, type Db } from "../../platform/db/client";
import { appointments, requests } from "../tables";

/** Confirmed visits on these London dates (YYYY-MM-DD), by date then window. */
export async function scheduledOn(dates: readonly string[], db: Db = getDb()): Promise<ScheduledJob[]> {
  if (dates.length === 0) return [];
  const rows = await db
    .select({
      submissionId: appointments.submissionId,
      name: requests.name,
      formType: requests.formType,
      date: appointments.date,
      window: appointments.window,
    })
    .from(appointments)
    .innerJoin(requests, eq(requests.id, appointments.submissionId))
    .where(and(eq(appointments.status, "confirmed"), inArray(appointments.date, [...dates])))
    .orderBy(
      asc(appointments.date),
      sql`case ${appointments.window} when 'morning' then 0 when 'any' then 1 else 2 end`,
      asc(appointments.id),
    );
  return rows.map((r) => ({
    submissionId: r.submissionId,
    reference: requestReference({ id: r.submissionId, formType: r.formType as "booking" | "contact" }),
    name: r.name,
    date: r.date!,
    window: r.window!,
  }));
}
