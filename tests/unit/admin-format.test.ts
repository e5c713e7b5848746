import { describe, expect, it } from "vitest";
import { formatDateOnly, formatSubmittedAt } from "../../src/admin/format";

describe("admin dates", () => {
  it("shows the short date, 'at' and the time with am/pm in UK time", () => {
    // 14:05 UTC in winter is 2:05pm in London.
    expect(formatSubmittedAt("2026-01-09T14:05:00Z")).toBe("Fri 9 Jan 2026 at 2:05pm");
    // 08:30 UTC in summer is 9:30am British Summer Time.
    expect(formatSubmittedAt("2026-07-01T08:30:00Z")).toBe("Wed 1 Jul 2026 at 9:30am");
    // Just after midnight is 12am, not 0am.
    expect(formatSubmittedAt("2026-11-22T00:07:00Z")).toBe("Sun 22 Nov 2026 at 12:07am");
  });

  it("shows the raw value when it is not a date", () => {
    expect(formatSubmittedAt("yesterday-ish")).toBe("yesterday-ish");
    expect(formatDateOnly("not a date")).toBe("not a date");
  });

  it("shows the date part only in the table, by the London calendar", () => {
    expect(formatDateOnly("2026-06-30T23:30:00Z")).toBe("Wed 1 Jul 2026");
    expect(formatDateOnly("2026-12-31T23:30:00Z")).toBe("Thu 31 Dec 2026");
  });
});
