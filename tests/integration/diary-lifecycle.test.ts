/**
 * A lifecycle that matches the day (docs/decisions/035-diary.md): a request cannot be marked done
 * while its confirmed visit is still ahead unless the owner completes or cancels that visit in the
 * same step; done, lost and cancelled end the live visit on every surface (the appointment row, the
 * customer's e-mail and calendar file, the owner's calendar feed, the customer's page); the history
 * names the real actor; any owner action marks the request read.
 */
import { and, eq } from "drizzle-orm";
import ICAL from "ical.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import adminAppointments from "../../netlify/functions/admin-appointments.mts";
import adminAvailability from "../../netlify/functions/admin-availability.mts";
import adminNotes from "../../netlify/functions/admin-notes.mts";
import adminSubmissions from "../../netlify/functions/admin-submissions.mts";
import bookings from "../../netlify/functions/bookings.mts";
import calendarFeedFn from "../../netlify/functions/calendar-feed.mts";
import { weekdayOf, type IsoDate } from "../../src/features/appointments/contract";
import {
  appointments,
  bookingSettings,
  mailOutbox,
  requestHistory,
  requests,
} from "../../src/features/tables";
import { serviceContext } from "../../src/platform/context";
import { wallClockInstant } from "../../src/platform/time";
import { actOnAppointment } from "../../src/features/appointments/service";
import { bulk, updateRequest } from "../../src/features/request-actions/service";
import { adminClient } from "../helpers/admin";
import { useTestDatabase } from "../helpers/db";
import { bookableToday, getRequest, jsonRequest, validBooking } from "../helpers/http";

const t = useTestDatabase();

// Many visits land on the same few days here: the owner's cap is raised for these tests.
beforeEach(async () => {
  await t.db
    .insert(bookingSettings)
    .values({ id: 1, dailyCap: 20 })
    .onConflictDoUpdate({
      target: bookingSettings.id,
      set: { dailyCap: 20 },
    });
});

afterEach(async () => {
  await t.db.delete(bookingSettings);
});

const mailFor = (requestId: number) =>
  t.db.select().from(mailOutbox).where(eq(mailOutbox.submissionId, requestId)).orderBy(mailOutbox.id);

const historyOf = (requestId: number) =>
  t.db
    .select()
    .from(requestHistory)
    .where(eq(requestHistory.submissionId, requestId))
    .orderBy(requestHistory.id);

const appointmentOf = async (requestId: number) =>
  (await t.db.select().from(appointments).where(eq(appointments.submissionId, requestId)))[0]!;

const readFlag = async (requestId: number) =>
  (await t.db.select({ isRead: requests.isRead }).from(requests).where(eq(requests.id, requestId)))[0]!
    .isRead;

function eventOf(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const vevent = calendar.getFirstSubcomponent("vevent")!;
  return {
    method: calendar.getFirstPropertyValue("method"),
    uid: vevent.getFirstPropertyValue("uid"),
    sequence: vevent.getFirstPropertyValue("sequence"),
    status: vevent.getFirstPropertyValue("status"),
  };
}

function weekday(skip = 0): IsoDate {
  const dates = bookableToday().filter((d) => weekdayOf(d.date) >= 1 && weekdayOf(d.date) <= 5);
  return dates[skip]!.date;
}

/** A booking from the website form with its visit confirmed by the owner for `date`. */
async function bookedAndConfirmed(date: IsoDate) {
  const response = await bookings(
    jsonRequest("/api/bookings", validBooking({ preferredOptions: [{ date, window: "morning" }] })),
  );
  expect(response.status, await response.clone().text()).toBe(201);
  const id = ((await response.json()) as { id: number }).id;
  const owner = await adminClient();
  const confirmed = await owner.call(adminAppointments, "POST", `/api/admin/appointments/${id}`, {
    body: { action: "confirm", date, window: "morning" },
  });
  expect(confirmed.status).toBe(200);
  return { id, owner };
}

describe("marking a request done while its visit is ahead", () => {
  it("is refused (409 visit_ahead), changes nothing and sends nothing", async () => {
    const date = weekday(2);
    const { id, owner } = await bookedAndConfirmed(date);
    const mailBefore = (await mailFor(id)).length;
    const res = await owner.call(adminSubmissions, "PATCH", `/api/admin/submissions/${id}`, {
      body: { state: "done" },
    });
    expect(res.status).toBe(409);
    expect(res.json.error.code).toBe("visit_ahead");
    expect(res.json.error.message).toMatch(/^The visit on \w+day .* is still ahead\./);
    const [row] = await t.db.select().from(requests).where(eq(requests.id, id));
    expect(row!.state).toBe("scheduled");
    expect((await appointmentOf(id)).status).toBe("confirmed");
    expect((await mailFor(id)).length).toBe(mailBefore);
  });

  it("completing the visit in the same step: done, visit completed, the customer's calendar event cancelled", async () => {
    const date = weekday(2);
    const { id, owner } = await bookedAndConfirmed(date);
    const before = await appointmentOf(id);
    const res = await owner.call(adminSubmissions, "PATCH", `/api/admin/submissions/${id}`, {
      body: { state: "done", visit: "complete", note: "Finished early, the customer was in." },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json.submission).toMatchObject({ state: "done", isRead: true });
    const after = await appointmentOf(id);
    expect(after).toMatchObject({ status: "completed", sequence: before.sequence + 1 });
    expect(after.completedAt).toBeInstanceOf(Date);

    const mail = await mailFor(id);
    const cancel = mail.find((m) => m.kind === "appointment_cancelled")!;
    expect(cancel.textBody).toContain("The work is finished, so this visit is no longer needed.");
    expect(eventOf(cancel.attachments![0]!.content)).toMatchObject({
      method: "CANCEL",
      uid: before.uid,
      sequence: before.sequence + 1,
      status: "CANCELLED",
    });
    const last = (await historyOf(id)).at(-1)!;
    expect(last).toMatchObject({ fromState: "scheduled", toState: "done", actor: "owner" });
    expect(last.note).toMatch(/^Visit on .* completed\. Finished early, the customer was in\.$/);

    // The appointment's actions no longer apply: the admin answers a closed request's visit with a conflict.
    const again = await owner.call(adminAppointments, "POST", `/api/admin/appointments/${id}`, {
      body: { action: "cancel" },
    });
    expect(again.status).toBe(409);
  });

  it("cancelling the visit in the same step tells the customer and cancels their calendar event", async () => {
    const date = weekday(3);
    const { id, owner } = await bookedAndConfirmed(date);
    const res = await owner.call(adminSubmissions, "PATCH", `/api/admin/submissions/${id}`, {
      body: { state: "done", visit: "cancel" },
    });
    expect(res.status, res.text).toBe(200);
    expect((await appointmentOf(id)).status).toBe("cancelled");
    const cancel = (await mailFor(id)).find((m) => m.kind === "appointment_cancelled")!;
    expect(cancel.textBody).toContain("is cancelled");
    expect(eventOf(cancel.attachments![0]!.content)).toMatchObject({ method: "CANCEL", sequence: 1 });
    expect((await historyOf(id)).at(-1)!.note).toMatch(/^Visit on .* cancelled$/);
  });

  it("refuses `visit` without a move to done (422)", async () => {
    const { id, owner } = await bookedAndConfirmed(weekday(2));
    const res = await owner.call(adminSubmissions, "PATCH", `/api/admin/submissions/${id}`, {
      body: { state: "lost", visit: "complete" },
    });
    expect(res.status).toBe(422);
    expect(res.json.error.fields.visit).toMatch(/goes with marking the request done/);
  });
});

describe("a visit on its day or past", () => {
  it("is completed when the request is done, with no cancellation e-mail, and the feed shows it done", async () => {
    const date = weekday(2);
    const { id, owner } = await bookedAndConfirmed(date);
    const uid = (await appointmentOf(id)).uid;
    // The evening of the visit.
    const evening = serviceContext({ now: wallClockInstant(date, "19:00") });
    const updated = await updateRequest(id, { state: "done", note: undefined }, evening);
    expect(updated.state).toBe("done");
    expect(await appointmentOf(id)).toMatchObject({ status: "completed", sequence: 1 });
    expect((await mailFor(id)).some((m) => m.kind === "appointment_cancelled")).toBe(false);

    const created = await owner.call(adminAvailability, "POST", "/api/admin/availability/calendar-feed");
    const text = await (await calendarFeedFn(getRequest(new URL(created.json.url).pathname))).text();
    const calendar = new ICAL.Component(ICAL.parse(text));
    const event = calendar.getAllSubcomponents("vevent").find((v) => v.getFirstPropertyValue("uid") === uid)!;
    expect(event.getFirstPropertyValue("sequence")).toBe(1);
    expect(String(event.getFirstPropertyValue("summary"))).toMatch(/^Done: /);
  });
});

describe("lost or cancelled ends the live visit", () => {
  it("lost: the confirmed visit is cancelled with the next SEQUENCE and the customer told", async () => {
    const { id, owner } = await bookedAndConfirmed(weekday(2));
    const res = await owner.call(adminSubmissions, "PATCH", `/api/admin/submissions/${id}`, {
      body: { state: "lost", note: "Customer found someone closer." },
    });
    expect(res.status, res.text).toBe(200);
    expect(await appointmentOf(id)).toMatchObject({ status: "cancelled", sequence: 1 });
    const cancel = (await mailFor(id)).find((m) => m.kind === "appointment_cancelled")!;
    expect(cancel.textBody).toContain("Customer found someone closer.");
    expect(eventOf(cancel.attachments![0]!.content)).toMatchObject({ method: "CANCEL", sequence: 1 });
    // The owner's feed no longer lists it.
    const created = await owner.call(adminAvailability, "POST", "/api/admin/availability/calendar-feed");
    const text = await (await calendarFeedFn(getRequest(new URL(created.json.url).pathname))).text();
    expect(text).not.toContain((await appointmentOf(id)).uid);
  });

  it("cancelled: an offered time is withdrawn (no calendar file) and the customer told", async () => {
    const date = weekday(2);
    const response = await bookings(
      jsonRequest("/api/bookings", validBooking({ preferredOptions: [{ date, window: "any" }] })),
    );
    const id = ((await response.json()) as { id: number }).id;
    await actOnAppointment(
      id,
      { action: "propose", date: weekday(3), window: "afternoon" },
      serviceContext(),
    );
    const updated = await updateRequest(id, { state: "cancelled", note: undefined }, serviceContext());
    expect(updated.state).toBe("cancelled");
    expect((await appointmentOf(id)).status).toBe("cancelled");
    const cancel = (await mailFor(id)).find((m) => m.kind === "appointment_cancelled")!;
    expect(cancel.attachments ?? []).toHaveLength(0);
  });

  it("a bulk move to done skips a request whose visit is ahead and completes nothing", async () => {
    const { id } = await bookedAndConfirmed(weekday(2));
    const result = await bulk(
      { ids: [id], action: "state", state: "done", note: undefined },
      serviceContext(),
    );
    expect(result).toMatchObject({ changed: [], skipped: [id] });
    expect((await appointmentOf(id)).status).toBe("confirmed");
  });
});

describe("who did it, and read", () => {
  it("names the website, the owner and the scheduled rules' owner confirm as they are", async () => {
    const date = weekday(2);
    const { id } = await bookedAndConfirmed(date);
    const history = await historyOf(id);
    expect(history[0]).toMatchObject({ fromState: null, toState: "new", actor: "website" });
    expect(history[0]!.note).toBe("Sent from the booking form");
    const scheduled = history.find((h) => h.toState === "scheduled")!;
    expect(scheduled.actor).toBe("owner");
    const none = await t.db
      .select()
      .from(requestHistory)
      .where(and(eq(requestHistory.submissionId, id), eq(requestHistory.actor, "system")));
    expect(none).toHaveLength(0);
  });

  it("any owner action marks the request read: a state change, an appointment action, a note", async () => {
    const owner = await adminClient();
    const fresh = async () => {
      const response = await bookings(jsonRequest("/api/bookings", validBooking()));
      const id = ((await response.json()) as { id: number }).id;
      expect(await readFlag(id)).toBe(false);
      return id;
    };
    const a = await fresh();
    await owner.call(adminSubmissions, "PATCH", `/api/admin/submissions/${a}`, {
      body: { state: "contacted" },
    });
    expect(await readFlag(a)).toBe(true);

    const b = await fresh();
    await owner.call(adminAppointments, "POST", `/api/admin/appointments/${b}`, {
      body: { action: "propose", date: weekday(4), window: "any" },
    });
    expect(await readFlag(b)).toBe(true);

    const c = await fresh();
    const note = await owner.call(adminNotes, "POST", "/api/admin/notes", {
      body: { submissionId: c, body: "Rang, no answer." },
    });
    expect(note.status, note.text).toBe(201);
    expect(await readFlag(c)).toBe(true);

    // Marking unread on purpose still works.
    await owner.call(adminSubmissions, "PATCH", `/api/admin/submissions/${c}`, { body: { isRead: false } });
    expect(await readFlag(c)).toBe(false);
  });
});

describe("the owner's visit on a day customers cannot book", () => {
  it("a bank holiday or a full day is refused with the reason; with the owner's reason it goes ahead, kept in the history", async () => {
    const owner = await adminClient();
    const response = await bookings(jsonRequest("/api/bookings", validBooking()));
    const id = ((await response.json()) as { id: number }).id;
    const path = `/api/admin/appointments/${id}`;
    // The next Christmas Day is a bank holiday in every year the list covers.
    const today = new Date().toISOString().slice(0, 10);
    const christmas = `${today.slice(5) > "12-25" ? Number(today.slice(0, 4)) + 1 : today.slice(0, 4)}-12-25`;

    const refused = await owner.call(adminAppointments, "POST", path, {
      body: { action: "confirm", date: christmas, window: "morning" },
    });
    expect(refused.status).toBe(409);
    expect(refused.json.error.code).toBe("day_unavailable");
    expect(refused.json.error.message).toMatch(
      /is a bank holiday \(Christmas Day\)\. To book it anyway, give the reason\.$/,
    );
    expect(await t.db.select().from(appointments).where(eq(appointments.submissionId, id))).toHaveLength(0);

    const allowed = await owner.call(adminAppointments, "POST", path, {
      body: {
        action: "confirm",
        date: christmas,
        window: "morning",
        dayOverrideReason: "Burst pipe, the customer has no water.",
      },
    });
    expect(allowed.status, allowed.text).toBe(200);
    const scheduled = (await historyOf(id)).find((h) => h.toState === "scheduled")!;
    expect(scheduled.note).toContain("is a bank holiday (Christmas Day); booked anyway, reason: Burst pipe");

    // A full day: the cap of one, already taken by another request's visit.
    await t.db.update(bookingSettings).set({ dailyCap: 1 });
    const date = weekday(5);
    await bookedAndConfirmed(date);
    const other = await bookings(jsonRequest("/api/bookings", validBooking()));
    const otherId = ((await other.json()) as { id: number }).id;
    const full = await owner.call(adminAppointments, "POST", `/api/admin/appointments/${otherId}`, {
      body: { action: "propose", date, window: "afternoon" },
    });
    expect(full.status).toBe(409);
    expect(full.json.error.message).toMatch(/already has 1 confirmed visit, your daily cap\./);
  });
});
