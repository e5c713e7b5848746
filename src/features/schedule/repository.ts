/**
 * The schedule's one query: every live or completed appointment dated in a range, with what the
 * owner needs of its request (name, phone, address, service, whether photos came with it, the
 * accepted quote's cancellation facts; for the run sheet also the job, access notes and his notes).
 * One statement, whatever the number of visits: the notes and the photo marker are correlated
 * subqueries on their own indexes (`submission_notes_submission_idx`, `photos_submission_idx`), the
 * accepted quote a lateral join through `quotes_submission_version_unique`, and the appointments
 * are found through `appointments_date_idx` (date, status) when the range is a small part of the
 * table. The order (date, window, id) is put in JavaScript: sorting in the statement on the
 * window's rank cost PostgreSQL more than the whole sort costs here
 * (docs/decisions/063-schedule-at-a-busy-years-size.md).
 */
import { sql } from "../../platform/db/orm";
import type { IsoDate } from "../../platform/time";
import type { AppointmentStatus } from "../appointments/contract/status";
import type { WindowId } from "../appointments/contract/windows";
import { getDb, type Db } from "../../platform/db/client";
import { appointments, bookingDetails, photos, quotes, requestNotes, requests } from "../tables";
import type { AcceptanceFacts } from "../appointments/contract/cancellation-period";

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
  name: string;
  phone: string | null;
  /** Whether the request has an e-mail address (the screens only say whether the customer is e-mailed). */
  hasEmail: boolean;
  address: string | null;
  service: string | null;
  hasPhotos: boolean;
  /** The newest accepted quote's acceptance (what its cancellation period depends on), or null. */
  acceptance: AcceptanceFacts | null;
}

/** What the run sheet adds at each door: the job, access notes, the owner's words and notes. */
export interface SheetRow {
  visitMessage: string | null;
  job: string;
  accessNotes: string | null;
  notes: string[];
}

/**
 * Written as one SQL statement read as plain rows (the query builder's per-column mapping cost a
 * third of the answer's time for six weeks of visits). `date` is read as text, as the rest of the
 * code keeps dates. The run sheet's texts (`sheet`) are read only when asked for: the week's
 * screens never draw them, and they were most of the answer's bytes.
 */
export async function scheduledVisits(
  from: IsoDate,
  to: IsoDate,
  db: Db = getDb(),
  options: { sheet?: boolean } = {},
): Promise<(ScheduleRow & Partial<SheetRow>)[]> {
  const statuses = sql.join(
    scheduledStatuses.map((s) => sql`${s}`),
    sql`, `,
  );
  const sheet = options.sheet
    ? sql`, a.message as "visitMessage", r.message as "job", b.access_notes as "accessNotes",
      coalesce(
        (select json_agg(n.body order by n.id) from ${requestNotes} n where n.submission_id = a.submission_id),
        '[]'::json
      ) as "notes"`
    : sql``;
  // The accepted quote, newest version first, through quotes_submission_version_unique.
  const result = await db.execute(sql`
    select
      a.id, a.submission_id as "requestId", a.date::text as "date", a."window", a.status,
      r.name, r.phone, coalesce(r.email, '') <> '' as "hasEmail", r.address, r.service,
      exists (select 1 from ${photos} p where p.submission_id = a.submission_id) as "hasPhotos",
      qa.acceptance
      ${sheet}
    from ${appointments} a
    join ${requests} r on r.id = a.submission_id
    left join lateral (
      select jsonb_build_object(
          'at', q.acceptance->'at', 'expressStart', q.acceptance->'expressStart',
          'urgentRepair', q.acceptance->'urgentRepair', 'cancelUntil', q.acceptance->'cancelUntil') as acceptance
      from ${quotes} q where q.submission_id = a.submission_id and q.status = 'accepted'
      order by q.version desc limit 1
    ) qa on true
    ${options.sheet ? sql`left join ${bookingDetails} b on b.submission_id = a.submission_id` : sql``}
    where a.date between ${from} and ${to} and a.status in (${statuses})`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as (ScheduleRow &
    Partial<SheetRow>)[];
  for (const r of rows) {
    r.acceptance = json(r.acceptance) ?? null;
    if (options.sheet) r.notes = json(r.notes) ?? [];
  }
  return rows.sort(visitOrder);
}

/** A JSON column as the driver gives it: parsed already (node-postgres) or as text. */
const json = <T>(v: T | string | null | undefined): T | null | undefined =>
  typeof v === "string" ? (JSON.parse(v) as T) : v;

const windowRank: Record<WindowId, number> = { morning: 0, any: 1, afternoon: 2 };

/** Date, then window (morning, any time, afternoon), then the appointment's id. */
function visitOrder(a: ScheduleRow, b: ScheduleRow): number {
  if (a.date !== b.date) return a.date < b.date ? -1 : 1;
  return windowRank[a.window] - windowRank[b.window] || a.id - b.id;
}
