import { TZDate } from "@date-fns/tz";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { site } from "../../src/config/site";
import { windowsOn } from "../../src/features/appointments/contract";
import { windowLabel } from "../../src/features/appointments/contract/windows";
import {
  bookingRules,
  windowLabelAnyDay,
  windowsSentence,
} from "../../src/features/appointments/contract/rules";
import {
  addDays,
  arrivalWindowLabel,
  businessZone,
  dateInZone,
  firstOfMonth,
  formatDate,
  formatDateTime,
  formatDayMonth,
  formatIsoDateTime,
  formatMonthYear,
  formatShortDate,
  formatTime,
  hoursLineOf,
  openingHoursOf,
  startOfDay,
  wallClock,
  wallClockInstant,
  zoneOffsetMinutes,
} from "../../src/platform/time";

const at = (iso: string) => new Date(iso);

describe("the one zone", () => {
  it("is the config's Europe/London", () => {
    expect(businessZone).toBe("Europe/London");
    expect(site.booking.timeZone).toBe(businessZone);
  });
});

describe("formatting, one UK style", () => {
  it("writes dates day first, no commas, no leading zeros", () => {
    expect(formatDate("2026-12-01")).toBe("Tuesday 1 December 2026");
    expect(formatDate("2026-12-01", { year: false })).toBe("Tuesday 1 December");
    expect(formatDayMonth("2026-03-03")).toBe("3 March 2026");
    expect(formatDayMonth("2026-03-03", { year: false })).toBe("3 March");
    expect(formatShortDate("2026-12-01")).toBe("Tue 1 Dec");
    expect(formatShortDate("2026-09-30", { year: true })).toBe("Wed 30 Sep 2026");
    expect(formatMonthYear("2026-11")).toBe("November 2026");
  });

  it("writes times as 8am, 12pm, 12:30pm, 12am", () => {
    expect(["08:00", "12:00", "12:30", "17:05", "00:00", "23:59"].map((t) => formatTime(t))).toEqual([
      "8am",
      "12pm",
      "12:30pm",
      "5:05pm",
      "12am",
      "11:59pm",
    ]);
    expect(() => formatTime("8:00")).toThrow(RangeError);
  });

  it("writes an instant in London time, whatever the machine's own zone", () => {
    // 14:05 UTC in winter is 2:05pm in London; 08:30 UTC in summer is 9:30am BST.
    expect(formatDateTime(at("2026-01-09T14:05:00Z"))).toBe("Friday 9 January 2026 at 2:05pm");
    expect(formatDateTime(at("2026-07-01T08:30:00Z"), { short: true })).toBe("Wed 1 Jul 2026 at 9:30am");
    // 23:30 UTC on 30 June is already 1 July in London.
    expect(formatDate(at("2026-06-30T23:30:00Z"))).toBe("Wednesday 1 July 2026");
    expect(formatShortDate(at("2026-12-31T23:30:00Z"), { year: true })).toBe("Thu 31 Dec 2026");
    expect(formatMonthYear(at("2026-07-31T23:30:00Z"))).toBe("August 2026");
    expect(formatIsoDateTime(at("2026-07-01T08:30:00Z"))).toBe("2026-07-01 09:30");
    expect(formatTime(at("2026-11-22T00:07:00Z"))).toBe("12:07am");
  });
});

describe("the clock changes", () => {
  it("spring forward, Sunday 29 March 2026: 01:00 GMT becomes 02:00 BST", () => {
    expect(zoneOffsetMinutes(at("2026-03-29T00:59:00Z"))).toBe(0);
    expect(zoneOffsetMinutes(at("2026-03-29T01:00:00Z"))).toBe(60);
    expect(wallClock(at("2026-03-29T00:59:00Z")).time).toBe("00:59");
    expect(wallClock(at("2026-03-29T01:00:00Z")).time).toBe("02:00");
    expect(wallClockInstant("2026-03-29", "00:30").toISOString()).toBe("2026-03-29T00:30:00.000Z");
    expect(wallClockInstant("2026-03-29", "08:00").toISOString()).toBe("2026-03-29T07:00:00.000Z");
    // 01:30 does not exist that night: it is read an hour later, 02:30 BST.
    expect(wallClockInstant("2026-03-29", "01:30").toISOString()).toBe("2026-03-29T01:30:00.000Z");
    // The day is 23 hours long.
    expect(startOfDay("2026-03-30").getTime() - startOfDay("2026-03-29").getTime()).toBe(23 * 3_600_000);
    expect(formatDateTime(at("2026-03-29T07:00:00Z"))).toBe("Sunday 29 March 2026 at 8am");
  });

  it("fall back, Sunday 25 October 2026: 02:00 BST becomes 01:00 GMT", () => {
    expect(zoneOffsetMinutes(at("2026-10-25T00:59:00Z"))).toBe(60);
    expect(zoneOffsetMinutes(at("2026-10-25T01:00:00Z"))).toBe(0);
    // 01:30 happens twice; both readings are 01:30.
    expect(wallClock(at("2026-10-25T00:30:00Z")).time).toBe("01:30");
    expect(wallClock(at("2026-10-25T01:30:00Z")).time).toBe("01:30");
    expect(wallClockInstant("2026-10-24", "08:00").toISOString()).toBe("2026-10-24T07:00:00.000Z");
    expect(wallClockInstant("2026-10-25", "08:00").toISOString()).toBe("2026-10-25T08:00:00.000Z");
    // The day is 25 hours long.
    expect(startOfDay("2026-10-26").getTime() - startOfDay("2026-10-25").getTime()).toBe(25 * 3_600_000);
    expect(dateInZone(at("2026-10-24T23:30:00Z"))).toBe("2026-10-25");
    expect(dateInZone(at("2026-10-25T23:30:00Z"))).toBe("2026-10-25");
  });

  it("agrees with @date-fns/tz's TZDate in both directions, for any minute of 2025-2027", () => {
    const minute = fc.integer({ min: Date.UTC(2025, 0, 1) / 60_000, max: Date.UTC(2028, 0, 1) / 60_000 });
    fc.assert(
      fc.property(minute, (m) => {
        const instant = new Date(m * 60_000);
        const zoned = new TZDate(instant.getTime(), businessZone);
        const wall = wallClock(instant);
        const expectedDate = `${zoned.getFullYear()}-${String(zoned.getMonth() + 1).padStart(2, "0")}-${String(zoned.getDate()).padStart(2, "0")}`;
        expect(wall.date).toBe(expectedDate);
        expect([wall.hour, wall.minute]).toEqual([zoned.getHours(), zoned.getMinutes()]);
        // From the wall clock back to an instant (in the repeated autumn hour, the same of its two instants).
        const back = wallClockInstant(wall.date, wall.time);
        const tz = new TZDate(
          zoned.getFullYear(),
          zoned.getMonth(),
          zoned.getDate(),
          wall.hour,
          wall.minute,
          businessZone,
        );
        expect(back.getTime()).toBe(tz.getTime());
      }),
      { numRuns: 2000 },
    );
  });

  it("date arithmetic ignores the clock change", () => {
    expect(addDays("2026-03-28", 1)).toBe("2026-03-29");
    expect(addDays("2026-10-25", 1)).toBe("2026-10-26");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
  });

  it("steps calendar months across the turn of the year", () => {
    expect(firstOfMonth("2026-12-22")).toBe("2026-12-01");
    expect(firstOfMonth("2026-12-22", 1)).toBe("2027-01-01");
    expect(firstOfMonth("2026-01-31", -1)).toBe("2025-12-01");
    expect(firstOfMonth("2026-03-15", -11)).toBe("2025-04-01");
    expect(firstOfMonth("2026-11-30", 14)).toBe("2028-01-01");
  });
});

describe("opening hours and arrival windows come from the config", () => {
  it("writes each day's hours from its opening and closing times", () => {
    expect(openingHoursOf(site.hours.weekly).map((h) => `${h.short} ${h.hours}`)).toEqual([
      "Mon-Fri 8am-6pm",
      "Saturday 9am-4pm",
      "Sunday Closed (emergency only)",
    ]);
    expect(hoursLineOf(site.hours.weekly)).toBe(
      "Monday to Friday 8am-6pm, Saturday 9am-4pm, Sunday closed (emergency only)",
    );
  });

  it("labels a window with its times on that day: Saturday's afternoon ends when Saturday closes", () => {
    expect(arrivalWindowLabel("afternoon", "12:00", "17:00")).toBe("afternoon (12pm to 5pm)");
    expect(windowsOn("2026-12-01").map(windowLabel)).toEqual([
      "morning (8am to 12pm)",
      "afternoon (12pm to 5pm)",
      "any time (8am to 5pm)",
    ]);
    expect(windowsOn("2026-12-05").map(windowLabel)).toEqual([
      "morning (9am to 12pm)",
      "afternoon (12pm to 4pm)",
      "any time (9am to 4pm)",
    ]);
  });

  it("labels a window for a form with no date chosen yet, naming the days whose times differ", () => {
    expect(windowLabelAnyDay("morning")).toBe("morning (8am to 12pm; Saturday 9am to 12pm)");
    expect(windowLabelAnyDay("afternoon")).toBe("afternoon (12pm to 5pm; Saturday 12pm to 4pm)");
    expect(windowLabelAnyDay("any")).toBe("any time (8am to 5pm; Saturday 9am to 4pm)");
    expect(windowsSentence()).toBe(
      "Arrival windows: morning (8am to 12pm; Saturday 9am to 12pm) and afternoon (12pm to 5pm; Saturday 12pm to 4pm).",
    );
    // Change the config's hours and the words follow: Saturday like a weekday needs no exception.
    const sameSaturday = bookingRules({ hours: { 6: { opens: "08:00", closes: "18:00" } } });
    expect(windowLabelAnyDay("afternoon", sameSaturday)).toBe("afternoon (12pm to 5pm)");
  });
});
