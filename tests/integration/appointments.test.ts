/**
 * Appointments on a real database (PGlite, and PostgreSQL under scripts/with-postgres.ts): a
 * booking with preferred options (JSON and a form post without JavaScript), the re-check on submit,
 * the availability endpoint, the owner's confirm / change / cancel with the e-mails and their
 * calendar files (read back with ical.js), the confirm race, the reminder sent once, and the
 * private calendar feed before and after its secret is replaced.
 */
import { and, desc, eq } from "drizzle-orm";
import ICAL from "ical.js";
import { afterEach, describe, expect, it } from "vitest";
import adminAppointments from "../../netlify/functions/admin-appointments.mts";
import adminAvailability from "../../netlify/functions/admin-availability.mts";
import availabilityFn from "../../netlify/functions/availability.mts";
import bookings from "../../netlify/functions/bookings.mts";
import calendarFeedFn from "../../netlify/functions/calendar-feed.mts";
import { addDays, weekdayOf, type IsoDate } from "../../src/features/appointments/contract";
import { site } from "../../src/config/site";
import { wallClockInstant } from "../../src/platform/time";
import { reminderAt, windowInstants } from "../../src/features/appointments/window-instants";
import {
  appointments,
  blockedDates,
  bookingDetails,
  bookingSettings,
  requests,
  mailOutbox,
  requestHistory,
} from "../../src/features/tables";
import { serviceContext } from "../../src/platform/context";
import { scheduledOn } from "../../src/features/appointments/repository-scheduled";
import { actOnAppointment, sendDueReminders } from "../../src/features/appointments/service";
import { adminClient } from "../helpers/admin";
import { useTestDatabase } from "../helpers/db";
import {
  bookableToday,
  formRequest,
  getRequest,
  jsonRequest,
  uniqueName,
  validBooking,
} from "../helpers/http";

const t = useTestDatabase();

/** A service context at a given time. */
const at = (now: Date) => serviceContext({ now });

afterEach(async () => {
  // Settings and blocked dates are global: each test that changes them puts them back.
  await t.db.delete(bookingSettings);
  await t.db.delete(blockedDates);
});

const mailFor = (requestId: number) =>
  t.db.select().from(mailOutbox).where(eq(mailOutbox.submissionId, requestId)).orderBy(mailOutbox.id);

const appointmentMail = async (requestId: number) =>
  (await mailFor(requestId)).filter((m) => m.kind.startsWith("appointment_"));

function eventOf(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const vevent = calendar.getFirstSubcomponent("vevent")!;
  const event = new ICAL.Event(vevent);
  return {
    method: calendar.getFirstPropertyValue("method"),
    uid: event.uid,
    sequence: vevent.getFirstPropertyValue("sequence"),
    status: vevent.getFirstPropertyValue("status"),
    start: event.startDate.toJSDate().toISOString(),
    end: event.endDate.toJSDate().toISOString(),
    summary: event.summary,
    location: event.location,
    description: event.description,
  };
}

/** A bookable weekday (Monday to Friday) at least `skip` bookable dates ahead. */
function weekday(skip = 0): IsoDate {
  const dates = bookableToday().filter((d) => weekdayOf(d.date) >= 1 && weekdayOf(d.date) <= 5);
  return dates[skip]!.date;
}

function nextSunday(): IsoDate {
  let date = weekday(1);
  while (weekdayOf(date) !== 0) date = addDays(date, 1);
  return date;
}

async function book(overrides: Record<string, unknown> = {}) {
  const response = await bookings(jsonRequest("/api/bookings", validBooking(overrides)));
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

describe("a booking with preferred options", () => {
  it("stores the options, urgency and access notes, and the confirmation lists the options", async () => {
    const first = weekday(0);
    const second = weekday(1);
    const id = await book({
      preferredOptions: [
        { date: first, window: "morning" },
        { date: second, window: "afternoon" },
      ],
      urgent: true,
      accessNotes: "Key safe by the back door; friendly dog.",
    });
    const [details] = await t.db.select().from(bookingDetails).where(eq(bookingDetails.submissionId, id));
    expect(details).toMatchObject({
      preferredOptions: [
        { date: first, window: "morning" },
        { date: second, window: "afternoon" },
      ],
      urgent: true,
      accessNotes: "Key safe by the back door; friendly dog.",
    });
    const mails = await mailFor(id);
    const customer = mails.find((m) => m.kind === "customer_confirmation")!;
    expect(customer.textBody).toContain("You asked for these times, in this order:");
    expect(customer.textBody).toMatch(/1\. \w+day \d+ \w+ \d{4}, morning \(8am to 12pm\)/);
    expect(customer.textBody).toMatch(/2\. \w+day \d+ \w+ \d{4}, afternoon \(12pm to 5pm\)/);
    const owner = mails.find((m) => m.kind === "owner_submission")!;
    expect(owner.textBody).toContain("Urgent: Yes");
    expect(owner.textBody).toContain("Key safe by the back door");
  });

  it("takes option1Date/option1Window… from a form post without JavaScript, skipping blank pairs", async () => {
    const { preferredOptions: _unused, ...fields } = validBooking();
    void _unused;
    const date = weekday(2);
    const response = await bookings(
      formRequest("/api/bookings", {
        ...(fields as Record<string, string>),
        option1Date: "",
        option1Window: "",
        option2Date: date,
        option2Window: "afternoon",
        option3Date: "",
        option3Window: "any",
        urgent: "on",
      }),
    );
    expect(response.status, await response.clone().text()).toBe(201);
    expect(response.headers.get("content-type")).toContain("text/html");
    const [row] = await t.db
      .select()
      .from(requests)
      .where(eq(requests.name, fields.name as string));
    const [details] = await t.db
      .select()
      .from(bookingDetails)
      .where(eq(bookingDetails.submissionId, row!.id));
    expect(details).toMatchObject({ preferredOptions: [{ date, window: "afternoon" }], urgent: true });
  });

  it("refuses a booking with no option, and says which option is not available, storing nothing", async () => {
    const name = uniqueName("Nobody");
    const none = await bookings(jsonRequest("/api/bookings", validBooking({ name, preferredOptions: [] })));
    expect(none.status).toBe(422);
    expect((await none.json()).error.fields.preferredOptions).toBe(
      "Please choose at least one date and time that suits you.",
    );

    const blocked = weekday(3);
    await t.db.insert(blockedDates).values({ date: blocked, label: "Family wedding" });
    const response = await bookings(
      jsonRequest(
        "/api/bookings",
        validBooking({
          name,
          preferredOptions: [
            { date: weekday(0), window: "morning" },
            { date: nextSunday(), window: "morning" },
            { date: blocked, window: "any" },
          ],
        }),
      ),
    );
    expect(response.status).toBe(422);
    const { fields } = (await response.json()).error;
    expect(fields.option1).toBeUndefined();
    expect(fields.option2).toBe("Option 2 is no longer available: Sundays are not working days.");
    expect(fields.option3).toMatch(
      /^Option 3 is no longer available: We are closed on .* \(Family wedding\)\.$/,
    );
    expect(await t.db.select().from(requests).where(eq(requests.name, name))).toEqual([]);
  });

  it("names the option on the no-JavaScript error page", async () => {
    const { preferredOptions: _unused, ...fields } = validBooking();
    void _unused;
    const response = await bookings(
      formRequest("/api/bookings", {
        ...(fields as Record<string, string>),
        option1Date: nextSunday(),
        option1Window: "morning",
      }),
    );
    expect(response.status).toBe(422);
    const page = await response.text();
    expect(page).toContain("First choice of date and time");
    expect(page).toContain("Sundays are not working days.");
  });
});

describe("GET /api/availability", () => {
  it("answers the bookable dates with their windows, cacheable at the CDN", async () => {
    const response = await availabilityFn(getRequest("/api/availability"));
    expect(response.status).toBe(200);
    const cache = response.headers.get("cache-control")!;
    expect(cache).toMatch(/s-maxage=\d+/);
    expect(cache).toMatch(/stale-while-revalidate=\d+/);
    const body = await response.json();
    expect(body.dates.length).toBeGreaterThan(20);
    expect(body.dates[0].date).toBe(body.earliest);
    for (const d of body.dates) expect(weekdayOf(d.date)).not.toBe(0);
    const saturday = body.dates.find((d: { date: string }) => weekdayOf(d.date) === 6);
    expect(saturday.windows.map((w: { label: string }) => w.label)).toEqual([
      "morning (9am to 12pm)",
      "afternoon (12pm to 4pm)",
      "any time (9am to 4pm)",
    ]);
  });

  it("leaves out a blocked date and a day at the owner's cap; honours from/to; 400 on a bad date", async () => {
    const blocked = weekday(1);
    const full = weekday(2);
    await t.db.insert(blockedDates).values({ date: blocked });
    await t.db.insert(bookingSettings).values({ id: 1, dailyCap: 1 });
    const id = await book({ preferredOptions: [{ date: full, window: "morning" }] });
    await actOnAppointment(id, { action: "confirm", date: full, window: "morning" }, serviceContext());
    const from = weekday(0);
    const to = addDays(from, 14);
    const response = await availabilityFn(getRequest(`/api/availability?from=${from}&to=${to}`));
    const dates = ((await response.json()).dates as { date: string }[]).map((d) => d.date);
    expect(dates).toContain(from);
    expect(dates).not.toContain(blocked);
    expect(dates).not.toContain(full);
    expect(dates.every((d) => d >= from && d <= to)).toBe(true);
    expect((await availabilityFn(getRequest("/api/availability?from=2026-02-30"))).status).toBe(400);
  });
});

describe("the owner confirms, changes and cancels", () => {
  it("confirm → scheduled with an invitation; another time → same UID, higher sequence; cancel → CANCEL", async () => {
    const owner = await adminClient();
    const first = weekday(0);
    const second = weekday(1);
    const id = await book({
      preferredOptions: [
        { date: first, window: "morning" },
        { date: second, window: "afternoon" },
      ],
    });
    const path = `/api/admin/appointments/${id}`;

    const shown = await owner.call(adminAppointments, "GET", path);
    expect(shown.status).toBe(200);
    expect(shown.json.preferredOptions.map((o: { window: string }) => o.window)).toEqual([
      "morning",
      "afternoon",
    ]);

    const confirmed = await owner.call(adminAppointments, "POST", path, {
      body: { action: "confirm", date: second, window: "afternoon" },
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.json).toMatchObject({ changed: true, requestState: "scheduled" });
    const [history] = await t.db
      .select()
      .from(requestHistory)
      .where(and(eq(requestHistory.submissionId, id), eq(requestHistory.toState, "scheduled")));
    expect(history).toMatchObject({ fromState: "new", actor: "owner" });
    expect(history!.note).toMatch(/^Appointment confirmed for \w+day/);

    const [invite] = await appointmentMail(id);
    expect(invite!.kind).toBe("appointment_confirmed");
    expect(invite!.subject).toMatch(/^Your appointment is confirmed: /);
    expect(invite!.textBody).toContain("afternoon (12pm to 5pm)");
    expect(invite!.textBody).toContain("12 High Street, Kirkcaldy");
    expect(invite!.textBody).toContain("Your right to cancel".toUpperCase());
    expect(invite!.textBody).toContain("Model cancellation form".toUpperCase());
    expect(invite!.attachments).toHaveLength(1);
    expect(invite!.attachments![0]!.contentType).toBe("text/calendar; charset=utf-8; method=REQUEST");
    const event = eventOf(invite!.attachments![0]!.content);
    const [row] = await t.db.select().from(appointments).where(eq(appointments.submissionId, id));
    expect(event).toMatchObject({
      method: "REQUEST",
      uid: `appointment-${row!.id}@www.kingdomhandyman.example`,
      sequence: 0,
    });
    expect(event.start).toBe(wallClockInstant(second, "12:00").toISOString());
    expect(event.end).toBe(wallClockInstant(second, "17:00").toISOString());

    const moved = await owner.call(adminAppointments, "POST", path, {
      body: { action: "confirm", date: first, window: "morning", message: "Earlier suits us better." },
    });
    expect(moved.json).toMatchObject({ changed: true, requestState: "scheduled" });
    const changed = (await appointmentMail(id))[1]!;
    expect(changed.kind).toBe("appointment_changed");
    const changedEvent = eventOf(changed.attachments![0]!.content);
    expect(changedEvent).toMatchObject({ method: "REQUEST", uid: event.uid, sequence: 1 });
    expect(changedEvent.start).toBe(wallClockInstant(first, "08:00").toISOString());

    const cancelled = await owner.call(adminAppointments, "POST", path, {
      body: { action: "cancel", reason: "The van has broken down." },
    });
    expect(cancelled.json).toMatchObject({ changed: true, requestState: "contacted" });
    const cancel = (await appointmentMail(id))[2]!;
    expect(cancel.kind).toBe("appointment_cancelled");
    expect(cancel.textBody).toContain("is cancelled");
    expect(cancel.textBody).toContain("The van has broken down.");
    expect(cancel.attachments![0]!.contentType).toContain("method=CANCEL");
    expect(eventOf(cancel.attachments![0]!.content)).toMatchObject({
      method: "CANCEL",
      uid: event.uid,
      sequence: 2,
      status: "CANCELLED",
    });
    // Only one appointment row was ever made, now cancelled.
    const rows = await t.db.select().from(appointments).where(eq(appointments.submissionId, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "cancelled", sequence: 2 });
  });

  it("proposes another time in plain words, then declines with a reason (no calendar file either way)", async () => {
    const owner = await adminClient();
    const id = await book();
    const path = `/api/admin/appointments/${id}`;
    const proposed = await owner.call(adminAppointments, "POST", path, {
      body: { action: "propose", date: weekday(4), window: "any", message: "We have a gap that day." },
    });
    expect(proposed.json).toMatchObject({ requestState: "contacted", appointment: { status: "proposed" } });
    const declined = await owner.call(adminAppointments, "POST", path, {
      body: { action: "decline", reason: "That is outside our area, sorry." },
    });
    expect(declined.json).toMatchObject({ requestState: "lost", appointment: { status: "declined" } });
    const [proposal, decline] = await appointmentMail(id);
    expect(proposal!.kind).toBe("appointment_proposed");
    expect(proposal!.textBody).toContain("We have a gap that day.");
    expect(proposal!.attachments).toBeNull();
    expect(decline!.kind).toBe("appointment_declined");
    expect(decline!.textBody).toContain("That is outside our area, sorry.");
    expect(decline!.attachments).toBeNull();
  });

  it("an offered time the customer agrees to is confirmed on the same row, with the first invitation (sequence 0)", async () => {
    const date = weekday(5);
    const id = await book();
    await actOnAppointment(id, { action: "propose", date, window: "afternoon" }, serviceContext());
    const result = await actOnAppointment(
      id,
      { action: "confirm", date, window: "afternoon" },
      serviceContext(),
    );
    expect(result).toMatchObject({
      changed: true,
      requestState: "scheduled",
      appointment: { status: "confirmed" },
    });
    const rows = await t.db.select().from(appointments).where(eq(appointments.submissionId, id));
    expect(rows).toHaveLength(1);
    const [, invite] = await appointmentMail(id);
    expect(invite!.kind).toBe("appointment_confirmed");
    expect(eventOf(invite!.attachments![0]!.content)).toMatchObject({ uid: rows[0]!.uid, sequence: 0 });
  });

  it("refuses an unknown action, a bad date and an anonymous caller", async () => {
    const owner = await adminClient();
    const id = await book();
    const path = `/api/admin/appointments/${id}`;
    expect((await owner.call(adminAppointments, "POST", path, { body: { action: "maybe" } })).status).toBe(
      422,
    );
    expect(
      (
        await owner.call(adminAppointments, "POST", path, {
          body: { action: "confirm", date: "2026-13-01", window: "any" },
        })
      ).status,
    ).toBe(422);
    expect((await owner.call(adminAppointments, "GET", path, { anonymous: true })).status).toBe(401);
    expect((await owner.call(adminAppointments, "GET", "/api/admin/appointments/999999")).status).toBe(404);
  });

  it("never offers or confirms a window that has already ended: 409 window_passed, nothing stored or sent", async () => {
    const date = weekday(1);
    const id = await book({ preferredOptions: [{ date, window: "morning" }] });
    // One minute after that morning's window ends (its end on the business's clock, whatever the season).
    const { end } = windowInstants(date, "morning");
    const afterIt = at(new Date(end.getTime() + 60_000));
    for (const action of ["confirm", "propose"] as const) {
      await expect(actOnAppointment(id, { action, date, window: "morning" }, afterIt)).rejects.toMatchObject({
        code: "window_passed",
        message: expect.stringMatching(
          /has already ended, so it cannot be offered or confirmed\. Choose a later time, or record the visit as done already\.$/,
        ),
      });
    }
    expect(await t.db.select().from(appointments).where(eq(appointments.submissionId, id))).toHaveLength(0);
    expect(await appointmentMail(id)).toHaveLength(0);
    // Recorded as done already: stored confirmed and completed, nothing e-mailed, kept in the history.
    const done = await actOnAppointment(
      id,
      { action: "confirm", date, window: "morning", doneAlready: true },
      afterIt,
    );
    expect(done.appointment).toMatchObject({ status: "completed", date, window: "morning" });
    expect(done.requestState).toBe("scheduled");
    const [row] = await t.db.select().from(appointments).where(eq(appointments.submissionId, id));
    expect(row!.completedAt).toEqual(afterIt.now);
    expect(await appointmentMail(id)).toHaveLength(0);
    const [last] = await t.db
      .select()
      .from(requestHistory)
      .where(eq(requestHistory.submissionId, id))
      .orderBy(desc(requestHistory.id))
      .limit(1);
    expect(last!.note).toMatch(/^Visit on .+ completed \(recorded as done already\)$/);
    // A window still ahead cannot be "done already".
    const other = await book({ preferredOptions: [{ date, window: "afternoon" }] });
    await expect(
      actOnAppointment(
        other,
        { action: "confirm", date: weekday(2), window: "morning", doneAlready: true },
        afterIt,
      ),
    ).rejects.toMatchObject({ code: "visit_not_started" });
    // The afternoon of the same day is still ahead then: it can be confirmed.
    const later = await actOnAppointment(other, { action: "confirm", date, window: "afternoon" }, afterIt);
    expect(later.appointment?.status).toBe("confirmed");
    // Through the endpoint (real time), a window of a past day is refused the same way.
    const owner = await adminClient();
    const res = await owner.call(adminAppointments, "POST", `/api/admin/appointments/${id}`, {
      body: {
        action: "confirm",
        date: addDays(bookableToday()[0]!.date, -7),
        window: "any",
        dayOverrideReason: "x",
      },
    });
    expect(res.status).toBe(409);
    expect(res.json.error.code).toBe("window_passed");
  });

  it("two confirmations at once from two tabs leave one appointment and one e-mail", async () => {
    const owner = await adminClient();
    const date = weekday(2);
    const id = await book({ preferredOptions: [{ date, window: "morning" }] });
    const path = `/api/admin/appointments/${id}`;
    const body = { action: "confirm", date, window: "morning" };
    const results = await Promise.all([
      owner.call(adminAppointments, "POST", path, { body }),
      owner.call(adminAppointments, "POST", path, { body }),
      owner.call(adminAppointments, "POST", path, { body }),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(results.filter((r) => r.json.changed)).toHaveLength(1);
    expect(await t.db.select().from(appointments).where(eq(appointments.submissionId, id))).toHaveLength(1);
    expect(await appointmentMail(id)).toHaveLength(1);
  });
});

describe("the reminder the evening before", () => {
  it("is queued once even when the job runs twice, and not for a job confirmed at short notice", async () => {
    const date = weekday(4);
    const id = await book({ preferredOptions: [{ date, window: "morning" }] });
    await actOnAppointment(id, { action: "confirm", date, window: "morning" }, serviceContext());
    const evening = new Date(reminderAt(date).getTime() + 60_000);
    expect((await sendDueReminders(at(new Date(reminderAt(date).getTime() - 60_000)))).queued).toBe(0);
    await sendDueReminders(at(evening));
    await sendDueReminders(at(evening));
    const reminders = (await appointmentMail(id)).filter((m) => m.kind === "appointment_reminder");
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.subject).toMatch(/^Reminder: we are coming tomorrow/);

    // Confirmed at 2pm the day before a 12pm window: less than 24 hours ahead, so no reminder.
    const late = weekday(5);
    const lateId = await book({ preferredOptions: [{ date: late, window: "afternoon" }] });
    const noonBefore = wallClockInstant(addDays(late, -1), "14:00");
    await actOnAppointment(lateId, { action: "confirm", date: late, window: "afternoon" }, at(noonBefore));
    await sendDueReminders(at(new Date(reminderAt(late).getTime() + 60_000)));
    expect((await appointmentMail(lateId)).filter((m) => m.kind === "appointment_reminder")).toEqual([]);
  });
});

describe("the private calendar feed", () => {
  it("lists confirmed jobs for the current secret only; replacing it stops the old URL at once", async () => {
    const owner = await adminClient();
    const date = weekday(3);
    const id = await book({
      name: "Feed Customer",
      email: "feed.customer@example.com",
      message: "Leaking pipe under the sink in the back kitchen",
      accessNotes: "Key under the blue flowerpot, alarm code 4321",
      preferredOptions: [{ date, window: "afternoon" }],
    });
    await actOnAppointment(id, { action: "confirm", date, window: "afternoon" }, serviceContext());

    const created = await owner.call(adminAvailability, "POST", "/api/admin/availability/calendar-feed");
    expect(created.status).toBe(201);
    const oldPath = new URL(created.json.url).pathname;
    expect(oldPath).toMatch(/^\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const [settings] = await t.db.select().from(bookingSettings);
    expect(settings!.calendarFeedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(created.json.url).not.toContain(settings!.calendarFeedHash);

    const feed = await calendarFeedFn(getRequest(oldPath));
    expect(feed.status).toBe(200);
    expect(feed.headers.get("content-type")).toContain("text/calendar");
    const calendar = new ICAL.Component(ICAL.parse(await feed.text()));
    expect(calendar.getFirstPropertyValue("method")).toBe("PUBLISH");
    const events = calendar.getAllSubcomponents("vevent").map((v) => new ICAL.Event(v));
    const ours = events.find((e) => e.summary.startsWith("Feed Customer"))!;
    expect(ours.startDate.toJSDate().toISOString()).toBe(wallClockInstant(date, "12:00").toISOString());
    // Name, service, area, reference and the admin link only: every calendar app keeps a copy.
    const reference = `KB-${String(id).padStart(6, "0")}`;
    expect(ours.summary).toBe(`Feed Customer: Paint & Wallpaper (${reference})`);
    expect(ours.location).toBe("Kirkcaldy KY1");
    expect(ours.description).toContain(reference);
    expect(ours.component.getFirstPropertyValue("url")).toMatch(new RegExp(`/admin/requests/${id}$`));
    // RFC 5546 §3.2.1: a published event names its organizer, the business; no attendee.
    const organizer = ours.component.getFirstProperty("organizer")!;
    expect(organizer.getFirstValue()).toBe(`mailto:${site.email}`);
    expect(organizer.getParameter("cn")).toBe(site.name);
    expect(ours.component.hasProperty("attendee")).toBe(false);
    const text = await (await calendarFeedFn(getRequest(oldPath))).text();
    for (const secret of [
      "07700",
      "900123",
      "feed.customer",
      "Leaking pipe",
      "flowerpot",
      "4321",
      "High Street",
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(feed.headers.get("x-content-type-options")).toBe("nosniff");
    expect(feed.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");

    const replaced = await owner.call(adminAvailability, "POST", "/api/admin/availability/calendar-feed");
    const newPath = new URL(replaced.json.url).pathname;
    expect(newPath).not.toBe(oldPath);
    expect((await calendarFeedFn(getRequest(oldPath))).status).toBe(404);
    expect((await calendarFeedFn(getRequest(newPath))).status).toBe(200);
    expect((await calendarFeedFn(getRequest("/api/calendar/not-a-secret.ics"))).status).toBe(404);
  });

  it("settings: the owner sets the cap, notice, horizon, working days and blocked dates", async () => {
    const owner = await adminClient();
    const base = await owner.call(adminAvailability, "GET", "/api/admin/availability");
    expect(base.json).toMatchObject({ workingDays: [1, 2, 3, 4, 5, 6], dailyCap: 3, horizonWeeks: 8 });
    const saved = await owner.call(adminAvailability, "PUT", "/api/admin/availability", {
      body: { workingDays: [1, 2, 3, 4, 5], dailyCap: 2, horizonWeeks: 4, minimumNoticeWorkingDays: 2 },
    });
    expect(saved.json).toMatchObject({ workingDays: [1, 2, 3, 4, 5], dailyCap: 2, horizonWeeks: 4 });
    const block = weekday(6);
    const added = await owner.call(adminAvailability, "POST", "/api/admin/availability/blocked", {
      body: { date: block, label: "Holiday" },
    });
    expect(added.json.blocked).toContainEqual({ date: block, label: "Holiday" });
    const answer = await (await availabilityFn(getRequest("/api/availability"))).json();
    const dates = (answer.dates as { date: string }[]).map((d) => d.date);
    expect(dates.some((d) => weekdayOf(d) === 6)).toBe(false);
    expect(dates).not.toContain(block);
    expect(answer.latest <= addDays(answer.today, 28)).toBe(true);
    const bad = await owner.call(adminAvailability, "PUT", "/api/admin/availability", {
      body: { dailyCap: -1 },
    });
    expect(bad.status).toBe(422);
    const removed = await owner.call(
      adminAvailability,
      "DELETE",
      `/api/admin/availability/blocked?date=${block}`,
    );
    expect(removed.json.blocked).not.toContainEqual({ date: block, label: "Holiday" });
  });
});

describe("the owner's day", () => {
  it("lists a date's confirmed jobs in window order for the digest and the dashboard", async () => {
    const date = weekday(7);
    const afternoon = await book({
      name: "Digest Afternoon",
      preferredOptions: [{ date, window: "afternoon" }],
    });
    const morning = await book({ name: "Digest Morning", preferredOptions: [{ date, window: "morning" }] });
    const proposedOnly = await book({ name: "Digest Proposed", preferredOptions: [{ date, window: "any" }] });
    await actOnAppointment(afternoon, { action: "confirm", date, window: "afternoon" }, serviceContext());
    await actOnAppointment(morning, { action: "confirm", date, window: "morning" }, serviceContext());
    await actOnAppointment(proposedOnly, { action: "propose", date, window: "any" }, serviceContext());
    const jobs = await scheduledOn([date]);
    expect(jobs.map((j) => [j.name, j.window])).toEqual([
      ["Digest Morning", "morning"],
      ["Digest Afternoon", "afternoon"],
    ]);
    expect(jobs[0]!.reference).toBe(`KB-${String(morning).padStart(6, "0")}`);
  });
});
