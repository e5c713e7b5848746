/**
 * On the day of a visit (docs/decisions/040-on-the-day.md): "on my way" and "running late" e-mail
 * the customer the arrival on the business's clock (BST and GMT alike), are refused for an estimate
 * over 12 hours and for a visit not confirmed or not today; "visit done" records the completion
 * time, the note and the owner's after-photos, leaves the request's state alone, and the owner's
 * calendar feed shows the visit done.
 */
import { eq, sql } from "drizzle-orm";
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import adminAppointmentDay from "../../netlify/functions/admin-appointment-day.mts";
import adminAvailability from "../../netlify/functions/admin-availability.mts";
import adminPhotos from "../../netlify/functions/admin-photos.mts";
import calendarFeedFn from "../../netlify/functions/calendar-feed.mts";
import uploads from "../../netlify/functions/uploads.mts";
import { addDays, type IsoDate } from "../../src/features/appointments/contract";
import { onMyWay, runningLate } from "../../src/features/appointments/service-day";
import { appointments, mailOutbox, requestHistory, requests } from "../../src/features/tables";
import { serviceContext } from "../../src/platform/context";
import { dateInZone, formatTime, wallClockInstant } from "../../src/platform/time";
import { onTheWayText } from "../../src/features/appointments/mail-day";
import { currentBusiness } from "../../src/features/business";
import { businessFact } from "../../src/lib/business-facts";
import { requestReference } from "../../src/features/requests/contract/reference";
import { adminClient, seedRequest, uniqueTag } from "../helpers/admin";
import { useTestBlobs } from "../helpers/blobs";
import { useTestDatabase } from "../helpers/db";
import { png } from "../helpers/images";
import { getRequest, randomIp } from "../helpers/http";

const t = useTestDatabase();
useTestBlobs();

/** A request with a visit on `date` in state `status`, written straight to the tables. */
async function visitOn(date: IsoDate, status: "confirmed" | "proposed" = "confirmed") {
  const request = await seedRequest();
  await t.db.update(requests).set({ state: "scheduled" }).where(eq(requests.id, request.id));
  const [appointment] = await t.db
    .insert(appointments)
    .values({
      submissionId: request.id,
      uid: `${uniqueTag("visit")}@test.example`,
      date,
      window: "morning",
      status,
      confirmedAt: status === "confirmed" ? new Date() : null,
    })
    .returning();
  return { request, appointment: appointment! };
}

const mailFor = (requestId: number) =>
  t.db.select().from(mailOutbox).where(eq(mailOutbox.submissionId, requestId)).orderBy(mailOutbox.id);

const historyOf = (requestId: number) =>
  t.db
    .select()
    .from(requestHistory)
    .where(eq(requestHistory.submissionId, requestId))
    .orderBy(requestHistory.id);

const appointmentRow = async (id: number) =>
  (await t.db.select().from(appointments).where(eq(appointments.id, id)))[0]!;

const today = () => dateInZone(new Date());

describe("on my way: the arrival on the business's clock", () => {
  it.each([
    ["summer (BST)", "2026-07-15"],
    ["winter (GMT)", "2026-12-15"],
  ])("in %s the e-mail says arriving around 2:35pm", async (_season, date) => {
    const { request, appointment } = await visitOn(date);
    const now = wallClockInstant(date, "14:05");
    const result = await onMyWay(appointment.id, { etaMinutes: 30 }, serviceContext({ now }));
    expect(result.appointment.onMyWayAt).toBe(now.toISOString());
    expect(result.appointment.etaAt).toBe(new Date(now.getTime() + 30 * 60_000).toISOString());
    expect(result.requestState).toBe("scheduled");

    const [mail] = await mailFor(request.id);
    expect(mail).toMatchObject({ kind: "appointment_on_my_way", toAddress: request.email });
    expect(mail!.subject).toBe("Kingdom Handyman is on the way, arriving around 2:35pm");
    expect(mail!.textBody).toContain("Kingdom Handyman is on the way to you");
    expect(mail!.textBody).toContain("arriving around 2:35pm.");
    expect(mail!.textBody).toContain("0131 496 0472");
    const row = await appointmentRow(appointment.id);
    expect(row.onMyWayAt?.toISOString()).toBe(now.toISOString());
    expect((await historyOf(request.id)).at(-1)).toMatchObject({
      actor: "owner",
      fromState: "scheduled",
      toState: "scheduled",
      note: "On the way: the customer was told the arrival, around 2:35pm",
    });
  });

  it("running late sends the new estimate and records it; refused before on my way", async () => {
    const date: IsoDate = "2026-03-10";
    const { request, appointment } = await visitOn(date);
    const at = (time: string) => serviceContext({ now: wallClockInstant(date, time) });
    await expect(runningLate(appointment.id, { etaMinutes: 20 }, at("09:00"))).rejects.toMatchObject({
      code: "not_on_the_way",
    });
    await onMyWay(appointment.id, { etaMinutes: 15 }, at("09:00"));
    const late = await runningLate(appointment.id, { etaMinutes: 40 }, at("09:10"));
    expect(late.appointment.etaAt).toBe(wallClockInstant(date, "09:50").toISOString());
    // The first "on my way" time stays.
    expect(late.appointment.onMyWayAt).toBe(wallClockInstant(date, "09:00").toISOString());
    const mail = await mailFor(request.id);
    expect(mail.map((m) => m.kind)).toEqual(["appointment_on_my_way", "appointment_running_late"]);
    expect(mail[1]!.subject).toBe("Running late: Kingdom Handyman now arriving around 9:50am");
    expect(mail[1]!.textBody).toContain("now arriving around 9:50am");
    expect((await historyOf(request.id)).at(-1)!.note).toBe(
      "Running late: the customer was told the new arrival, around 9:50am",
    );
  });
});

describe("refusals", () => {
  it("an estimate over 12 hours is 422 with a field message, and nothing is sent", async () => {
    const { request, appointment } = await visitOn(today());
    const owner = await adminClient();
    const path = `/api/admin/appointments/${appointment.id}/on-my-way`;
    const res = await owner.call(adminAppointmentDay, "POST", path, { body: { etaMinutes: 721 } });
    expect(res.status).toBe(422);
    expect(res.json.error.fields.etaMinutes).toBe("At most 12 hours: a later arrival is a new visit.");
    expect(await mailFor(request.id)).toEqual([]);
    const ok = await owner.call(adminAppointmentDay, "POST", path, { body: { etaMinutes: 720 } });
    expect(ok.status, ok.text).toBe(200);
    expect(await mailFor(request.id)).toHaveLength(1);
  });

  it("a visit not today is 409 visit_not_today; one not confirmed is 409 visit_not_confirmed", async () => {
    const owner = await adminClient();
    const tomorrow = await visitOn(addDays(today(), 1));
    const res = await owner.call(
      adminAppointmentDay,
      "POST",
      `/api/admin/appointments/${tomorrow.appointment.id}/on-my-way`,
      { body: { etaMinutes: 30 } },
    );
    expect(res.status).toBe(409);
    expect(res.json.error.code).toBe("visit_not_today");
    expect(res.json.error.message).toMatch(/not today/);

    const offered = await visitOn(today(), "proposed");
    const proposed = await owner.call(
      adminAppointmentDay,
      "POST",
      `/api/admin/appointments/${offered.appointment.id}/on-my-way`,
      { body: { etaMinutes: 30 } },
    );
    expect(proposed.status).toBe(409);
    expect(proposed.json.error.code).toBe("visit_not_confirmed");
    expect(await mailFor(tomorrow.request.id)).toEqual([]);
    expect(await mailFor(offered.request.id)).toEqual([]);

    const missing = await owner.call(adminAppointmentDay, "POST", "/api/admin/appointments/999999/complete", {
      body: {},
    });
    expect(missing.status).toBe(404);
  });

  it("completing a visit still ahead is 409 visit_ahead; a completion time in the future is 422", async () => {
    const owner = await adminClient();
    const ahead = await visitOn(addDays(today(), 2));
    const res = await owner.call(
      adminAppointmentDay,
      "POST",
      `/api/admin/appointments/${ahead.appointment.id}/complete`,
      { body: {} },
    );
    expect(res.status).toBe(409);
    expect(res.json.error.code).toBe("visit_ahead");
    const now = await visitOn(today());
    const future = await owner.call(
      adminAppointmentDay,
      "POST",
      `/api/admin/appointments/${now.appointment.id}/complete`,
      { body: { completedAt: new Date(Date.now() + 3_600_000).toISOString() } },
    );
    expect(future.status).toBe(422);
    expect(future.json.error.fields.completedAt).toBe("The visit cannot be done in the future.");
    expect((await appointmentRow(now.appointment.id)).status).toBe("confirmed");
  });
});

describe("a customer with no e-mail address", () => {
  it("on my way is recorded, nothing is queued, and the answer holds the e-mail's words to text", async () => {
    // A job taken by phone may have no e-mail address.
    const { request, appointment } = await visitOn(today());
    await t.db.execute(sql`update form_submissions set email = null where id = ${request.id}`);
    const owner = await adminClient();
    const path = (what: string) => `/api/admin/appointments/${appointment.id}/${what}`;
    const res = await owner.call(adminAppointmentDay, "POST", path("on-my-way"), {
      body: { etaMinutes: 30 },
    });
    expect(res.status, res.text).toBe(200);
    expect(await mailFor(request.id)).toEqual([]);
    const row = await appointmentRow(appointment.id);
    expect(row.onMyWayAt).not.toBeNull();
    expect(res.json.appointment.etaAt).toBe(row.etaAt!.toISOString());
    const at = formatTime(row.etaAt!);
    expect(res.json.told).toBe("text");
    expect(res.json.text.phone).toBe("07700 900123");
    expect(res.json.text.message).toBe(
      `Kingdom Handyman is on the way to you for your plumbing & heating job at 1 High Street, Kirkcaldy, arriving around ${at}. ` +
        `If you need to reach us before then, please call 0131 496 0472. Your reference is ${requestReference(request)}. Kingdom Handyman Services`,
    );
    const note = (await historyOf(request.id)).at(-1)!.note!;
    expect(note).toBe(
      `On the way: arriving around ${at}; no e-mail address, so a text message was offered to send from the owner's phone`,
    );
    expect(note).not.toMatch(/told|e-mailed|sent/);

    // Running late works the same way: recorded, nothing queued, the new words to text.
    const late = await owner.call(adminAppointmentDay, "POST", path("running-late"), {
      body: { etaMinutes: 45 },
    });
    expect(late.status, late.text).toBe(200);
    expect(late.json.told).toBe("text");
    const lateAt = formatTime((await appointmentRow(appointment.id)).etaAt!);
    expect(late.json.text.message).toContain(
      `Sorry, we are running late. Kingdom Handyman is now arriving around ${lateAt}`,
    );
    expect(await mailFor(request.id)).toEqual([]);
  });

  it("the text carries the same sentences as the e-mail a customer with an address gets", async () => {
    const { request, appointment } = await visitOn(today());
    const owner = await adminClient();
    const res = await owner.call(
      adminAppointmentDay,
      "POST",
      `/api/admin/appointments/${appointment.id}/on-my-way`,
      {
        body: { etaMinutes: 30 },
      },
    );
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ told: "email", text: null });
    const [mail] = await mailFor(request.id);
    const at = formatTime((await appointmentRow(appointment.id)).etaAt!);
    // The words as composed, with the business's phone in force where the e-mail states it.
    const words = onTheWayText(request, new Date(res.json.appointment.etaAt), { late: false }).replaceAll(
      businessFact.phone,
      (await currentBusiness()).phone,
    );
    expect(words).toContain(`arriving around ${at}.`);
    const flat = mail!.textBody.replace(/\s+/g, " ");
    for (const sentence of words.replace(/ Kingdom Handyman Services$/, "").split(/(?<=\.) /)) {
      expect(flat).toContain(sentence);
    }
  });
});

describe("visit done", () => {
  it("records the time, the note and after-photos, leaves the request's state, and the feed shows it done", async () => {
    const { request, appointment } = await visitOn(today());
    const owner = await adminClient();
    // The owner's photo goes through the same upload pipeline as a customer's.
    const upload = await uploads(
      new Request("http://localhost/api/uploads", {
        method: "POST",
        headers: { "content-type": "image/png", "x-forwarded-for": randomIp() },
        body: new Uint8Array(await png()),
      }),
    );
    expect(upload.status).toBe(201);
    const photoId = ((await upload.json()) as { id: string }).id;
    const completedAt = new Date(Date.now() - 60_000);
    completedAt.setMilliseconds(0);
    const sameDay = dateInZone(completedAt) === today();

    const res = await owner.call(
      adminAppointmentDay,
      "POST",
      `/api/admin/appointments/${appointment.id}/complete`,
      {
        body: {
          note: "Radiator bled, valve replaced.",
          ...(sameDay ? { completedAt: completedAt.toISOString() } : {}),
          photos: [photoId],
        },
      },
    );
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({
      requestId: request.id,
      requestState: "scheduled",
      photosAdded: 1,
      nextSteps: {
        invoiceHref: `/admin/requests/${request.id}#invoices`,
        canMarkDone: true,
        review: "after_done",
      },
    });
    expect(res.json.appointment).toMatchObject({ status: "completed", sequence: 1 });

    const row = await appointmentRow(appointment.id);
    expect(row.status).toBe("completed");
    if (sameDay) expect(row.completedAt?.toISOString()).toBe(completedAt.toISOString());
    const [stored] = await t.db.select().from(requests).where(eq(requests.id, request.id));
    expect(stored!.state).toBe("scheduled");
    expect(stored!.isRead).toBe(true);
    const last = (await historyOf(request.id)).at(-1)!;
    expect(last).toMatchObject({ actor: "owner", fromState: "scheduled", toState: "scheduled" });
    expect(last.note).toMatch(
      /^Visit on .* completed at .*, 1 after photo added\. Radiator bled, valve replaced\.$/,
    );
    // No e-mail to the customer: the visit happened as their calendar shows it.
    expect(await mailFor(request.id)).toEqual([]);

    const photos = await owner.call(adminPhotos, "GET", `/api/admin/photos?submission=${request.id}`);
    expect(photos.json.photos).toEqual([expect.objectContaining({ id: photoId, stage: "after" })]);

    const again = await owner.call(
      adminAppointmentDay,
      "POST",
      `/api/admin/appointments/${appointment.id}/complete`,
      { body: {} },
    );
    expect(again.status).toBe(409);
    expect(again.json.error.code).toBe("visit_not_confirmed");

    const created = await owner.call(adminAvailability, "POST", "/api/admin/availability/calendar-feed");
    const text = await (await calendarFeedFn(getRequest(new URL(created.json.url).pathname))).text();
    const calendar = new ICAL.Component(ICAL.parse(text));
    const event = calendar
      .getAllSubcomponents("vevent")
      .find((v) => v.getFirstPropertyValue("uid") === appointment.uid)!;
    expect(event.getFirstPropertyValue("sequence")).toBe(1);
    expect(String(event.getFirstPropertyValue("summary"))).toMatch(/^Done: /);
  });
});
