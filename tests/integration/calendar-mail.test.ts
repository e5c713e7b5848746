/**
 * The appointment e-mails as a mail client receives them: a booking confirmed, moved and cancelled
 * by the owner, each message stored in the outbox, sent through the real SMTP transport to a
 * loopback SMTP server (the first attempt while the server is down, so the retry sends what the
 * outbox kept), then read back with an independent MIME parser (postal-mime) and the calendar part
 * with an independent iCalendar parser (ical.js): multipart/alternative with text, HTML and
 * `text/calendar; method=REQUEST` (CANCEL for the cancellation), the same file attached, one UID,
 * a rising SEQUENCE, the business as ORGANIZER and the customer as ATTENDEE.
 */
import { once } from "node:events";
import { createServer, type AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import ICAL from "ical.js";
import PostalMime from "postal-mime";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import bookings from "../../netlify/functions/bookings.mts";
import { site } from "../../src/config/site";
import { weekdayOf, type IsoDate } from "../../src/features/appointments/contract";
import { actOnAppointment } from "../../src/features/appointments/service";
import { deliverDue } from "../../src/features/mail/service-delivery";
import { appointments, mailOutbox } from "../../src/features/tables";
import { serviceContext } from "../../src/platform/context";
import { createSmtpSender } from "../../src/platform/mail/transport";
import { useTestDatabase } from "../helpers/db";
import { bookableToday, jsonRequest, validBooking } from "../helpers/http";
import { calendarPart, startSmtp } from "../helpers/smtp";

const t = useTestDatabase();
let smtp: Awaited<ReturnType<typeof startSmtp>>;

beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(() => smtp.close());

const from = "Site <site@kingdomhandyman.example>";

/** A loopback port nothing listens on: the SMTP server is "down". */
async function closedPort(): Promise<number> {
  const server = createServer().listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function weekday(skip: number): IsoDate {
  const dates = bookableToday().filter((d) => weekdayOf(d.date) >= 1 && weekdayOf(d.date) <= 5);
  return dates[skip]!.date;
}

/** The MIME tree postal-mime built while parsing (its own nodes: type, parameters, disposition). */
interface ParsedNode {
  contentType: { value: string; parsed: { value: string; params: Record<string, string> } };
  contentDisposition?: { parsed?: { value?: string } };
  childNodes: ParsedNode[];
}

interface Part {
  type: string;
  method?: string | undefined;
  charset?: string | undefined;
  disposition?: string | undefined;
  parts?: Part[];
}

function tree(node: ParsedNode): Part {
  const params = node.contentType.parsed.params;
  const disposition = node.contentDisposition?.parsed?.value || undefined;
  return {
    type: node.contentType.parsed.value.toLowerCase(),
    ...(params.method ? { method: params.method } : {}),
    ...(params.charset ? { charset: params.charset.toLowerCase() } : {}),
    ...(disposition ? { disposition } : {}),
    ...(node.childNodes.length ? { parts: node.childNodes.map(tree) } : {}),
  };
}

/** One received message, parsed: its MIME tree, bodies and the calendar it carries. */
async function read(raw: string) {
  const parser = new PostalMime();
  const email = await parser.parse(raw);
  const root = (parser as unknown as { root: ParsedNode }).root;
  const text = (content: ArrayBuffer | Uint8Array | string) =>
    typeof content === "string" ? content : new TextDecoder().decode(content);
  const inline = email.attachments.find((a) => a.mimeType === "text/calendar");
  const attached = email.attachments.find((a) => a.disposition === "attachment");
  return {
    email,
    structure: tree(root),
    inline: inline && { method: inline.method, ics: text(inline.content) },
    attached: attached && {
      filename: attached.filename,
      type: attached.mimeType,
      ics: text(attached.content),
    },
  };
}

function eventOf(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const vevent = calendar.getFirstSubcomponent("vevent")!;
  const organizer = vevent.getFirstProperty("organizer")!;
  const attendee = vevent.getFirstProperty("attendee")!;
  return {
    method: calendar.getFirstPropertyValue("method"),
    uid: vevent.getFirstPropertyValue("uid"),
    sequence: vevent.getFirstPropertyValue("sequence"),
    status: vevent.getFirstPropertyValue("status"),
    organizer: { value: organizer.getFirstValue(), cn: organizer.getParameter("cn") },
    attendee: {
      value: attendee.getFirstValue(),
      cn: attendee.getParameter("cn"),
      partstat: attendee.getParameter("partstat"),
      rsvp: attendee.getParameter("rsvp"),
    },
  };
}

/** The shape every appointment e-mail with a calendar has. */
const expectedStructure = (method: string): Part => ({
  type: "multipart/mixed",
  parts: [
    {
      type: "multipart/alternative",
      parts: [
        { type: "text/plain", charset: "utf-8" },
        { type: "text/html", charset: "utf-8" },
        { type: "text/calendar", method, charset: "utf-8" },
      ],
    },
    { type: "application/ics", disposition: "attachment" },
  ],
});

describe("appointment e-mails carry a calendar part Outlook acts on", () => {
  it("confirm, move, cancel: REQUEST, REQUEST with a higher SEQUENCE, CANCEL; stored, retried and parsed back", async () => {
    const email = `calendar-${Date.now()}@example.com`;
    const response = await bookings(
      jsonRequest(
        "/api/bookings",
        validBooking({
          name: "Łukasz Wójcik",
          email,
          preferredOptions: [{ date: weekday(0), window: "morning" }],
        }),
      ),
    );
    expect(response.status, await response.clone().text()).toBe(201);
    const { id } = (await response.json()) as { id: number };

    await actOnAppointment(id, { action: "confirm", date: weekday(0), window: "morning" }, serviceContext());
    await actOnAppointment(
      id,
      { action: "confirm", date: weekday(1), window: "afternoon" },
      serviceContext(),
    );
    await actOnAppointment(id, { action: "cancel", reason: "The van has broken down." }, serviceContext());
    const [appointment] = await t.db.select().from(appointments).where(eq(appointments.submissionId, id));

    const rows = (await t.db.select().from(mailOutbox).where(eq(mailOutbox.submissionId, id)))
      .filter((m) => m.kind.startsWith("appointment_"))
      .sort((a, b) => a.id - b.id);
    expect(rows.map((r) => r.kind)).toEqual([
      "appointment_confirmed",
      "appointment_changed",
      "appointment_cancelled",
    ]);
    const ids = rows.map((r) => r.id);

    // The SMTP server is down: every message stays pending with its calendar file stored.
    const down = createSmtpSender({ smtpUrl: `smtp://127.0.0.1:${await closedPort()}?tls=off`, from }, 2000);
    const failed = await deliverDue(t.db, down, { ids, now: new Date(Date.now() + 1000) });
    expect(failed).toEqual({ sent: 0, retrying: 3, failed: 0 });

    // The retry, once the server is back, sends what the outbox kept.
    const up = createSmtpSender({ smtpUrl: `smtp://127.0.0.1:${smtp.port}?tls=off`, from });
    const retried = await deliverDue(t.db, up, { ids, now: new Date(Date.now() + 2 * 60 * 60 * 1000) });
    expect(retried).toEqual({ sent: 3, retrying: 0, failed: 0 });
    const received = smtp.received.filter((m) => m.envelopeTo.includes(email));
    expect(received).toHaveLength(3);
    const parsed = await Promise.all(received.map((m) => read(m.raw)));
    // The browser tests' own reader of a raw message finds the same calendar postal-mime does
    // (which hands text parts over with LF line ends), and the wire keeps iCalendar's CRLF.
    for (const [i, m] of received.entries()) {
      const wire = calendarPart(m.raw)!;
      expect(wire).toMatch(/^BEGIN:VCALENDAR\r\n[\s\S]*\r\nEND:VCALENDAR\r\n$/);
      expect(wire).not.toMatch(/[^\r]\n/);
      expect(wire.replaceAll("\r\n", "\n")).toBe(parsed[i]!.inline!.ics.replaceAll("\r\n", "\n"));
    }
    const bySubject = (start: string) => {
      const found = parsed.filter((m) => m.email.subject?.startsWith(start));
      expect(found, start).toHaveLength(1);
      return found[0]!;
    };
    const confirmed = bySubject("Your appointment is confirmed: ");
    const moved = bySubject("Your appointment has changed: ");
    const cancelled = bySubject("Your appointment is cancelled");
    expect(confirmed.structure).toEqual(expectedStructure("REQUEST"));
    expect(moved.structure).toEqual(expectedStructure("REQUEST"));
    expect(cancelled.structure).toEqual(expectedStructure("CANCEL"));
    expect(confirmed.email.text).toContain("morning");
    expect(confirmed.email.html).toContain("morning");

    const uid = `appointment-${appointment!.id}@www.kingdomhandyman.example`;
    const people = {
      organizer: { value: `mailto:${site.email}`, cn: site.name },
      attendee: { value: `mailto:${email}`, cn: "Łukasz Wójcik", partstat: "NEEDS-ACTION", rsvp: "FALSE" },
    };
    const expected = [
      {
        message: confirmed,
        method: "REQUEST",
        sequence: 0,
        status: "CONFIRMED",
        filename: "appointment.ics",
      },
      { message: moved, method: "REQUEST", sequence: 1, status: "CONFIRMED", filename: "appointment.ics" },
      { message: cancelled, method: "CANCEL", sequence: 2, status: "CANCELLED", filename: "cancel.ics" },
    ];
    for (const { message, method, sequence, status, filename } of expected) {
      // The alternative part and the attachment are the same calendar, and its METHOD matches the
      // part's `method` parameter (RFC 6047 §2.4).
      expect(message.inline!.method).toBe(method);
      expect(message.attached).toMatchObject({ filename, type: "application/ics" });
      expect(message.attached!.ics).toBe(message.inline!.ics);
      expect(eventOf(message.inline!.ics)).toEqual({ method, uid, sequence, status, ...people });
    }
    // The outbox row still holds the file, as stored (a later retry of any row would send the same).
    expect(rows[2]!.attachments).toEqual([
      expect.objectContaining({
        filename: "cancel.ics",
        contentType: "text/calendar; charset=utf-8; method=CANCEL",
      }),
    ]);
  });
});
