/**
 * The schedule's part of `npm run bench:admin`: 2,000 visits (confirmed and offered, with owner's
 * notes and photos on some) spread over six weeks of the seeded requests, then
 * `GET /api/admin/schedule` for those six weeks timed straight into the function handler (session
 * check included). Goal on PostgreSQL: p95 under 50 ms (docs/decisions/039-schedule.md).
 */
import { sql } from "drizzle-orm";
import adminSchedule from "../../netlify/functions/admin-schedule.mts";
import type { Database } from "../../src/platform/db/client";

export const scheduleGoalMs = 50;
const from = "2027-03-01"; // a Monday; six weeks to Sunday 11 April
const to = "2027-04-11";
/** The week the week view shows, in the middle of the six (about 333 of the visits). */
export const benchWeek = { from: "2027-03-15", to: "2027-03-21" };
const days = 42;

export async function seedSchedule(db: Database, visits = 2000): Promise<void> {
  await db.execute(
    sql.raw(`
    with picked as (
      select id, row_number() over (order by id) as n
      from form_submissions where form_type = 'booking' order by id limit ${visits}
    )
    insert into appointments (submission_id, uid, sequence, date, "window", status, confirmed_at)
    select id, 'bench-' || id || '@schedule', 0,
      date '${from}' + ((n - 1) % ${days})::int,
      (array['morning','afternoon','any'])[1 + n % 3],
      case when n % 5 = 0 then 'proposed' else 'confirmed' end,
      case when n % 5 = 0 then null else now() end
    from picked`),
  );
  await db.execute(
    sql.raw(`
    insert into submission_notes (submission_id, body)
    select submission_id, 'Bring the long ladder; parking round the back.' from appointments
    where uid like 'bench-%' and id % 2 = 0`),
  );
  await db.execute(
    sql.raw(`
    insert into photos (id, submission_id, blob_key, thumb_key, bytes, width, height, content_hash, format, claimed_at)
    select 'benchphoto' || lpad(submission_id::text, 10, '0'), submission_id, 'k', 't', 1, 1, 1, 'h', 'jpeg', now()
    from appointments where uid like 'bench-%' and id % 5 = 1`),
  );
  await db.execute(sql`analyze`);
}

/**
 * Times of `runs` schedule answers for the six weeks, or for `range` (the week view's one week),
 * after three warm-up calls, in ms.
 */
export async function timeSchedule(
  token: string,
  runs: number,
  range: { from: string; to: string } = { from, to },
): Promise<{ samples: number[]; visits: number; bytes: number }> {
  const samples: number[] = [];
  let visits = 0;
  let size = 0;
  for (let i = 0; i < runs + 3; i++) {
    const started = performance.now();
    const res = await adminSchedule(
      new Request(`http://localhost/api/admin/schedule?from=${range.from}&to=${range.to}`, {
        headers: { cookie: `kh_admin=${token}`, "x-forwarded-for": "203.0.113.7" },
      }),
    );
    if (res.status !== 200) throw new Error(`schedule: ${res.status} ${await res.text()}`);
    // Read to the end, as the browser does; parsed after the clock stops, like the other timings.
    const bytes = await res.arrayBuffer();
    const ms = performance.now() - started;
    const body = JSON.parse(new TextDecoder().decode(bytes)) as { days: { appointments: unknown[] }[] };
    if (i >= 3) samples.push(ms);
    size = bytes.byteLength;
    visits = body.days.reduce((n, d) => n + d.appointments.length, 0);
  }
  return { samples, visits, bytes: size };
}
