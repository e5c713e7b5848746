/**
 * The calendar text is read back with ical.js (Mozilla's iCalendar parser, used by Thunderbird), so
 * these tests check what a calendar app would understand, not what our own code expects to write.
 */
import fc from "fast-check";
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { addDays, weekdayOf, type IsoDate, type WindowId } from "../../src/features/appointments/contract";
import { windowInstants } from "../../src/features/appointments/window-instants";
import {
  appointmentCancelIcs,
  appointmentRequestIcs,
  appointmentUid,
  calendarContentType,
  calendarFeedIcs,
  escapeText,
  foldLine,
  type AppointmentEvent,
  type InvitationOptions,
} from "../../src/features/appointments/ics";

const now = new Date("2026-03-03T10:15:30.123Z");
const people: InvitationOptions = {
  organizer: { name: "Kingdom Handyman Services", email: "hello@kingdomhandyman.example" },
  attendee: { name: "Jane Smith", email: "jane@example.com" },
  now,
};
const event = (overrides: Partial<AppointmentEvent> = {}): AppointmentEvent => ({
  uid: appointmentUid(42),
  sequence: 0,
  date: "2026-03-30",
  window: "morning",
  summary: "Kingdom Handyman Services: plumbing visit",
  location: "12 High Street, Kirkcaldy KY1 1AA",
  description: "Dripping kitchen tap",
  ...overrides,
});

function parse(text: string): ICAL.Component {
  return new ICAL.Component(ICAL.parse(text));
}

function vevents(text: string): ICAL.Component[] {
  return parse(text).getAllSubcomponents("vevent");
}

function only<T>(items: readonly T[]): T {
  expect(items).toHaveLength(1);
  return items[0]!;
}

function timeOf(component: ICAL.Component, name: "dtstart" | "dtend"): ICAL.Time {
  const value = component.getFirstPropertyValue(name);
  if (!(value instanceof ICAL.Time)) throw new Error(`${name} is not a date-time`);
  return value;
}

/** The instants and zone a calendar app reads from an event. */
function instantsOf(component: ICAL.Component) {
  const start = timeOf(component, "dtstart");
  const end = timeOf(component, "dtend");
  return {
    start: start.toJSDate().toISOString(),
    end: end.toJSDate().toISOString(),
    zone: start.zone?.tzid,
  };
}

/** Every rule of RFC 5545 §3.1 the text must keep, checked on the raw octets. */
function expectWellFormed(text: string): void {
  expect(text.endsWith("\r\n")).toBe(true);
  expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/); // no bare CR or LF
  const bytes = new TextEncoder().encode(text);
  const decoder = new TextDecoder("utf-8", { fatal: true });
  const problems: string[] = [];
  let lineStart = 0;
  for (let i = 0; i < bytes.length - 1; i++) {
    if (bytes[i] !== 0x0d || bytes[i + 1] !== 0x0a) continue;
    const line = bytes.subarray(lineStart, i);
    if (line.length > 75) problems.push(`${line.length} octets: ${new TextDecoder().decode(line)}`);
    // Each physical line is whole UTF-8 on its own: no character was split by a fold.
    try {
      decoder.decode(line);
    } catch {
      problems.push(`split character in: ${new TextDecoder().decode(line)}`);
    }
    lineStart = i + 2;
    i++;
  }
  expect(problems).toEqual([]);
  expect(lineStart).toBe(bytes.length);
}

describe("invitation (METHOD:REQUEST)", () => {
  it("parses, with the appointment's UID, sequence, stamp, text, people and Europe/London times", () => {
    const text = appointmentRequestIcs(event(), people);
    expectWellFormed(text);
    const calendar = parse(text);
    expect(calendar.getFirstPropertyValue("method")).toBe("REQUEST");
    expect(calendar.getFirstPropertyValue("version")).toBe("2.0");
    const e = only(calendar.getAllSubcomponents("vevent"));
    expect(e.getFirstPropertyValue("uid")).toBe("appointment-42@www.kingdomhandyman.example");
    expect(e.getFirstPropertyValue("sequence")).toBe(0);
    expect(e.getFirstPropertyValue("status")).toBe("CONFIRMED");
    expect((e.getFirstPropertyValue("dtstamp") as ICAL.Time).toJSDate().toISOString()).toBe(
      "2026-03-03T10:15:30.000Z",
    );
    expect(e.getFirstPropertyValue("summary")).toBe("Kingdom Handyman Services: plumbing visit");
    expect(e.getFirstPropertyValue("location")).toBe("12 High Street, Kirkcaldy KY1 1AA");
    expect(e.getFirstPropertyValue("description")).toBe("Dripping kitchen tap");
    const organizer = e.getFirstProperty("organizer")!;
    expect(organizer.getFirstValue()).toBe("mailto:hello@kingdomhandyman.example");
    expect(organizer.getParameter("cn")).toBe("Kingdom Handyman Services");
    const attendee = e.getFirstProperty("attendee")!;
    expect(attendee.getFirstValue()).toBe("mailto:jane@example.com");
    expect(attendee.getParameter("cn")).toBe("Jane Smith");
    expect(attendee.getParameter("partstat")).toBe("NEEDS-ACTION");
    expect(attendee.getParameter("rsvp")).toBe("FALSE");
    // Monday 30 March is the first weekday of British Summer Time: 8am BST is 07:00 UTC.
    expect(instantsOf(e)).toEqual({
      start: "2026-03-30T07:00:00.000Z",
      end: "2026-03-30T11:00:00.000Z",
      zone: "Europe/London",
    });
    // ical.js resolved the zone from the file's own VTIMEZONE, not from a floating local time.
    expect(only(calendar.getAllSubcomponents("vtimezone")).getFirstPropertyValue("tzid")).toBe(
      "Europe/London",
    );
    expect(text).toContain("DTSTART;TZID=Europe/London:20260330T080000\r\n");
  });

  const dstCases: [IsoDate, WindowId, string, string][] = [
    ["2026-03-27", "morning", "2026-03-27T08:00:00.000Z", "2026-03-27T12:00:00.000Z"], // Friday, GMT
    ["2026-03-28", "any", "2026-03-28T09:00:00.000Z", "2026-03-28T16:00:00.000Z"], // Saturday, GMT
    ["2026-03-30", "afternoon", "2026-03-30T11:00:00.000Z", "2026-03-30T16:00:00.000Z"], // Monday, BST
    ["2026-10-24", "morning", "2026-10-24T08:00:00.000Z", "2026-10-24T11:00:00.000Z"], // Saturday, BST
    ["2026-10-26", "morning", "2026-10-26T08:00:00.000Z", "2026-10-26T12:00:00.000Z"], // Monday, GMT
    ["2026-10-26", "any", "2026-10-26T08:00:00.000Z", "2026-10-26T17:00:00.000Z"],
  ];

  it.each(dstCases)(
    "puts %s %s on the right UTC instants around the clock changes",
    (date, window, start, end) => {
      const e = only(vevents(appointmentRequestIcs(event({ date, window }), people)));
      expect(instantsOf(e)).toEqual({ start, end, zone: "Europe/London" });
    },
  );

  it("keeps the UID and raises the sequence for a change", () => {
    const first = only(vevents(appointmentRequestIcs(event(), people)));
    const changed = only(vevents(appointmentRequestIcs(event({ sequence: 1, date: "2026-03-31" }), people)));
    expect(changed.getFirstPropertyValue("uid")).toBe(first.getFirstPropertyValue("uid"));
    expect(changed.getFirstPropertyValue("sequence")).toBe(1);
    expect(instantsOf(changed).start).toBe("2026-03-31T07:00:00.000Z");
    expect(appointmentUid(42)).toBe(appointmentUid("42"));
    expect(appointmentUid(42)).not.toBe(appointmentUid(43));
  });

  it("quotes names with commas, semicolons and colons in CN, and drops double quotes", () => {
    const text = appointmentRequestIcs(event(), {
      ...people,
      attendee: { name: 'Dr. Jane "JJ" Smith, Jr; Apt: 3', email: "jane@example.com" },
    });
    expectWellFormed(text);
    const attendee = only(vevents(text)).getFirstProperty("attendee")!;
    expect(attendee.getParameter("cn")).toBe("Dr. Jane 'JJ' Smith, Jr; Apt: 3");
    expect(attendee.getFirstValue()).toBe("mailto:jane@example.com");
  });

  it("adds a URL when given and refuses what would break the text", () => {
    const withUrl = only(
      vevents(appointmentRequestIcs(event({ url: "https://example.com/r/abc?x=1" }), people)),
    );
    expect(withUrl.getFirstPropertyValue("url")).toBe("https://example.com/r/abc?x=1");
    expect(() => appointmentRequestIcs(event({ url: "javascript:alert(1)" }), people)).toThrow(RangeError);
    expect(() => appointmentRequestIcs(event({ sequence: -1 }), people)).toThrow(RangeError);
    expect(() =>
      appointmentRequestIcs(event(), {
        ...people,
        attendee: { email: "jane@example.com\r\nATTENDEE:mailto:x@y.z" },
      }),
    ).toThrow(RangeError);
    expect(() => appointmentRequestIcs(event({ date: "2026-02-30" }), people)).toThrow(RangeError);
    expect(() => appointmentUid("42@evil")).toThrow(RangeError);
  });

  it("names the method in the MIME type", () => {
    expect(calendarContentType("REQUEST")).toBe("text/calendar; charset=utf-8; method=REQUEST");
    expect(calendarContentType("CANCEL")).toBe("text/calendar; charset=utf-8; method=CANCEL");
  });
});

describe("cancellation (METHOD:CANCEL)", () => {
  it("carries the same UID, a higher sequence, the people and the cancelled status", () => {
    const text = appointmentCancelIcs(event({ sequence: 2 }), people);
    expectWellFormed(text);
    const calendar = parse(text);
    expect(calendar.getFirstPropertyValue("method")).toBe("CANCEL");
    const e = only(calendar.getAllSubcomponents("vevent"));
    expect(e.getFirstPropertyValue("uid")).toBe(appointmentUid(42));
    expect(e.getFirstPropertyValue("sequence")).toBe(2);
    expect(e.getFirstPropertyValue("status")).toBe("CANCELLED");
    expect(e.getFirstProperty("organizer")!.getFirstValue()).toBe("mailto:hello@kingdomhandyman.example");
    expect(e.getFirstProperty("attendee")!.getFirstValue()).toBe("mailto:jane@example.com");
    expect(instantsOf(e).start).toBe("2026-03-30T07:00:00.000Z");
  });
});

describe("subscription feed (METHOD:PUBLISH)", () => {
  it("lists many events under the calendar's name, without people", () => {
    const events = [
      event({
        uid: appointmentUid(1),
        date: "2026-03-28",
        window: "morning",
        summary: "Jane Smith, plumbing",
      }),
      event({
        uid: appointmentUid(2),
        date: "2026-03-30",
        window: "afternoon",
        summary: "Tom Brown; painting",
      }),
      event({ uid: appointmentUid(3), date: "2026-10-26", window: "any", summary: "Ann Lee" }),
    ];
    const text = calendarFeedIcs({
      name: "Kingdom Handyman: jobs",
      organizer: people.organizer,
      events,
      now,
    });
    expectWellFormed(text);
    const calendar = parse(text);
    expect(calendar.getFirstPropertyValue("method")).toBe("PUBLISH");
    expect(calendar.getFirstPropertyValue("x-wr-calname")).toBe("Kingdom Handyman: jobs");
    expect(calendar.getFirstPropertyValue("x-wr-timezone")).toBe("Europe/London");
    const parsed = calendar.getAllSubcomponents("vevent");
    expect(parsed.map((e) => e.getFirstPropertyValue("summary"))).toEqual([
      "Jane Smith, plumbing",
      "Tom Brown; painting",
      "Ann Lee",
    ]);
    expect(parsed.map((e) => instantsOf(e).start)).toEqual([
      "2026-03-28T09:00:00.000Z",
      "2026-03-30T11:00:00.000Z",
      "2026-10-26T08:00:00.000Z",
    ]);
    // RFC 5546 §3.2.1: a published event names its ORGANIZER (the business) and no ATTENDEE.
    for (const e of parsed) {
      const organizer = e.getFirstProperty("organizer")!;
      expect(organizer.getFirstValue()).toBe("mailto:hello@kingdomhandyman.example");
      expect(organizer.getParameter("cn")).toBe("Kingdom Handyman Services");
      expect(e.hasProperty("attendee")).toBe(false);
    }
    expect(only(calendar.getAllSubcomponents("vtimezone")).getFirstPropertyValue("tzid")).toBe(
      "Europe/London",
    );
  });

  it("an empty feed is still a valid calendar", () => {
    const text = calendarFeedIcs({ name: "Jobs", organizer: people.organizer, events: [], now });
    expectWellFormed(text);
    expect(vevents(text)).toEqual([]);
  });

  it("agrees with the zone rules the server uses, for every working day of 2025-2031", () => {
    // One event per working day and window; the file's VTIMEZONE, read by ical.js, must give the
    // same instants as the runtime's time-zone data (window-instants.ts) on every one of them.
    const events: AppointmentEvent[] = [];
    for (let date = "2025-01-01"; date <= "2031-12-31"; date = addDays(date, 1)) {
      if (weekdayOf(date) === 0) continue;
      const window: WindowId = (["morning", "afternoon", "any"] as const)[events.length % 3]!;
      events.push(event({ uid: appointmentUid(events.length), date, window }));
    }
    const parsed = vevents(calendarFeedIcs({ name: "Jobs", organizer: people.organizer, events, now }));
    expect(parsed).toHaveLength(events.length);
    const mismatches = parsed.flatMap((e, i) => {
      const expected = windowInstants(events[i]!.date, events[i]!.window);
      const got = instantsOf(e);
      return got.start === expected.start.toISOString() && got.end === expected.end.toISOString()
        ? []
        : [`${events[i]!.date} ${events[i]!.window}: ${got.start} vs ${expected.start.toISOString()}`];
    });
    expect(mismatches).toEqual([]);
  });
});

describe("text escaping and folding", () => {
  it("escapes backslash, semicolon, comma and newlines", () => {
    expect(escapeText("a,b;c\\d\ne\r\nf\rg")).toBe("a\\,b\\;c\\\\d\\ne\\nf\\ng");
    expect(escapeText("tab\tstays, bell\u0007 goes")).toBe("tab\tstays\\, bell goes");
    // A lone surrogate has no UTF-8 form: it becomes U+FFFD rather than a broken octet sequence.
    expect(escapeText("a\ud800b")).toBe("a\ufffdb");
  });

  it("round-trips a description with commas, semicolons, newlines, backslashes and emoji exactly", () => {
    const description = [
      "Kitchen: tap drips, sink blocked; boiler makes a noise \\ sometimes.",
      "Access: key safe 1234; dog 🐕 friendly, cat 🐈‍⬛ not.",
      "Thanks! 👍🏽 — Zoë, Ærøskøbing, 東京, עברית, 👨‍👩‍👧‍👦",
      "",
      "Long line: " + "🙂".repeat(40) + "é".repeat(50) + "語".repeat(30),
    ].join("\n");
    const text = appointmentRequestIcs(
      event({ description, summary: "🔧 Tap; sink, boiler", location: "Flat 2/1, 3 Main St; Leith" }),
      people,
    );
    expectWellFormed(text);
    const e = only(vevents(text));
    expect(e.getFirstPropertyValue("description")).toBe(description);
    expect(e.getFirstPropertyValue("summary")).toBe("🔧 Tap; sink, boiler");
    expect(e.getFirstPropertyValue("location")).toBe("Flat 2/1, 3 Main St; Leith");
  });

  /** What iCalendar text can carry: line breaks as LF, no control characters but tab. */
  const asStored = (value: string) =>
    value
      .replace(/\r\n?/g, "\n")
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, "");

  it("round-trips any text (property test), newlines normalised and control characters dropped", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: "binary", maxLength: 300 }),
        fc.string({ unit: "grapheme", maxLength: 120 }),
        (description, summary) => {
          const text = appointmentRequestIcs(event({ description, summary: summary || "x" }), people);
          expectWellFormed(text);
          const e = only(vevents(text));
          expect(e.getFirstPropertyValue("description") ?? "").toBe(asStored(description));
          expect(e.getFirstPropertyValue("summary") ?? "").toBe(asStored(summary || "x"));
        },
      ),
      { numRuns: 200 },
    );
  }, 60_000);

  it("folds at 75 octets, continuation lines starting with a space, without splitting a character", () => {
    expect(foldLine("A".repeat(75))).toBe("A".repeat(75));
    expect(foldLine("A".repeat(76))).toBe(`${"A".repeat(75)}\r\n A`);
    // 4-octet characters: 18 fit in 72 octets, a 19th would make 76.
    const emoji = "😀".repeat(40);
    const folded = foldLine(emoji).split("\r\n");
    expect(folded[0]).toBe("😀".repeat(18));
    expect(folded[1]).toBe(` ${"😀".repeat(18)}`);
    expect(folded.map((l, i) => (i === 0 ? l : l.slice(1))).join("")).toBe(emoji);
    for (const line of folded) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    // 3-octet characters after one ASCII letter: 1 + 3*24 = 73, a 25th would make 76.
    expect(foldLine(`X${"語".repeat(30)}`).split("\r\n")[0]).toBe(`X${"語".repeat(24)}`);
  });
});

describe("the feed's area of a job", () => {
  it("keeps the town and the postcode district, never the street", async () => {
    const { areaOf } = await import("../../src/features/appointments/service");
    expect(areaOf("12 High Street, Kirkcaldy KY1 1AA")).toBe("Kirkcaldy KY1");
    expect(areaOf("Flat 3, 4 Links Street\nKirkcaldy\nky2 5qe")).toBe("Kirkcaldy KY2");
    expect(areaOf("9 Dunnikier Road, Kirkcaldy")).toBe("Kirkcaldy");
    expect(areaOf("9 Dunnikier Road KY1 2RB")).toBe("KY1");
    expect(areaOf("9 Dunnikier Road")).toBeUndefined();
    expect(areaOf(null)).toBeUndefined();
  });
});
