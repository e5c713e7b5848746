/**
 * Every function answer states the phone the owner saved last, not the config's first number
 * (docs/decisions/070-business-facts-at-the-edge.md), on a real database (PGlite, and PostgreSQL
 * under scripts/with-postgres.ts), through the real handlers: a new phone saved in Business
 * details, then the customer's private page (its header's Call link), a booking refused without
 * JavaScript (the answer page) and a JSON message that says "call us on" (a burst of contact posts
 * answered 429) all give the new number, and never the old one.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import adminBusiness from "../../netlify/functions/admin-business-settings.mts";
import bookings from "../../netlify/functions/bookings.mts";
import contact from "../../netlify/functions/contact.mts";
import customerPageFn from "../../netlify/functions/customer-page.mts";
import { site } from "../../src/config/site";
import { mailOutbox } from "../../src/features/tables";
import { adminClient } from "../helpers/admin";
import { useTestDatabase } from "../helpers/db";
import {
  bookingFormFields,
  formRequest,
  getRequest,
  jsonRequest,
  randomIp,
  uniqueName,
  validBooking,
  validContact,
} from "../helpers/http";
import { sendPending, sentMessage } from "../helpers/sent-mail";

const t = useTestDatabase();
const newPhone = "01592 612 345";
const newHref = "tel:+441592612345";

async function savePhone() {
  const owner = await adminClient();
  const saved = await owner.call(adminBusiness, "PATCH", "/api/admin/settings/business", {
    body: { phone: newPhone },
  });
  expect(saved.status, saved.text).toBe(200);
}

/** The token in the newest customer e-mail of a request, as sent. */
async function latestToken(id: number): Promise<string> {
  await sendPending(t.db, { submissionId: id });
  const rows = (await t.db.select().from(mailOutbox).where(eq(mailOutbox.submissionId, id))).filter(
    (m) => !m.kind.startsWith("owner_"),
  );
  const text = sentMessage(rows.at(-1)!.id).text;
  const match = /\/request\/([A-Za-z0-9_-]{22})(?![A-Za-z0-9_-])/.exec(text);
  expect(match, text).not.toBeNull();
  return match![1]!;
}

describe("the phone in force in every answer", () => {
  it("the config's number is the one the owner changes", () => {
    expect(site.phone.display).not.toBe(newPhone);
  });

  it("the customer's private page gives the new number in its header", async () => {
    await savePhone();
    const booked = await bookings(jsonRequest("/api/bookings", validBooking()));
    expect(booked.status, await booked.clone().text()).toBe(201);
    const id = ((await booked.json()) as { id: number }).id;
    const page = await customerPageFn(getRequest(`/request/${await latestToken(id)}`));
    const html = await page.text();
    expect(page.status, html).toBe(200);
    const header = /<header class="top">[\s\S]*?<\/header>/.exec(html)![0];
    expect(header).toContain(`<a class="call" href="${newHref}"><span>Call</span>${newPhone}</a>`);
    expect(html).not.toContain(site.phone.display);
    expect(html).not.toMatch(/__business_\w+__/);
  });

  it("a booking refused without JavaScript answers with a page that gives the new number", async () => {
    await savePhone();
    const refused = await bookings(
      formRequest("/api/bookings", bookingFormFields({ email: "not an e-mail" })),
    );
    const html = await refused.text();
    expect(refused.status, html).toBe(422);
    expect(refused.headers.get("content-type")).toContain("text/html");
    expect(html).toContain(`href="${newHref}">${newPhone}</a>`);
    expect(html).toContain("Kingdom Handyman Services, Unit 7");
    expect(html).not.toContain(site.phone.display);
    expect(html).not.toMatch(/__business_\w+__/);
  });

  it("a JSON message that says call us gives the new number", async () => {
    await savePhone();
    const ip = randomIp();
    const name = uniqueName("Burst");
    let limited: Response | undefined;
    for (let i = 0; i < 12 && !limited; i++) {
      const res = await contact(jsonRequest("/api/contact", validContact({ name }), { ip }));
      if (res.status === 429) limited = res;
    }
    expect(limited).toBeDefined();
    const body = (await limited!.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("rate_limited");
    expect(body.error.message).toContain(`call us on ${newPhone}`);
    expect(body.error.message).not.toContain(site.phone.display);
  });
});
