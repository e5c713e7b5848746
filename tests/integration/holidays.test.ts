/**
 * Bank and public holidays (docs/decisions/035-diary.md): the region's holidays for the coming two
 * years are blocked by default in the booking form's dates, the server's check of a booking and
 * the customer's reschedule (one rule: `availability`); the owner opens one for work or adds a
 * local holiday. Christmas, 2 January (Scotland) and St Andrew's Day, with its Monday substitute.
 */
import { afterEach, describe, expect, it } from "vitest";
import adminAvailability from "../../netlify/functions/admin-availability.mts";
import bookings from "../../netlify/functions/bookings.mts";
import { weekdayOf } from "../../src/features/appointments/contract";
import { bookableDates } from "../../src/features/appointments/availability";
import { bankHolidays } from "../../src/features/appointments/holidays";
import { availability } from "../../src/features/appointments/service";
import { blockedDates, bookingSettings, holidayOpenings } from "../../src/features/tables";
import { serviceContext } from "../../src/platform/context";
import { wallClockInstant } from "../../src/platform/time";
import { adminClient } from "../helpers/admin";
import { useTestDatabase } from "../helpers/db";
import { bookableToday, jsonRequest, validBooking } from "../helpers/http";

const t = useTestDatabase();

afterEach(async () => {
  await t.db.delete(holidayOpenings);
  await t.db.delete(blockedDates);
  await t.db.delete(bookingSettings);
});

const offered = async (now: string, from: string, to: string) =>
  (await availability({ from, to }, serviceContext({ now: wallClockInstant(now, "10:00") }))).dates.map(
    (d) => d.date,
  );

describe("the holiday list", () => {
  it("Scotland: Christmas, Boxing Day, 1 and 2 January, St Andrew's Day and its Monday substitute; no observances", () => {
    const list = bankHolidays("2025-11-01", "2026-01-31", { today: "2025-11-01" });
    expect(list.map((h) => h.date)).toEqual([
      "2025-11-30",
      "2025-12-01",
      "2025-12-25",
      "2025-12-26",
      "2026-01-01",
      "2026-01-02",
    ]);
    expect(list[1]!.name).toBe("St Andrew's Day (substitute day)");
    expect(bankHolidays("2026-03-01", "2026-03-31", { today: "2026-01-01" })).toEqual([]);
  });

  it("England and Wales have no 2 January and no St Andrew's Day; the list stops two years ahead", () => {
    const england = bankHolidays("2025-11-01", "2026-01-31", { today: "2025-11-01", region: "ENG" });
    expect(england.map((h) => h.date)).toEqual(["2025-12-25", "2025-12-26", "2026-01-01"]);
    const far = bankHolidays("2026-01-01", "2031-12-31", { today: "2026-01-01" });
    expect(far.at(-1)!.date <= "2028-01-03").toBe(true);
    expect(far.some((h) => h.date === "2028-05-01")).toBe(false);
    expect(far.some((h) => h.date === "2027-12-25")).toBe(true);
  });
});

describe("blocked by default", () => {
  it("the form's dates leave out 25 and 26 December, 1 and 2 January, and keep the days between", async () => {
    const dates = await offered("2025-12-10", "2025-12-22", "2026-01-06");
    for (const holiday of ["2025-12-25", "2025-12-26", "2026-01-01", "2026-01-02"]) {
      expect(dates).not.toContain(holiday);
    }
    for (const working of ["2025-12-22", "2025-12-29", "2025-12-30", "2026-01-05"]) {
      expect(dates).toContain(working);
    }
  });

  it("St Andrew's Day on a Monday (2026), and the Monday after when it falls on a Sunday (2025)", async () => {
    const dates2026 = await offered("2026-11-10", "2026-11-27", "2026-12-02");
    expect(dates2026).not.toContain("2026-11-30");
    expect(dates2026).toEqual(expect.arrayContaining(["2026-11-27", "2026-12-01", "2026-12-02"]));
    const dates2025 = await offered("2025-11-14", "2025-11-28", "2025-12-03");
    expect(dates2025).not.toContain("2025-12-01");
    expect(dates2025).toContain("2025-12-02");
  });

  it("the server refuses a booking for a holiday, whatever the form showed", async () => {
    const withoutHolidays = bookableDates({ now: new Date() });
    const holidays = new Set(
      bankHolidays(withoutHolidays[0]!.date, withoutHolidays.at(-1)!.date, {
        today: withoutHolidays[0]!.date,
      }).map((h) => h.date),
    );
    // The first date the rules without holidays would offer that is a holiday on a weekday; the
    // test helpers' own list (what the site offers) leaves it out.
    expect(bookableToday().some((d) => holidays.has(d.date))).toBe(false);
    const date = withoutHolidays
      .map((d) => d.date)
      .find((d) => holidays.has(d) && weekdayOf(d) >= 1 && weekdayOf(d) <= 5);
    expect(date, "a weekday bank holiday inside the booking horizon").toBeDefined();
    const response = await bookings(
      jsonRequest("/api/bookings", validBooking({ preferredOptions: [{ date, window: "any" }] })),
    );
    expect(response.status).toBe(422);
    const body = (await response.json()) as { error: { fields: Record<string, string> } };
    expect(body.error.fields["option1"]).toMatch(/^Option 1 is no longer available: /);
  });
});

describe("the owner's holidays", () => {
  it("lists the holidays, opens 2 January for work (then offered), blocks it again; a non-holiday is 404", async () => {
    const owner = await adminClient();
    const settings = await owner.call(adminAvailability, "GET", "/api/admin/availability");
    expect(settings.status).toBe(200);
    const christmas = settings.json.holidays.find((h: { name: string }) => h.name === "Christmas Day");
    expect(christmas).toMatchObject({ open: false });
    expect(christmas.date).toMatch(/-12-25$/);

    const opened = await owner.call(adminAvailability, "POST", "/api/admin/availability/holidays", {
      body: { date: "2026-01-02" },
    });
    expect(opened.status, opened.text).toBe(200);
    expect(await offered("2025-12-10", "2026-01-02", "2026-01-02")).toEqual(["2026-01-02"]);

    const closed = await owner.call(
      adminAvailability,
      "DELETE",
      "/api/admin/availability/holidays?date=2026-01-02",
    );
    expect(closed.status).toBe(200);
    expect(await offered("2025-12-10", "2026-01-02", "2026-01-02")).toEqual([]);

    const notHoliday = await owner.call(adminAvailability, "POST", "/api/admin/availability/holidays", {
      body: { date: "2026-01-07" },
    });
    expect(notHoliday.status).toBe(404);
  });

  it("a local holiday (a blocked day with its name) is not offered", async () => {
    const owner = await adminClient();
    const added = await owner.call(adminAvailability, "POST", "/api/admin/availability/blocked", {
      body: { date: "2025-12-29", label: "Kirkcaldy Links Market" },
    });
    expect(added.status).toBe(201);
    const dates = await offered("2025-12-10", "2025-12-29", "2025-12-30");
    expect(dates).toEqual(["2025-12-30"]);
  });
});
