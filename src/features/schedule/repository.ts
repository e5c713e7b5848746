/**
 * The schedule's one query: every live or completed appointment dated in a range, with what the
 * owner needs of its request (name, phone, address, service, the job, access notes, his notes, whether
 * photos came with it). One statement, whatever the number of visits: the notes and the photo
 * marker are correlated subqueries on their own indexes (`submission_notes_submission_idx`,
 * `photos_submission_idx`), and the appointments are found through `appointments_date_idx`
 * (date, status) when the range is a small part of the table.
 */
import { sql } from "../../platform/db/orm";
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

/**
 * Written as one SQL statement read as plain rows (the query builder's per-column mapping cost a
 * third of the answer's time for six weeks of visits). `date` is read as text, as the rest of the
 * code keeps dates.
 */
export async function scheduledVisits(from: IsoDate, to: IsoDate, db: Db = getDb()): Promise<ScheduleRow[]> {
  const statuses = sql.join(
    scheduledStatuses.map((s) => sql`${s}`),
    sql`, `,
  );
  const result = await db.execute(sql`
    select
      a.id, a.submission_id as "requestId", a.date::text as "date", a."window", a.status,
      a.message as "visitMessage", r.name, r.phone, r.email, r.address, r.service,
      r.message as "job", r.state as "requestState", b.access_notes as "accessNotes",
      coalesce(
        (select json_agg(n.body order by n.id) from ${requestNotes} n where n.submission_id = a.submission_id),
        '[]'::json
      ) as "notes",
      exists (select 1 from ${photos} p where p.submission_id = a.submission_id) as "hasPhotos"
    from ${appointments} a
    join ${requests} r on r.id = a.submission_id
    left join ${bookingDetails} b on b.submission_id = a.submission_id
    where a.date between ${from} and ${to} and a.status in (${statuses})
    order by a.date, case a."window" when 'morning' then 0 when 'any' then 1 else 2 end, a.id`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as ScheduleRow[];
  return rows.map((r) => ({
    ...r,
    notes: typeof r.notes === "string" ? (JSON.parse(r.notes) as string[]) : r.notes,
  }));
}
