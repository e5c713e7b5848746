/** London wall-clock helpers across both clock changes (last Sundays of March and October). */
import { describe, expect, it } from "vitest";
import { addDays, formatIsoDateTime, startOfDay, wallClock } from "../../src/platform/time";

describe("London time", () => {
  it("gives the London date and hour of an instant in winter and in summer", () => {
    expect(wallClock(new Date("2026-01-15T06:59:00Z"))).toEqual({
      date: "2026-01-15",
      hour: 6,
      minute: 59,
      time: "06:59",
    });
    expect(wallClock(new Date("2026-07-15T06:00:00Z"))).toEqual({
      date: "2026-07-15",
      hour: 7,
      minute: 0,
      time: "07:00",
    });
    expect(wallClock(new Date("2026-07-01T23:30:00Z")).date).toBe("2026-07-02");
  });

  it("finds midnight on either side of the clock changes", () => {
    expect(startOfDay("2026-03-29").toISOString()).toBe("2026-03-29T00:00:00.000Z"); // GMT until 01:00
    expect(startOfDay("2026-03-30").toISOString()).toBe("2026-03-29T23:00:00.000Z"); // BST
    expect(startOfDay("2026-10-25").toISOString()).toBe("2026-10-24T23:00:00.000Z"); // BST until 02:00
    expect(startOfDay("2026-10-26").toISOString()).toBe("2026-10-26T00:00:00.000Z"); // GMT
  });

  it("writes wall-clock times right through the changes", () => {
    expect(formatIsoDateTime(new Date("2026-03-29T00:59:00Z"))).toBe("2026-03-29 00:59");
    expect(formatIsoDateTime(new Date("2026-03-29T01:00:00Z"))).toBe("2026-03-29 02:00");
    expect(formatIsoDateTime(new Date("2026-10-25T00:59:00Z"))).toBe("2026-10-25 01:59");
    expect(formatIsoDateTime(new Date("2026-10-25T01:00:00Z"))).toBe("2026-10-25 01:00");
    expect(formatIsoDateTime(new Date("2026-12-31T23:59:59Z"))).toBe("2026-12-31 23:59");
  });

  it("adds calendar days across month and year ends", () => {
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2028-03-01", -1)).toBe("2028-02-29");
  });
});
