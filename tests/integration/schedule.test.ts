/**
 * The owner's schedule (docs/decisions/039-schedule.md): every day of a range with whether it is
 * blocked and why (a day not worked, the owner's day off, a bank holiday not opened), the cap and its
 * count, the confirmed visits and the proposals awaiting an answer; the 400s; weeks across both
 * clock changes; and moving a confirmed visit (confirm again with another date: same UID,
 * SEQUENCE + 1, the customer's e-mail with the new time, the move in the history by the owner).
 */
import { eq } from "drizzle-orm";
import ICAL from "ical.js";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import adminAppointments from "../../netlify/functions/admin-appointments.mts";
import adminAvailability from "../../netlify/functions/admin-availability.mts";
import adminSchedule from "../../netlify/functions/admin-schedule.mts";
import calendarFeedFn from "../../netlify/functions/calendar-feed.mts";
import {
  appointments,
  blockedDates,
  bookingDetails,
  bookingSettings,
  holidayOpenings,
  mailOutbox,
  photos,
  requestHistory,
  requestNotes,
  requests,
} from "../../src/features/tables";
import { appointmentUid } from "../../src/features/appointments/ics";
import { mondayOf, stepDate, viewRange } from "../../src/features/schedule/contract/range";
import { withWindows } from "../../src/features/schedule/contract/endpoints";
import { addDays, weekdayOf, zoneOffsetMinutes, type IsoDate } from "../../src/platform/time";
import { adminClient } from "../helpers/admin";
import { useTestDatabase } from "../helpers/db";
import { offeredDates } from "../helpers/dates";
import { getRequest, uniqueName } from "../helpers/http";
import { schedule } from "../../src/features/schedule/service";
import { serviceContext } from "../../src/platform/context";
import type { Database } from "../../src/platform/db/client";
import { sendPending } from "../helpers/sent-mail";

const t = useTestDatabase();

beforeEach(async () => {
  await t.db
    .insert(bookingSettings)
    .values({ id: 1, dailyCap: 2 })
    .onConflictDoUpdate({ target: bookingSettings.id, set: { dailyCap: 2 } });
});
afterEach(async () => {
  await t.db.delete(bookingSettings);
  await t.db.delete(blockedDates);
  await t.db.delete(holidayOpenings);
});

let seq = 0;
/** A booking request stored as the form would, with a unique e-mail address. */
async function aRequest(o: { state?: string; email?: string } = {}) {
  const name = uniqueName("Schedule");
  const [row] = await t.db
    .insert(requests)
    .values({
      name,
      email: o.email ?? `schedule-${Date.now()}-${++seq}@example.com`,
      phone: "07700 900123",
      message: "Fit a new kitchen tap and look at the dripping shower.",
      formType: "booking",
      address: "12 High Street, Kirkcaldy KY1 1AA",
      service: "plumbing-heating",
      state: o.state ?? "contacted",
    })
    .returning();
  return row!;
}

/** An appointment stored directly (the schedule reads, it does not care how it was made). */
async function anAppointment(
  requestId: number,
  date: IsoDate,
  window: "morning" | "afternoon" | "any",
  status: "confirmed" | "proposed" | "completed" | "cancelled" | "declined",
) {
  const [{ id }] = (await t.db
    .execute<{ id: number }>(
      "select nextval(pg_get_serial_sequence('appointments', 'id'))::int as id" as never,
    )
    .then((r) => (Array.isArray(r) ? r : (r as { rows: { id: number }[] }).rows))) as [{ id: number }];
  await t.db.insert(appointments).values({
    id: Number(id),
    submissionId: requestId,
    uid: appointmentUid(Number(id)),
    date,
    window,
    status,
    confirmedAt: status === "confirmed" ? new Date() : null,
  });
  return Number(id);
}

let owner: Awaited<ReturnType<typeof adminClient>>;
beforeAll(async () => {
  owner = await adminClient();
});
const scheduleOf = (from: string, to: string) =>
  owner.call(adminSchedule, "GET", `/api/admin/schedule?from=${from}&to=${to}`);

describe("GET /api/admin/schedule", () => {
  it("names every blocked day: weekends, St Andrew's Day, Christmas, 2 January, the owner's day off", async () => {
    await owner.call(adminAvailability, "POST", "/api/admin/availability/blocked", {
      body: { date: "2026-12-09", label: "Dentist" },
    });
    await owner.call(adminAvailability, "POST", "/api/admin/availability/blocked", {
      body: { date: "2026-12-10" },
    });
    const res = await scheduleOf("2026-11-28", "2027-01-04");
    expect(res.status, res.text).toBe(200);
    const days = new Map(
      (res.json.days as { date: string; blocked: boolean; blockedReason: string | null }[]).map((d) => [
        d.date,
        d,
      ]),
    );
    expect(days.size).toBe(38);
    expect(res.json.days[0].date).toBe("2026-11-28");
    expect(res.json.days.at(-1).date).toBe("2027-01-04");
    const reason = (date: string) => days.get(date)!.blockedReason;
    // Sunday is not worked; Saturday is.
    expect(reason("2026-11-29")).toBe("Not a working day");
    expect(days.get("2026-11-28")!.blocked).toBe(false);
    expect(reason("2026-11-30")).toBe("Bank holiday: St Andrew's Day");
    expect(reason("2026-12-25")).toBe("Bank holiday: Christmas Day");
    expect(reason("2026-12-28")).toBe("Bank holiday: Boxing Day (substitute day)");
    expect(reason("2027-01-02")).toBe("Bank holiday: January 2nd");
    expect(reason("2027-01-04")).toBe("Bank holiday: January 2nd (substitute day)");
    expect(reason("2026-12-09")).toBe("Dentist");
    expect(reason("2026-12-10")).toBe("Day off");
    expect(days.get("2026-12-01")).toMatchObject({ blocked: false, blockedReason: null });
    expect(days.get("2026-12-01")).toMatchObject({ label: "Tuesday 1 December 2026" });
  });

  it("a bank holiday opened for work is not blocked, and still named", async () => {
    const opened = await owner.call(adminAvailability, "POST", "/api/admin/availability/holidays", {
      body: { date: "2026-11-30" },
    });
    expect(opened.status).toBe(200);
    const res = await scheduleOf("2026-11-30", "2026-11-30");
    expect(res.json.days).toEqual([
      expect.objectContaining({
        date: "2026-11-30",
        blocked: false,
        blockedReason: null,
        openedHoliday: "St Andrew's Day",
      }),
    ]);
  });

  it("shows confirmed visits and proposals in window order, counts only confirmed (and done) against the cap", async () => {
    const date: IsoDate = "2027-02-16"; // a Tuesday
    const a = await aRequest({ state: "scheduled" });
    const b = await aRequest({ state: "scheduled" });
    const c = await aRequest();
    const d = await aRequest();
    const e = await aRequest({ state: "done" });
    const afternoon = await anAppointment(a.id, date, "afternoon", "confirmed");
    const morning = await anAppointment(b.id, date, "morning", "confirmed");
    const offered = await anAppointment(c.id, date, "any", "proposed");
    await anAppointment(d.id, date, "morning", "cancelled");
    await t.db.insert(requestNotes).values([
      { submissionId: b.id, body: "Dog in the garden." },
      { submissionId: b.id, body: "Bring the long ladder." },
    ]);
    await t.db.insert(bookingDetails).values({
      submissionId: b.id,
      preferredOptions: [{ date, window: "morning" }],
      accessNotes: "Side gate code 1234",
    });
    await t.db.insert(photos).values({
      id: `schedulephoto${b.id}abcdef`,
      submissionId: b.id,
      blobKey: "k",
      thumbKey: "t",
      bytes: 10,
      width: 10,
      height: 10,
      contentHash: "h",
      format: "jpeg",
      claimedAt: new Date(),
    });

    const res = await scheduleOf(date, date);
    expect(res.status, res.text).toBe(200);
    const [day] = res.json.days;
    expect(day.blocked).toBe(false);
    expect(day.cap).toEqual({ limit: 2, booked: 2, full: true });
    expect(day.appointments.map((v: { id: number }) => v.id)).toEqual([morning, offered, afternoon]);
    // The day's windows, once each, in the order its visits use them.
    expect(day.windows.map((w: { id: string }) => w.id)).toEqual(["morning", "any", "afternoon"]);
    expect(day.windows[0]).toEqual({
      id: "morning",
      label: "morning (8am to 12pm)",
      start: "08:00",
      end: "12:00",
      startsAt: "2027-02-16T08:00:00.000Z",
      endsAt: "2027-02-16T12:00:00.000Z",
    });
    const [first, second] = day.appointments;
    expect(first).toEqual({
      id: morning,
      requestId: b.id,
      status: "confirmed",
      window: "morning",
      name: b.name,
      phone: "07700 900123",
      hasEmail: true,
      address: "12 High Street, Kirkcaldy KY1 1AA",
      service: "Plumbing & Heating",
      hasPhotos: true,
      cancellationFlag: null,
    });
    expect(second).toMatchObject({ status: "proposed", hasPhotos: false, hasEmail: true });
    // The run sheet's texts come only when asked for.
    const sheet = await owner.call(
      adminSchedule,
      "GET",
      `/api/admin/schedule?from=${date}&to=${date}&detail=sheet`,
    );
    expect(sheet.status, sheet.text).toBe(200);
    const [sheetFirst, sheetSecond] = sheet.json.days[0].appointments;
    expect(sheetFirst).toEqual({
      ...first,
      sheet: {
        job: b.message,
        accessNotes: "Side gate code 1234",
        visitMessage: null,
        notes: ["Dog in the garden.", "Bring the long ladder."],
      },
    });
    expect(sheetSecond.sheet).toEqual({ job: c.message, accessNotes: null, visitMessage: null, notes: [] });
    const wrong = await owner.call(
      adminSchedule,
      "GET",
      `/api/admin/schedule?from=${date}&to=${date}&detail=all`,
    );
    expect(wrong.status).toBe(400);
    // A visit recorded as done stays on its day and still counts.
    await anAppointment(e.id, "2027-02-17", "morning", "completed");
    const next = await scheduleOf("2027-02-17", "2027-02-17");
    expect(next.json.days[0].cap).toEqual({ limit: 2, booked: 1, full: false });
    expect(next.json.days[0].appointments[0]).toMatchObject({ status: "completed" });
  });

  it("answers 400 for a range over 92 days, to before from, a malformed or missing date; 401 signed out", async () => {
    expect((await scheduleOf("2027-01-01", "2027-04-02")).status).toBe(200); // 92 days
    const long = await scheduleOf("2027-01-01", "2027-04-03");
    expect(long.status).toBe(400);
    expect(long.json.error.message).toBe("A schedule covers at most 92 days.");
    const backwards = await scheduleOf("2027-01-10", "2027-01-09");
    expect(backwards.status).toBe(400);
    expect(backwards.json.error.message).toBe("to must not be before from.");
    for (const [from, to] of [
      ["2027-1-1", "2027-01-09"],
      ["2027-02-30", "2027-03-01"],
      ["2027-01-01", "tomorrow"],
    ]) {
      const res = await scheduleOf(from!, to!);
      expect(res.status, `${from} ${to}`).toBe(400);
      expect(res.json.error.message).toMatch(/must be a date written YYYY-MM-DD/);
    }
    expect((await owner.call(adminSchedule, "GET", "/api/admin/schedule?from=2027-01-01")).status).toBe(400);
    const anonymous = await adminSchedule(getRequest("/api/admin/schedule?from=2027-01-01&to=2027-01-02"));
    expect(anonymous.status).toBe(401);
  });
});

describe("the schedule's queries", () => {
  /** The database, counting the statements started through it (every repository call starts one). */
  function counting(db: Database) {
    const counter = { statements: 0 };
    const proxy = new Proxy(db, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver);
        if (key === "select" || key === "execute" || key === "selectDistinct") {
          return (...args: unknown[]) => {
            counter.statements += 1;
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        }
        return value;
      },
    });
    return { db: proxy, counter };
  }

  it("asks the same few statements for one visit or forty: no query per day or per visit", async () => {
    const from: IsoDate = "2027-05-03";
    const one = counting(t.db);
    const r = await aRequest({ state: "scheduled" });
    await anAppointment(r.id, from, "morning", "confirmed");
    const small = await schedule({ from, to: addDays(from, 27) }, serviceContext({ db: one.db }));
    expect(small.days.flatMap((d) => d.appointments)).toHaveLength(1);

    for (let i = 0; i < 40; i++) {
      const more = await aRequest({ state: "scheduled" });
      await anAppointment(more.id, addDays(from, i % 28), i % 2 ? "morning" : "afternoon", "confirmed");
      await t.db.insert(requestNotes).values({ submissionId: more.id, body: `Note ${i}` });
    }
    const many = counting(t.db);
    const big = await schedule({ from, to: addDays(from, 27) }, serviceContext({ db: many.db }));
    expect(big.days.flatMap((d) => d.appointments)).toHaveLength(41);
    expect(many.counter.statements).toBe(one.counter.statements);
    // The settings, the owner's days off, the opened holidays and the visits.
    expect(many.counter.statements).toBe(4);
  });
});

describe("weeks across the clock changes (Europe/London)", () => {
  for (const [name, sunday] of [
    ["the clocks go forward (last Sunday of March)", "2027-03-28"],
    ["the clocks go back (last Sunday of October)", "2027-10-31"],
  ] as const) {
    it(`${name}: Monday to Sunday, seven days, each visit at its wall-clock time`, async () => {
      const range = viewRange("week", sunday);
      expect(range).toEqual({ from: addDays(sunday, -6), to: sunday });
      expect(weekdayOf(range.from)).toBe(1);
      expect(stepDate("week", sunday, 1)).toBe(addDays(sunday, 1));
      expect(stepDate("week", addDays(sunday, 1), -1)).toBe(range.from);
      expect(mondayOf(addDays(sunday, 3))).toBe(addDays(sunday, 1));

      const before = await aRequest({ state: "scheduled" });
      const after = await aRequest({ state: "scheduled" });
      const friday = addDays(sunday, -2);
      const monday = addDays(sunday, 1);
      await anAppointment(before.id, friday, "morning", "confirmed");
      await anAppointment(after.id, monday, "morning", "confirmed");
      const week = await scheduleOf(range.from, range.to);
      expect(week.json.days.map((d: { date: string }) => d.date)).toEqual(
        [0, 1, 2, 3, 4, 5, 6].map((i) => addDays(range.from, i)),
      );
      expect(week.json.days[6].blockedReason).toBe("Not a working day");
      const next = await scheduleOf(monday, addDays(monday, 6));
      // Each visit names its window; the day carries the window's times once.
      const visitBefore = withWindows(week.json).days[4]!.appointments.find(
        (v) => v.requestId === before.id,
      )!;
      const visitAfter = withWindows(next.json).days[0]!.appointments.find((v) => v.requestId === after.id)!;
      // 8am on both sides of the change: the same wall clock, an instant one hour apart from UTC.
      expect(visitBefore.window.start).toBe("08:00");
      expect(visitAfter.window.start).toBe("08:00");
      const offsetBefore = zoneOffsetMinutes(new Date(visitBefore.window.startsAt));
      const offsetAfter = zoneOffsetMinutes(new Date(visitAfter.window.startsAt));
      expect(Math.abs(offsetAfter - offsetBefore)).toBe(60);
      expect(new Date(visitBefore.window.startsAt).toISOString()).toBe(
        `${friday}T${offsetBefore === 60 ? "07" : "08"}:00:00.000Z`,
      );
      expect(new Date(visitAfter.window.startsAt).toISOString()).toBe(
        `${monday}T${offsetAfter === 60 ? "07" : "08"}:00:00.000Z`,
      );
    });
  }
});

function eventOf(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const vevent = calendar.getFirstSubcomponent("vevent")!;
  return {
    method: calendar.getFirstPropertyValue("method"),
    uid: vevent.getFirstPropertyValue("uid"),
    sequence: vevent.getFirstPropertyValue("sequence"),
    start: (vevent.getFirstPropertyValue("dtstart") as ICAL.Time).toString(),
  };
}

describe("moving a confirmed visit (confirm again with another date and window)", () => {
  it("keeps the UID, raises SEQUENCE by one, e-mails the new time with the updated .ics, records the move by the owner", async () => {
    const r = await aRequest();
    const confirmed = await owner.call(adminAppointments, "POST", `/api/admin/appointments/${r.id}`, {
      body: { action: "confirm", date: "2027-02-23", window: "morning" },
    });
    expect(confirmed.status, confirmed.text).toBe(200);
    const before = confirmed.json.appointment;
    await sendPending(t.db, { submissionId: r.id });

    const moved = await owner.call(adminAppointments, "POST", `/api/admin/appointments/${r.id}`, {
      body: { action: "confirm", date: "2027-02-25", window: "afternoon" },
    });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.json.appointment).toMatchObject({
      id: before.id,
      uid: before.uid,
      sequence: before.sequence + 1,
      date: "2027-02-25",
      window: "afternoon",
      status: "confirmed",
    });
    const sent = [...(await sendPending(t.db, { submissionId: r.id })).values()];
    expect(sent).toHaveLength(1);
    const mail = sent[0]!;
    expect(JSON.stringify(mail.to)).toContain(r.email);
    expect(mail.subject).toMatch(/^Your appointment has changed: Thursday 25 February 2027, afternoon/);
    expect(mail.text).toContain("The new time is:\nThursday 25 February 2027, afternoon (12pm to 5pm)");
    const ics = mail.attachments!.find((a) => a.filename === "appointment.ics")!;
    const event = eventOf(String(ics.content));
    expect(event).toMatchObject({ method: "REQUEST", uid: before.uid, sequence: before.sequence + 1 });
    expect(event.start).toMatch(/^2027-02-25T12:00:00/);

    const history = await t.db
      .select()
      .from(requestHistory)
      .where(eq(requestHistory.submissionId, r.id))
      .orderBy(requestHistory.id);
    expect(history.at(-1)).toMatchObject({
      actor: "owner",
      note: "Appointment moved to Thursday 25 February 2027, afternoon (12pm to 5pm)",
    });
    // The schedule shows it on its new day only.
    const week = await scheduleOf("2027-02-22", "2027-02-28");
    const where = week.json.days.flatMap((d: { date: string; appointments: { requestId: number }[] }) =>
      d.appointments.filter((v) => v.requestId === r.id).map(() => d.date),
    );
    expect(where).toEqual(["2027-02-25"]);
  });

  it("a move onto the owner's day off needs his reason, which the history keeps", async () => {
    await owner.call(adminAvailability, "POST", "/api/admin/availability/blocked", {
      body: { date: "2027-02-26", label: "Wedding" },
    });
    const r = await aRequest();
    await owner.call(adminAppointments, "POST", `/api/admin/appointments/${r.id}`, {
      body: { action: "confirm", date: "2027-02-23", window: "morning" },
    });
    const refused = await owner.call(adminAppointments, "POST", `/api/admin/appointments/${r.id}`, {
      body: { action: "confirm", date: "2027-02-26", window: "morning" },
    });
    expect(refused.status).toBe(409);
    expect(refused.json.error.code).toBe("day_unavailable");
    expect(refused.json.error.message).toBe(
      "Friday 26 February 2027 is a day off (Wedding). To book it anyway, give the reason.",
    );
    const moved = await owner.call(adminAppointments, "POST", `/api/admin/appointments/${r.id}`, {
      body: { action: "confirm", date: "2027-02-26", window: "morning", dayOverrideReason: "Emergency leak" },
    });
    expect(moved.status, moved.text).toBe(200);
    const [last] = await t.db
      .select()
      .from(requestHistory)
      .where(eq(requestHistory.submissionId, r.id))
      .orderBy(requestHistory.id)
      .then((rows) => rows.slice(-1));
    expect(last!.note).toMatch(
      /^Appointment moved to Friday 26 February 2027.*\(Wedding\); booked anyway, reason: Emergency leak$/,
    );
  });

  it("a request without an e-mail address is moved all the same, and nothing is queued to send", async () => {
    // A job taken by phone may have no e-mail address.
    const [r] = await t.db
      .insert(requests)
      .values({
        name: uniqueName("Phone"),
        email: null as unknown as string,
        phone: "07700 900789",
        message: "Gutter clearing.",
        formType: "booking",
        address: "3 Kirk Wynd, Kirkcaldy KY1 1EH",
        service: "plumbing-heating",
        state: "contacted",
      })
      .returning();
    const confirmed = await owner.call(adminAppointments, "POST", `/api/admin/appointments/${r!.id}`, {
      body: { action: "confirm", date: "2027-03-02", window: "morning" },
    });
    expect(confirmed.status, confirmed.text).toBe(200);
    const moved = await owner.call(adminAppointments, "POST", `/api/admin/appointments/${r!.id}`, {
      body: { action: "confirm", date: "2027-03-03", window: "afternoon" },
    });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.json.appointment).toMatchObject({
      uid: confirmed.json.appointment.uid,
      sequence: confirmed.json.appointment.sequence + 1,
      date: "2027-03-03",
    });
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.submissionId, r!.id))).toEqual([]);
    const day = await scheduleOf("2027-03-03", "2027-03-03");
    expect(day.json.days[0].appointments).toEqual([
      expect.objectContaining({ requestId: r!.id, hasEmail: false, phone: "07700 900789" }),
    ]);
    const [last] = await t.db
      .select()
      .from(requestHistory)
      .where(eq(requestHistory.submissionId, r!.id))
      .orderBy(requestHistory.id)
      .then((rows) => rows.slice(-1));
    expect(last).toMatchObject({
      actor: "owner",
      note: expect.stringMatching(/^Appointment moved to Wednesday 3 March 2027/),
    });
  });

  it("the owner's calendar feed shows the moved visit at its new time with the same UID", async () => {
    const r = await aRequest();
    // Two weekdays ahead: the feed holds the last 30 days and the next 90.
    const [from, to] = offeredDates()
      .map((d) => d.date)
      .filter((d) => weekdayOf(d) >= 1 && weekdayOf(d) <= 5);
    const first = await owner.call(adminAppointments, "POST", `/api/admin/appointments/${r.id}`, {
      body: { action: "confirm", date: from, window: "morning" },
    });
    await owner.call(adminAppointments, "POST", `/api/admin/appointments/${r.id}`, {
      body: { action: "confirm", date: to, window: "afternoon" },
    });
    const feed = await owner.call(adminAvailability, "POST", "/api/admin/availability/calendar-feed");
    const path = new URL(feed.json.url).pathname;
    const res = await calendarFeedFn(getRequest(path));
    const calendar = new ICAL.Component(ICAL.parse(await res.text()));
    const event = calendar
      .getAllSubcomponents("vevent")
      .find((v) => v.getFirstPropertyValue("uid") === first.json.appointment.uid)!;
    expect(event.getFirstPropertyValue("sequence")).toBe(first.json.appointment.sequence + 1);
    expect((event.getFirstPropertyValue("dtstart") as ICAL.Time).toString()).toMatch(
      new RegExp(`^${to}T12:00:00`),
    );
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.submissionId, r.id))).toHaveLength(2);
  });
});
