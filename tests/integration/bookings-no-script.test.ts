/**
 * The booking form posted without JavaScript and refused: one answer names every problem (the
 * contract's and the date rules' together) and shows the form again, filled in, each problem
 * marked, with today's bookable dates to choose from; corrected, it goes through in one more trip.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import bookings from "../../netlify/functions/bookings.mts";
import { addDays, weekdayOf, type IsoDate } from "../../src/features/appointments/contract";
import { requests } from "../../src/features/tables";
import { useTestDatabase } from "../helpers/db";
import { bookableToday, bookingFormFields, formRequest } from "../helpers/http";

const t = useTestDatabase();

/** A Sunday inside the bookable span (Sundays are not working days). */
function sunday(): IsoDate {
  let date = bookableToday()[1]!.date;
  while (weekdayOf(date) !== 0) date = addDays(date, 1);
  return date;
}

/** The opening tag of the control with this id. */
function control(page: string, id: string): string {
  const tag = new RegExp(`<(?:input|select|textarea)\\b[^>]*\\bid="${id}"[^>]*>`).exec(page)?.[0];
  expect(tag, `no control #${id}`).toBeDefined();
  return tag!;
}

/** The text of the element with this id. */
function textOf(page: string, id: string): string {
  return new RegExp(`id="${id}"[^>]*>([^<]*)<`).exec(page)?.[1] ?? "";
}

function expectMarked(page: string, name: string, message: string) {
  const tag = control(page, `field-${name}`);
  expect(tag).toContain('aria-invalid="true"');
  expect(tag).toMatch(new RegExp(`aria-describedby="[^"]*\\bfield-${name}-error\\b`));
  expect(textOf(page, `field-${name}-error`)).toContain(message);
  expect(page).toContain(`href="#field-${name}"`);
}

describe("POST /api/bookings without JavaScript, refused", () => {
  it("names every problem at once and shows the form again, filled in and marked", async () => {
    const fields = bookingFormFields({
      email: "morag-at-example",
      address: "12 High Street, Kirkcaldy KY1 1AA",
    });
    const name = fields["name"]!;
    const response = await bookings(
      formRequest("/api/bookings", {
        ...fields,
        option1Date: sunday(),
        option1Window: "morning",
        urgent: "on",
      }),
    );
    expect(response.status).toBe(422);
    expect(response.headers.get("content-type")).toContain("text/html");
    const page = await response.text();

    // Every problem in one answer: the contract's (email) and the date rule's (option 1).
    expect(page).toContain("There are 2 problems to correct");
    expectMarked(page, "email", "valid email");
    expectMarked(page, "option1", "Sundays are not working days.");
    // Fields without a problem are not marked.
    expect(control(page, "field-name")).not.toContain("aria-invalid");
    expect(control(page, "field-address")).not.toContain("aria-invalid");

    // What was typed is kept.
    expect(control(page, "field-name")).toContain(`value="${name}"`);
    expect(control(page, "field-email")).toContain('value="morag-at-example"');
    expect(control(page, "field-phone")).toContain('value="07700 900123"');
    expect(textOf(page, "field-address")).toBe("12 High Street, Kirkcaldy KY1 1AA");
    expect(textOf(page, "field-message")).toBe("Two rooms to paint, walls and ceilings.");
    expect(page).toMatch(/<option value="paint-wallpaper" selected>/);
    expect(page).toMatch(/name="urgent" value="on" checked/);
    expect(page).toMatch(/id="field-option1-window"[^>]*>.*?<option value="morning" selected>/s);

    // Today's bookable dates are offered as a choice, the refused date kept and named.
    const dateSelect = /<select id="field-option1"[^>]*>(.*?)<\/select>/s.exec(page)?.[1] ?? "";
    const offered = [...dateSelect.matchAll(/<option value="(\d{4}-\d{2}-\d{2})"/g)].map((m) => m[1]);
    const bookable = bookableToday().map((d) => d.date);
    expect(offered).toEqual([sunday(), ...bookable]);
    expect(dateSelect).toContain(`${sunday()} (not available)`);
    expect(dateSelect).toContain(`>${bookableToday()[0]!.label}: morning`);

    // Inside the site frame, posting to the same endpoint; nothing stored.
    expect(page).toMatch(/<header class="site">/);
    expect(page).toMatch(/<footer class="site">/);
    expect(page).toMatch(/<form method="post" action="\/api\/bookings"/);
    expect(await t.db.select().from(requests).where(eq(requests.name, name))).toEqual([]);

    // Corrected from the page (its hidden fields as sent back), it goes through in one more trip.
    const hidden = Object.fromEntries(
      [...page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1]!, m[2]!]),
    );
    expect(hidden["formStartedAt"]).toBe(fields["formStartedAt"]);
    const again = await bookings(
      formRequest("/api/bookings", {
        ...fields,
        ...hidden,
        email: "morag@example.com",
        option1Date: bookable[0]!,
        option1Window: "any",
      }),
    );
    expect(again.status, await again.clone().text()).toBe(201);
    expect(await again.text()).toMatch(/reference/i);
    expect(await t.db.select().from(requests).where(eq(requests.name, name))).toHaveLength(1);
  });

  it("keeps the JSON answer for a script's post: every problem in one envelope, no page", async () => {
    const { option1Date: _d, option1Window: _w, ...fields } = bookingFormFields({ phone: "" });
    void _d;
    void _w;
    const response = await bookings(
      formRequest(
        "/api/bookings",
        { ...fields, option1Date: sunday() },
        { headers: { accept: "application/json" } },
      ),
    );
    expect(response.status).toBe(422);
    const body = (await response.json()) as { error: { fields: Record<string, string> } };
    expect(Object.keys(body.error.fields).sort()).toEqual(["option1", "phone"]);
  });
});
