/**
 * The schedule's one query: every live or completed appointment dated in a range, with what the
 * owner needs of its request (name, phone, address, service, the job, access notes, his notes, whether
 * photos came with it). One statement, whatever the number of visits: the notes and the photo
 * marker are correlated subqueries on their own indexes, and the appointments are found through
 * `appointments_date_idx` (date, status).
 */
import { and, asc, between, eq, inArray, sql } from "../../platform/db/orm";
import type { IsoDate } from "../../platform/time";
import type { AppointmentStatus } from "../appointments/contract/status";
import type { WindowId } from "../appointments/contract/windows";
import type { RequestState } from "../requests/contract/states";
import { getDb, type Db } from "../../platform/db/client";
import { appointments, bookingDetails, photos, requestNotes, requests } from "../tables";

/** The statuses the schedule shows; `completed` (visit done) still took its day. */
export const scheduledStatuses = [
  "proposed",
  "confirmed",
  "completed",
] as const satisfies AppointmentStatus[];

export interface ScheduleRow {
  id: number;
  requestId: number;
  date: IsoDate;
  window: WindowId;
  status: AppointmentStatus;
  visitMessage: string | null;
  name: string;
  phone: string | null;
  email: string | null;
  address: string | null;
  service: string | null;
  job: string;
  requestState: RequestState;
  accessNotes: string | null;
  notes: string[];
  hasPhotos: boolean;
}

export async function scheduledVisits(from: IsoDate, to: IsoDate, db: Db = getDb()): Promise<ScheduleRow[]> {
  const rows = await db
    .select({
      id: appointments.id,
      requestId: appointments.submissionId,
      date: appointments.date,
      window: appointments.window,
      status: appointments.status,
      visitMessage: appointments.message,
      name: requests.name,
      phone: requests.phone,
      email: requests.email,
      address: requests.address,
      service: requests.service,
      job: requests.message,
      requestState: requests.state,
      accessNotes: bookingDetails.accessNotes,
      notes: sql<
        string[]
      >`coalesce((select json_agg(${requestNotes.body} order by ${requestNotes.id}) from ${requestNotes} where ${requestNotes.submissionId} = ${appointments.submissionId}), '[]'::json)`,
      hasPhotos: sql<boolean>`exists (select 1 from ${photos} where ${photos.submissionId} = ${appointments.submissionId})`,
    })
    .from(appointments)
    .innerJoin(requests, eq(requests.id, appointments.submissionId))
    .leftJoin(bookingDetails, eq(bookingDetails.submissionId, appointments.submissionId))
    .where(and(between(appointments.date, from, to), inArray(appointments.status, [...scheduledStatuses])))
    .orderBy(
      asc(appointments.date),
      sql`case ${appointments.window} when 'morning' then 0 when 'any' then 1 else 2 end`,
      asc(appointments.id),
    );
  return rows.map((r) => ({
    ...r,
    date: r.date!,
    window: r.window as WindowId,
    status: r.status as AppointmentStatus,
    requestState: r.requestState as RequestState,
    notes: typeof r.notes === "string" ? (JSON.parse(r.notes) as string[]) : r.notes,
    hasPhotos: r.hasPhotos === true || (r.hasPhotos as unknown) === "t",
  }));
}
