/**
 * The schedule's dates (src/features/schedule/contract/range.ts): weeks start on Monday and keep
 * seven days across both clock changes, stepping back and forward lands on the week before and
 * after, and a range is refused with a sentence when it is malformed, backwards or over 92 days.
 * The same answers whatever the process's own time zone (the browser's may be anything).
 */
import { afterEach, describe, expect, it } from "vitest";
import {
  agendaDays,
  maxScheduleDays,
  mondayOf,
  rangeProblem,
  stepDate,
  viewRange,
} from "../../src/features/schedule/contract/range";

const zone = process.env["TZ"];
afterEach(() => {
  if (zone === undefined) delete process.env["TZ"];
  else process.env["TZ"] = zone;
});

describe("schedule weeks", () => {
  for (const tz of ["Europe/London", "America/Los_Angeles", "Pacific/Auckland"]) {
    it(`Monday to Sunday across both UK clock changes (process zone ${tz})`, () => {
      process.env["TZ"] = tz;
      // Clocks forward on Sunday 29 March 2026 and 28 March 2027; back on 25 October 2026, 31 October 2027.
      expect(viewRange("week", "2026-03-29")).toEqual({ from: "2026-03-23", to: "2026-03-29" });
      expect(viewRange("week", "2026-03-30")).toEqual({ from: "2026-03-30", to: "2026-04-05" });
      expect(viewRange("week", "2026-10-25")).toEqual({ from: "2026-10-19", to: "2026-10-25" });
      expect(viewRange("week", "2026-10-21")).toEqual({ from: "2026-10-19", to: "2026-10-25" });
      expect(viewRange("week", "2027-03-28")).toEqual({ from: "2027-03-22", to: "2027-03-28" });
      expect(viewRange("week", "2027-10-31")).toEqual({ from: "2027-10-25", to: "2027-10-31" });
      expect(stepDate("week", "2026-03-26", 1)).toBe("2026-03-30");
      expect(stepDate("week", "2026-03-30", -1)).toBe("2026-03-23");
      expect(stepDate("week", "2026-10-28", -1)).toBe("2026-10-19");
      expect(mondayOf("2026-11-29")).toBe("2026-11-23");
      expect(mondayOf("2026-11-30")).toBe("2026-11-30");
    });
  }

  it("a day is itself, the agenda two weeks from its date; steps cross the year", () => {
    expect(viewRange("day", "2026-12-31")).toEqual({ from: "2026-12-31", to: "2026-12-31" });
    expect(stepDate("day", "2026-12-31", 1)).toBe("2027-01-01");
    expect(viewRange("agenda", "2026-12-25")).toEqual({ from: "2026-12-25", to: "2027-01-07" });
    expect(agendaDays).toBe(14);
    expect(stepDate("agenda", "2026-12-25", 1)).toBe("2027-01-08");
    expect(stepDate("week", "2026-12-30", 1)).toBe("2027-01-04");
  });
});

describe("schedule ranges", () => {
  it("accepts up to 92 days, both ends included", () => {
    expect(maxScheduleDays).toBe(92);
    expect(rangeProblem("2027-01-01", "2027-01-01")).toBeNull();
    expect(rangeProblem("2027-01-01", "2027-04-02")).toBeNull();
    expect(rangeProblem("2027-01-01", "2027-04-03")).toBe("A schedule covers at most 92 days.");
  });

  it("refuses a backwards range and malformed dates, naming the field", () => {
    expect(rangeProblem("2027-01-02", "2027-01-01")).toBe("to must not be before from.");
    expect(rangeProblem("2027-02-29", "2027-03-01")).toBe("from must be a date written YYYY-MM-DD.");
    expect(rangeProblem("2027-01-01", "2027-1-2")).toBe("to must be a date written YYYY-MM-DD.");
    expect(rangeProblem("", "2027-01-01")).toBe("from must be a date written YYYY-MM-DD.");
  });
});
