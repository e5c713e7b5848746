/**
 * Confirmed visits on given days, for the dashboard's "today and tomorrow" and the owner's digest.
 *
 * A request is `scheduled` exactly when it has a confirmed appointment, and the appointment holds
 * the date and arrival window. Appointments are the one source of those dates: this is where their
 * repository answers (a query on confirmed appointments joined to form_submissions). Until
 * appointments are stored there is no date to report, so no day has a scheduled visit.
 */
import type { ScheduledJob } from "../../lib/contracts/requests";
import { getDb, type Db } from "../db/client";

/** Confirmed visits on these London dates (YYYY-MM-DD), by date then window. */
export async function scheduledOn(dates: readonly string[], db: Db = getDb()): Promise<ScheduledJob[]> {
  void dates;
  void db;
  return [];
}
