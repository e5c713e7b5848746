import { afterEach, describe, expect, it } from "vitest";
import { site } from "../../src/config/site";
import {
  addDays,
  bookingRules,
  datesBetween,
  daysBetween,
  defaultBookingRules,
  formatDate,
  formatTime,
  isIsoDate,
  optionLabel,
  weekdayOf,
  windowLabel,
  windowTimesOn,
  windowsOn,
} from "../../src/features/appointments/contract";
import {
  preferredOptionSchema,
  preferredOptionsSchema,
} from "../../src/features/appointments/contract/option-fields";
import {
  bookableDates,
  bookingSpan,
  checkOption,
  checkOptions,
  describeDays,
  type AvailabilityInput,
} from "../../src/features/appointments/availability";
import {
  canChangeOnline,
  changeCutoff,
  isReminderDue,
  reminderAt,
  windowInstants,
} from "../../src/features/appointments/window-instants";
import { dateInZone, wallClockInstant } from "../../src/platform/time";

// Tuesday 3 March 2026, 10:00 in London (GMT).
const tuesdayMorning = new Date("2026-03-03T10:00:00Z");
const at = (iso: string) => new Date(iso);

function messageOf(result: ReturnType<typeof checkOption>): string {
  if (result.ok) throw new Error(`expected a refusal, got ${result.label}`);
  return result.message;
}

describe("dates as YYYY-MM-DD strings", () => {
  it("accepts real dates only", () => {
    expect(isIsoDate("2026-03-03")).toBe(true);
    expect(isIsoDate("2028-02-29")).toBe(true);
    for (const bad of [
      "2026-02-29",
      "2026-02-30",
      "2026-13-01",
      "2026-3-3",
      "03/03/2026",
      "",
      " 2026-03-03",
    ]) {
      expect(isIsoDate(bad), bad).toBe(false);
    }
  });

  it("counts days and weekdays across months, years and both clock changes", () => {
    expect(addDays("2026-03-28", 2)).toBe("2026-03-30");
    expect(addDays("2026-10-24", 2)).toBe("2026-10-26");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2028-03-01", -1)).toBe("2028-02-29");
    expect(daysBetween("2026-03-03", "2026-04-28")).toBe(56);
    expect(weekdayOf("2026-03-03")).toBe(2);
    expect(weekdayOf("2026-03-29")).toBe(0);
    expect(datesBetween("2026-03-28", "2026-03-30")).toEqual(["2026-03-28", "2026-03-29", "2026-03-30"]);
    expect(datesBetween("2026-03-30", "2026-03-28")).toEqual([]);
  });

  it("says dates and times in customer words", () => {
    expect(formatDate("2026-03-03", { year: false })).toBe("Tuesday 3 March");
    expect(formatDate("2026-03-03")).toBe("Tuesday 3 March 2026");
    expect(["08:00", "12:00", "17:30", "00:00"].map(formatTime)).toEqual(["8am", "12pm", "5:30pm", "12am"]);
  });
});

describe("arrival windows", () => {
  it("offers morning, afternoon and any time on weekdays", () => {
    expect(windowsOn("2026-03-03").map(windowLabel)).toEqual([
      "morning (8am to 12pm)",
      "afternoon (12pm to 5pm)",
      "any time (8am to 5pm)",
    ]);
    expect(optionLabel("2026-03-03", windowTimesOn("2026-03-03", "morning"))).toBe(
      "Tuesday 3 March, morning (8am to 12pm)",
    );
  });

  it("follows Saturday hours (9am-4pm) and offers nothing on Sunday", () => {
    expect(site.hours.weekly[1]).toMatchObject({ days: ["Saturday"], opens: "09:00", closes: "16:00" });
    expect(windowsOn("2026-03-07").map(windowLabel)).toEqual([
      "morning (9am to 12pm)",
      "afternoon (12pm to 4pm)",
      "any time (9am to 4pm)",
    ]);
    expect(windowsOn("2026-03-08")).toEqual([]);
  });

  it("leaves out a window the day's hours do not cover", () => {
    const rules = bookingRules({ hours: { 6: { opens: "09:00", closes: "12:30" } } });
    expect(windowsOn("2026-03-07", rules).map(windowLabel)).toEqual([
      "morning (9am to 12pm)",
      "any time (9am to 12pm)",
    ]);
    const input = { now: tuesdayMorning, rules };
    const refused = checkOption({ date: "2026-03-07", window: "afternoon" }, input);
    expect(refused).toMatchObject({ ok: false, reason: "no-window" });
    expect(messageOf(refused)).toBe(
      "We have no afternoon visits on Saturdays; please choose morning or any time.",
    );
    expect(checkOption({ date: "2026-03-07", window: "morning" }, input).ok).toBe(true);
  });

  it("still gives a non-working day the standard window times (the owner may confirm any date)", () => {
    expect(windowTimesOn("2026-03-08", "morning")).toEqual({
      window: "morning",
      start: "08:00",
      end: "12:00",
    });
    expect(windowTimesOn("2026-03-08", "any")).toEqual({ window: "any", start: "08:00", end: "17:00" });
  });

  it("derives working days from the weekly hours in the config", () => {
    expect(defaultBookingRules.hours.map((h) => (h ? `${h.opens}-${h.closes}` : null))).toEqual([
      null,
      "08:00-18:00",
      "08:00-18:00",
      "08:00-18:00",
      "08:00-18:00",
      "08:00-18:00",
      "09:00-16:00",
    ]);
    expect(defaultBookingRules).toMatchObject({ minimumNoticeWorkingDays: 1, horizonWeeks: 8, dailyCap: 3 });
    expect(() => bookingRules({ dailyCap: -1 })).toThrow(RangeError);
    expect(() => bookingRules({ horizonWeeks: 0 })).toThrow(RangeError);
    expect(() => bookingRules({ minimumNoticeWorkingDays: 1.5 })).toThrow(RangeError);
  });
});

describe("preferred option schema", () => {
  it("accepts a date and a window", () => {
    expect(preferredOptionSchema.parse({ date: " 2026-03-04 ", window: "any" })).toEqual({
      date: "2026-03-04",
      window: "any",
    });
  });

  it("refuses a wrong date or window with a plain message", () => {
    const bad = (value: unknown) =>
      preferredOptionSchema.safeParse(value).error?.issues.map((i) => i.message);
    expect(bad({ date: "2026-02-30", window: "morning" })).toEqual([
      "Please choose a real date (YYYY-MM-DD).",
    ]);
    expect(bad({ date: "", window: "morning" })).toEqual(["Please choose a date."]);
    expect(bad({ date: "2026-03-04", window: "evening" })).toEqual([
      "Please choose morning, afternoon or any time.",
    ]);
  });

  it("takes one to three options, no two the same", () => {
    const o = (date: string, window: string) => ({ date, window });
    expect(preferredOptionsSchema.safeParse([o("2026-03-04", "morning")]).success).toBe(true);
    expect(
      preferredOptionsSchema.safeParse([
        o("2026-03-04", "morning"),
        o("2026-03-04", "afternoon"),
        o("2026-03-05", "any"),
      ]).success,
    ).toBe(true);
    const messages = (value: unknown) =>
      preferredOptionsSchema.safeParse(value).error?.issues.map((i) => i.message);
    expect(messages([])).toEqual(["Please choose at least one date and time that suits you."]);
    expect(messages(undefined)).toEqual(["Please choose at least one date and time that suits you."]);
    expect(messages([1, 2, 3, 4].map((d) => o(`2026-03-0${d + 3}`, "any")))).toEqual([
      "Please choose at most 3 dates and times.",
    ]);
    expect(messages([o("2026-03-04", "morning"), o("2026-03-04", "morning")])).toEqual([
      "Please choose a different date or time for each option.",
    ]);
  });
});

describe("availability", () => {
  const base: AvailabilityInput = { now: tuesdayMorning };

  it("needs one working day's notice: from Tuesday, Wednesday is the first bookable date", () => {
    expect(bookingSpan(base)).toEqual({ today: "2026-03-03", earliest: "2026-03-04", latest: "2026-04-28" });
    const today = checkOption({ date: "2026-03-03", window: "afternoon" }, base);
    expect(today).toMatchObject({ ok: false, reason: "notice" });
    expect(messageOf(today)).toBe(
      "We need at least one working day's notice. The earliest date we can book is Wednesday 4 March.",
    );
    expect(checkOption({ date: "2026-03-04", window: "morning" }, base)).toEqual({
      ok: true,
      date: "2026-03-04",
      window: { window: "morning", start: "08:00", end: "12:00", label: "morning (8am to 12pm)" },
      label: "Wednesday 4 March, morning (8am to 12pm)",
    });
  });

  it("counts notice in working days: Friday to Saturday, Saturday and Sunday to Monday", () => {
    const earliestFrom = (iso: string, input: Partial<AvailabilityInput> = {}) =>
      bookingSpan({ ...input, now: at(iso) }).earliest;
    expect(earliestFrom("2026-03-06T16:00:00Z")).toBe("2026-03-07");
    expect(earliestFrom("2026-03-07T11:00:00Z")).toBe("2026-03-09");
    expect(earliestFrom("2026-03-08T11:00:00Z")).toBe("2026-03-09");
    // A blocked Monday is not a working day.
    expect(earliestFrom("2026-03-07T11:00:00Z", { blocked: [{ date: "2026-03-09" }] })).toBe("2026-03-10");
    // Two working days from Friday: Saturday, then Monday.
    const twoDays = bookingRules({ minimumNoticeWorkingDays: 2 });
    expect(earliestFrom("2026-03-06T16:00:00Z", { rules: twoDays })).toBe("2026-03-09");
    expect(
      messageOf(
        checkOption(
          { date: "2026-03-07", window: "any" },
          { now: at("2026-03-06T16:00:00Z"), rules: twoDays },
        ),
      ),
    ).toBe("We need at least 2 working days' notice. The earliest date we can book is Monday 9 March.");
    // No notice: today itself, when it is a working day.
    expect(
      earliestFrom("2026-03-03T10:00:00Z", { rules: bookingRules({ minimumNoticeWorkingDays: 0 }) }),
    ).toBe("2026-03-03");
  });

  it("refuses a date in the past", () => {
    expect(checkOption({ date: "2026-03-02", window: "morning" }, base)).toEqual({
      ok: false,
      reason: "past",
      message: "That date has passed.",
    });
  });

  it("books up to eight weeks ahead and no further", () => {
    expect(checkOption({ date: "2026-04-28", window: "any" }, base).ok).toBe(true);
    const late = checkOption({ date: "2026-04-29", window: "any" }, base);
    expect(late).toMatchObject({ ok: false, reason: "horizon" });
    expect(messageOf(late)).toBe(
      "We book up to 8 weeks ahead. The latest date we can book is Tuesday 28 April.",
    );
    expect(bookingSpan({ now: tuesdayMorning, rules: bookingRules({ horizonWeeks: 1 }) }).latest).toBe(
      "2026-03-10",
    );
  });

  it("says Sundays are not working days", () => {
    expect(checkOption({ date: "2026-03-08", window: "morning" }, base)).toEqual({
      ok: false,
      reason: "not-working-day",
      message: "Sundays are not working days.",
    });
    const noSaturdays = bookingRules({ hours: { 6: null } });
    expect(
      messageOf(
        checkOption({ date: "2026-03-07", window: "morning" }, { now: tuesdayMorning, rules: noSaturdays }),
      ),
    ).toBe("Saturdays are not working days.");
  });

  it("names a blocked date and its label", () => {
    const input: AvailabilityInput = {
      now: at("2026-12-01T09:00:00Z"),
      blocked: [
        { date: "2026-12-25", label: "Christmas" },
        { date: "2026-12-26", label: "  " },
        { date: "2026-12-24", label: null },
      ],
    };
    expect(checkOption({ date: "2026-12-25", window: "morning" }, input)).toEqual({
      ok: false,
      reason: "blocked",
      message: "We are closed on 25 December (Christmas).",
    });
    expect(messageOf(checkOption({ date: "2026-12-26", window: "morning" }, input))).toBe(
      "We are closed on 26 December.",
    );
    expect(messageOf(checkOption({ date: "2026-12-24", window: "any" }, input))).toBe(
      "We are closed on 24 December.",
    );
    expect(checkOption({ date: "2026-12-23", window: "any" }, input).ok).toBe(true);
  });

  it("stops offering a date once it reaches the daily cap", () => {
    const confirmedJobs = new Map([
      ["2026-03-04", 3],
      ["2026-03-05", 2],
    ]);
    const input: AvailabilityInput = { now: tuesdayMorning, confirmedJobs };
    expect(checkOption({ date: "2026-03-04", window: "morning" }, input)).toEqual({
      ok: false,
      reason: "full",
      message: "That date is fully booked.",
    });
    expect(checkOption({ date: "2026-03-05", window: "morning" }, input).ok).toBe(true);
    const capTwo = { ...input, rules: bookingRules({ dailyCap: 2 }) };
    expect(checkOption({ date: "2026-03-05", window: "morning" }, capTwo)).toMatchObject({
      ok: false,
      reason: "full",
    });
    expect(bookableDates(input).map((d) => d.date)).not.toContain("2026-03-04");
    expect(bookableDates(input).map((d) => d.date)).toContain("2026-03-05");
  });

  it("lists the bookable dates of the whole span: Monday to Saturday, with their windows", () => {
    const dates = bookableDates(base);
    expect(dates[0]?.date).toBe("2026-03-04");
    expect(dates.at(-1)?.date).toBe("2026-04-28");
    // 4 March to 28 April is 56 days, of which 8 are Sundays.
    expect(dates).toHaveLength(56 - 8);
    expect(dates.some((d) => weekdayOf(d.date) === 0)).toBe(false);
    const saturday = dates.find((d) => d.date === "2026-03-07");
    expect(saturday).toEqual({
      date: "2026-03-07",
      label: "Saturday 7 March",
      windows: [
        { window: "morning", start: "09:00", end: "12:00", label: "morning (9am to 12pm)" },
        { window: "afternoon", start: "12:00", end: "16:00", label: "afternoon (12pm to 4pm)" },
        { window: "any", start: "09:00", end: "16:00", label: "any time (9am to 4pm)" },
      ],
    });
  });

  it("clips a requested range to the bookable span, and refuses malformed dates", () => {
    expect(bookableDates(base, { from: "2026-03-07", to: "2026-03-10" }).map((d) => d.date)).toEqual([
      "2026-03-07",
      "2026-03-09",
      "2026-03-10",
    ]);
    expect(bookableDates(base, { from: "2020-01-01", to: "2026-03-05" }).map((d) => d.date)).toEqual([
      "2026-03-04",
      "2026-03-05",
    ]);
    expect(bookableDates(base, { from: "2026-04-28", to: "2030-01-01" }).map((d) => d.date)).toEqual([
      "2026-04-28",
    ]);
    expect(bookableDates(base, { from: "2026-05-01", to: "2026-05-31" })).toEqual([]);
    expect(() => bookableDates(base, { from: "2026-3-1" })).toThrow(RangeError);
    expect(() => checkOption({ date: "2026-02-30", window: "any" }, base)).toThrow(RangeError);
  });

  it("describes every day of a range with its reason", () => {
    const days = describeDays(
      {
        now: tuesdayMorning,
        blocked: [{ date: "2026-03-06", label: "Training day" }],
        confirmedJobs: new Map([["2026-03-05", 3]]),
      },
      { from: "2026-03-02", to: "2026-03-08" },
    );
    expect(days.map((d) => (d.bookable ? `${d.date} ok` : `${d.date} ${d.reason}`))).toEqual([
      "2026-03-02 past",
      "2026-03-03 notice",
      "2026-03-04 ok",
      "2026-03-05 full",
      "2026-03-06 blocked",
      "2026-03-07 ok",
      "2026-03-08 not-working-day",
    ]);
    expect(() => describeDays(base, { from: "2026-01-01", to: "2027-12-31" })).toThrow(RangeError);
  });

  it("checks several options at once, each with its own answer", () => {
    const results = checkOptions(
      [
        { date: "2026-03-04", window: "afternoon" },
        { date: "2026-03-08", window: "morning" },
      ],
      base,
    );
    expect(results.map((r) => (r.ok ? r.label : r.message))).toEqual([
      "Wednesday 4 March, afternoon (12pm to 5pm)",
      "Sundays are not working days.",
    ]);
  });

  it("takes today's date in London, not UTC, around midnight on both sides of each clock change", () => {
    // 23:30 UTC on Sunday 29 March is 00:30 BST on Monday 30 March.
    expect(bookingSpan({ now: at("2026-03-29T23:30:00Z") })).toMatchObject({
      today: "2026-03-30",
      earliest: "2026-03-31",
    });
    // 23:30 UTC on Saturday 28 March is still Saturday in London (GMT).
    expect(bookingSpan({ now: at("2026-03-28T23:30:00Z") })).toMatchObject({
      today: "2026-03-28",
      earliest: "2026-03-30",
    });
    // 23:30 UTC on Saturday 24 October is 00:30 BST on Sunday 25 October.
    expect(bookingSpan({ now: at("2026-10-24T23:30:00Z") })).toMatchObject({
      today: "2026-10-25",
      earliest: "2026-10-26",
    });
    // 23:30 UTC on Sunday 25 October is still Sunday in London (GMT again).
    expect(bookingSpan({ now: at("2026-10-25T23:30:00Z") })).toMatchObject({
      today: "2026-10-25",
      earliest: "2026-10-26",
    });
    // In summer, 23:30 UTC on a Friday is already Saturday in London.
    expect(
      checkOption({ date: "2026-06-13", window: "morning" }, { now: at("2026-06-12T23:30:00Z") }),
    ).toMatchObject({ ok: false, reason: "notice" });
  });
});

describe("window instants in Europe/London", () => {
  const originalTz = process.env.TZ;
  afterEach(() => {
    if (originalTz === undefined) delete process.env.TZ;
    else process.env.TZ = originalTz;
  });

  // The server's own zone must not matter.
  const serverZones = ["UTC", "America/New_York", "Australia/Sydney", "Europe/London", "Asia/Kolkata"];

  const cases: [date: string, window: "morning" | "afternoon" | "any", start: string, end: string][] = [
    // March: GMT until 01:00 UTC on Sunday 29 March, then BST.
    ["2026-03-27", "morning", "2026-03-27T08:00:00.000Z", "2026-03-27T12:00:00.000Z"],
    ["2026-03-28", "morning", "2026-03-28T09:00:00.000Z", "2026-03-28T12:00:00.000Z"],
    ["2026-03-28", "any", "2026-03-28T09:00:00.000Z", "2026-03-28T16:00:00.000Z"],
    ["2026-03-29", "morning", "2026-03-29T07:00:00.000Z", "2026-03-29T11:00:00.000Z"],
    ["2026-03-30", "morning", "2026-03-30T07:00:00.000Z", "2026-03-30T11:00:00.000Z"],
    ["2026-03-30", "afternoon", "2026-03-30T11:00:00.000Z", "2026-03-30T16:00:00.000Z"],
    // October: BST until 01:00 UTC on Sunday 25 October, then GMT.
    ["2026-10-24", "morning", "2026-10-24T08:00:00.000Z", "2026-10-24T11:00:00.000Z"],
    ["2026-10-24", "afternoon", "2026-10-24T11:00:00.000Z", "2026-10-24T15:00:00.000Z"],
    ["2026-10-25", "any", "2026-10-25T08:00:00.000Z", "2026-10-25T17:00:00.000Z"],
    ["2026-10-26", "morning", "2026-10-26T08:00:00.000Z", "2026-10-26T12:00:00.000Z"],
    ["2026-10-26", "any", "2026-10-26T08:00:00.000Z", "2026-10-26T17:00:00.000Z"],
  ];

  it.each(serverZones)(
    "lands on the right UTC instants on both sides of each change (server zone %s)",
    (zone) => {
      process.env.TZ = zone;
      for (const [date, window, start, end] of cases) {
        const w = windowInstants(date, window);
        expect([w.start.toISOString(), w.end.toISOString()], `${date} ${window}`).toEqual([start, end]);
      }
      expect(dateInZone(at("2026-03-29T23:30:00Z"))).toBe("2026-03-30");
      expect(dateInZone(at("2026-10-25T23:30:00Z"))).toBe("2026-10-25");
    },
  );

  it("really runs under each server zone (the checks above are not all in one zone)", () => {
    const offsets = serverZones.map((zone) => {
      process.env.TZ = zone;
      return new Date(2026, 0, 15, 12).getTimezoneOffset();
    });
    expect(new Set(offsets).size).toBe(4); // UTC and London share an offset in January
  });

  it("refuses an unknown zone or a malformed date", () => {
    expect(() => wallClockInstant("2026-03-03", "08:00", "Mars/Olympus_Mons")).toThrow(RangeError);
    expect(() => wallClockInstant("2026-02-30", "08:00")).toThrow(RangeError);
    expect(() => wallClockInstant("2026-03-03", "8:00")).toThrow(RangeError);
  });

  it("stops online changes 24 elapsed hours before the window, across the March change", () => {
    // Monday 30 March 08:00 BST is 07:00 UTC; 24 hours earlier is 08:00 BST on Sunday.
    expect(changeCutoff("2026-03-30", "morning").toISOString()).toBe("2026-03-29T07:00:00.000Z");
    expect(canChangeOnline(at("2026-03-29T06:59:59Z"), "2026-03-30", "morning")).toBe(true);
    expect(canChangeOnline(at("2026-03-29T07:00:00Z"), "2026-03-30", "morning")).toBe(false);
  });

  it("reminds at 18:00 London time the evening before, once the job was booked a day ahead", () => {
    // Sunday 29 March 18:00 BST = 17:00 UTC; Sunday 25 October 18:00 GMT = 18:00 UTC.
    expect(reminderAt("2026-03-30").toISOString()).toBe("2026-03-29T17:00:00.000Z");
    expect(reminderAt("2026-10-26").toISOString()).toBe("2026-10-25T18:00:00.000Z");
    const job = { date: "2026-03-30", window: "morning" as const, confirmedAt: at("2026-03-20T12:00:00Z") };
    expect(isReminderDue({ ...job, now: at("2026-03-29T16:59:00Z") })).toBe(false);
    expect(isReminderDue({ ...job, now: at("2026-03-29T17:00:00Z") })).toBe(true);
    expect(isReminderDue({ ...job, now: at("2026-03-30T06:59:00Z") })).toBe(true);
    expect(isReminderDue({ ...job, now: at("2026-03-30T07:00:00Z") })).toBe(false);
    // Confirmed less than 24 hours before the window: no reminder.
    expect(
      isReminderDue({ ...job, confirmedAt: at("2026-03-29T07:00:01Z"), now: at("2026-03-29T18:00:00Z") }),
    ).toBe(false);
    expect(
      isReminderDue({ ...job, confirmedAt: at("2026-03-29T07:00:00Z"), now: at("2026-03-29T18:00:00Z") }),
    ).toBe(true);
  });
});
