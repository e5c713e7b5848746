/**
 * The customer's timeline tells one true story: every event after the booking, driven through the
 * real services and endpoints (confirm, move, on my way, visit done, invoice issued and sent, a
 * payment, a credit note), reads on the customer's page in plain words, never "Appointment changed";
 * after the visit the status says so and offers no other time.
 */
import { describe, expect, it } from "vitest";
import adminInvoices from "../../netlify/functions/admin-invoices.mts";
import bookings from "../../netlify/functions/bookings.mts";
import customerPageFn from "../../netlify/functions/customer-page.mts";
import { actOnAppointment } from "../../src/features/appointments/service";
import { completeVisit, onMyWay } from "../../src/features/appointments/service-day";
import { appointmentLabel } from "../../src/features/appointments/mail";
import { customerPage } from "../../src/features/customer-page/service";
import { sameStateWords } from "../../src/features/customer-page/timeline";
import { appointments, mailOutbox } from "../../src/features/tables";
import { serviceContext } from "../../src/platform/context";
import { dateInZone, wallClockInstant } from "../../src/platform/time";
import { adminClient } from "../helpers/admin";
import { offeredFrom } from "../helpers/dates";
import { useTestDatabase } from "../helpers/db";
import { jsonRequest, validBooking } from "../helpers/http";
import { sendPending, sentMessage } from "../helpers/sent-mail";
import { eq } from "drizzle-orm";

const t = useTestDatabase();

async function tokenOf(id: number): Promise<string> {
  await sendPending(t.db, { submissionId: id });
  const rows = await t.db.select().from(mailOutbox).where(eq(mailOutbox.submissionId, id));
  const text = sentMessage(rows.find((m) => !m.kind.startsWith("owner_"))!.id).text;
  return /\/request\/([A-Za-z0-9_-]{22})/.exec(text)![1]!;
}

describe("the customer's timeline", () => {
  it("names each event after the booking in plain words, and the status after the visit offers no other time", async () => {
    const date = offeredFrom(3);
    const booked = await bookings(
      jsonRequest("/api/bookings", validBooking({ preferredOptions: [{ date, window: "morning" }] })),
    );
    expect(booked.status).toBe(201);
    const id = ((await booked.json()) as { id: number }).id;
    const token = await tokenOf(id);

    await actOnAppointment(id, { action: "confirm", date, window: "morning" }, serviceContext());
    await actOnAppointment(
      id,
      { action: "confirm", date, window: "afternoon", dayOverrideReason: "Private: the van is booked" },
      serviceContext(),
    );
    const list = await customerPage(token, serviceContext());
    const [appointment] = await t.db.select().from(appointments).where(eq(appointments.submissionId, id));
    const appointmentId = appointment!.id;
    expect(list.can.reschedule).toBe(true);

    const onTheDay = (time: string) => serviceContext({ now: wallClockInstant(date, time) });
    await onMyWay(appointmentId, { etaMinutes: 30 }, onTheDay("12:05"));
    await completeVisit(appointmentId, { note: "Private: customer's dog bit the ladder" }, onTheDay("15:00"));

    const owner = await adminClient();
    const created = await owner.call(adminInvoices, "POST", "/api/admin/invoices", {
      body: {
        kind: "direct",
        submissionId: id,
        lines: [{ description: "Fit a tap", quantity: 1, unitPence: 12000 }],
      },
    });
    expect(created.status, created.text).toBe(201);
    const invoiceId = created.json.invoice.id as number;
    const issued = await owner.call(adminInvoices, "POST", `/api/admin/invoices/${invoiceId}/issue`);
    expect(issued.status, issued.text).toBe(200);
    const number = issued.json.invoice.number as string;
    expect((await owner.call(adminInvoices, "POST", `/api/admin/invoices/${invoiceId}/send`)).status).toBe(
      200,
    );
    const paid = await owner.call(adminInvoices, "POST", `/api/admin/invoices/${invoiceId}/payments`, {
      body: { amountPence: 5000, method: "cash", receivedOn: dateInZone(new Date()) },
    });
    expect(paid.status, paid.text).toBe(201);
    const credit = await owner.call(adminInvoices, "POST", `/api/admin/invoices/${invoiceId}/credit-note`, {
      body: {
        reason: "Private: goodwill",
        lines: [{ description: "Discount", quantity: 1, unitPence: 1000 }],
      },
    });
    expect(credit.status, credit.text).toBe(201);
    const view = await customerPage(token, serviceContext());
    const creditNumber = view.invoices!.invoices.find((i) => i.kind === "credit_note")!.number;
    expect(creditNumber).toMatch(/CN/);
    const morning = appointmentLabel(date, "morning");
    const afternoon = appointmentLabel(date, "afternoon");
    expect(view.history.map((h) => h.text).reverse()).toEqual([
      "Request received",
      `Visit confirmed for ${morning}`,
      `Visit moved to ${afternoon}`,
      "On the way, arriving around 12:35pm",
      "Visit done",
      `Invoice ${number} issued`,
      `Invoice ${number} sent`,
      `£50.00 received (invoice ${number})`,
      `Credit note ${creditNumber}: £10.00 off invoice ${number}`,
    ]);

    // After the visit: the status says so and offers neither another time nor a cancel.
    expect(view.status.headline).toBe(`Visit done: ${afternoon}`);
    expect(view.status.detail).toBe("The work is done. Your invoice is below, with how to pay it.");
    expect(view.can).toMatchObject({ reschedule: false, cancel: false, accept: false });

    const html = await (await customerPageFn(new Request(`http://localhost:8888/request/${token}`))).text();
    expect(html).not.toContain("Appointment changed");
    expect(html).not.toContain("Ask for another time");
    expect(html).not.toContain("We will arrive within the window shown");
    expect(html).not.toContain("Changes to a confirmed appointment can be made here");
    // The invoice card's sums add up: total £120.00, credited £10.00, paid £50.00, left £60.00.
    const card = html.slice(html.indexOf(`<span class="ref">${number}</span>`));
    const rows = [...card.matchAll(/<dt[^>]*>([^<]+)<\/dt><dd[^>]*>([^<]+)<\/dd>/g)]
      .slice(0, 6)
      .map((m) => `${m[1]} ${m[2]}`);
    expect(rows).toEqual(
      expect.arrayContaining(["Total £120.00", "Credited £10.00", "Paid £50.00", "Left to pay £60.00"]),
    );
    expect(view.invoices!.invoices.find((i) => i.number === number)).toMatchObject({
      totalPence: 12000,
      creditedPence: 1000,
      paidPence: 5000,
      balancePence: 6000,
    });
    // The owner's own reasons and notes stay his.
    expect(html).not.toContain("Private:");
  });

  it("leaves out a row it has no words for rather than guess", () => {
    expect(sameStateWords("Reminders for invoice KH-0002 turned off")).toBeNull();
    expect(sameStateWords("Called about parking")).toBeNull();
    expect(sameStateWords(null)).toBeNull();
    expect(
      sameStateWords(
        "Payment of £1,250.00 received 2026-12-01 removed from invoice KH-0002 (recorded by mistake)",
      ),
    ).toBe("Payment of £1,250.00 removed from invoice KH-0002: it was recorded by mistake");
  });
});
