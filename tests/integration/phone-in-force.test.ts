/**
 * Every e-mail and function answer states the phone the live website states: the one last
 * PUBLISHED, never a draft the owner saved but has not published, and not the config's number once
 * another is published (docs/decisions/070-business-facts-at-the-edge.md,
 * docs/decisions/071-published-facts-everywhere.md). On a real database (PGlite, and PostgreSQL
 * under scripts/with-postgres.ts), through the real handlers: a new phone saved in Business details
 * leaves the customer's private page (its header's Call link) and a booking's e-mail (sent through
 * the real SMTP transport to a loopback server, read back with postal-mime) on the published
 * number; once published, both give the new number, as do a booking refused without JavaScript
 * (the answer page) and a JSON message that says "call us on" (a burst of contact posts answered 429).
 */
import { eq } from "drizzle-orm";
import PostalMime from "postal-mime";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import adminBusiness from "../../netlify/functions/admin-business-settings.mts";
import adminQuotes from "../../netlify/functions/admin-quotes.mts";
import adminSite from "../../netlify/functions/admin-site.mts";
import bookings from "../../netlify/functions/bookings.mts";
import contact from "../../netlify/functions/contact.mts";
import customerPageFn from "../../netlify/functions/customer-page.mts";
import { site } from "../../src/config/site";
import { deliverDue } from "../../src/features/mail/service-delivery";
import { quoteInputSchema } from "../../src/features/quotes/contract";
import { createQuote, sendQuote } from "../../src/features/quotes/service";
import { serviceContext } from "../../src/platform/context";
import { mailOutbox } from "../../src/features/tables";
import { createSmtpSender } from "../../src/platform/mail/transport";
import { adminClient } from "../helpers/admin";
import { publicFormRules } from "../../src/features/rate-limits/service";
import { inOneWindow } from "../helpers/clock";
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
import { pdfWords } from "../helpers/pdf";
import { sendPending } from "../helpers/sent-mail";
import { startSmtp } from "../helpers/smtp";

const t = useTestDatabase();
const newPhone = "01592 612 345";
const newHref = "tel:+441592612345";
const oldHref = `tel:${site.phone.e164}`;
let smtp: Awaited<ReturnType<typeof startSmtp>>;

beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(() => smtp.close());

/** Saves a phone in Business details: a draft until the website is published. */
async function savePhone(phone = newPhone) {
  const owner = await adminClient();
  const saved = await owner.call(adminBusiness, "PATCH", "/api/admin/settings/business", {
    body: { phone },
  });
  expect(saved.status, saved.text).toBe(200);
}

async function publish() {
  const owner = await adminClient();
  const res = await owner.call(adminSite, "POST", "/api/admin/site/publish");
  expect(res.status, res.text).toBe(202);
  expect(res.json.publish.state).toBe("live");
}

/** A booking through the function; its id. */
async function book(email: string): Promise<number> {
  const booked = await bookings(jsonRequest("/api/bookings", validBooking({ email })));
  expect(booked.status, await booked.clone().text()).toBe(201);
  return ((await booked.json()) as { id: number }).id;
}

/** The customer's confirmation of booking `id`, sent over SMTP and parsed back (text and HTML). */
async function confirmationAsReceived(id: number, email: string) {
  const [row] = (await t.db.select().from(mailOutbox).where(eq(mailOutbox.submissionId, id))).filter(
    (m) => !m.kind.startsWith("owner_"),
  );
  const sender = createSmtpSender({
    smtpUrl: `smtp://127.0.0.1:${smtp.port}?tls=off`,
    from: "Site <site@kingdomhandyman.example>",
  });
  const report = await deliverDue(t.db, sender, { ids: [row!.id], now: new Date(Date.now() + 1000) });
  expect(report.sent).toBe(1);
  const raw = smtp.received.find((m) => m.envelopeTo.includes(email))!.raw;
  const parsed = await new PostalMime().parse(raw);
  return { text: parsed.text ?? "", html: parsed.html ?? "" };
}

/** The header of the customer's private page reached with `token`. */
async function customerPageHeader(token: string): Promise<string> {
  const page = await customerPageFn(getRequest(`/request/${token}`));
  const html = await page.text();
  expect(page.status, html).toBe(200);
  expect(html).not.toMatch(/__business_\w+__/);
  return /<header class="top">[\s\S]*?<\/header>/.exec(html)![0];
}

describe("the published phone in every e-mail and answer", () => {
  it("the config's number is the one the owner changes", () => {
    expect(site.phone.display).not.toBe(newPhone);
  });

  it("a saved draft phone stays off the e-mail and the customer's page until it is published", async () => {
    // The first install's content is published first (the admin's Website screen seeds it).
    expect((await (await adminClient()).call(adminSite, "GET", "/api/admin/site")).status).toBe(200);
    await savePhone();
    const before = `draft-${Date.now()}@example.com`;
    const id = await book(before);
    const draftMail = await confirmationAsReceived(id, before);
    expect(draftMail.text).toContain(site.phone.display);
    expect(draftMail.html).toContain(site.phone.display);
    expect(`${draftMail.text}${draftMail.html}`).not.toContain(newPhone);
    const token = /\/request\/([A-Za-z0-9_-]{22})(?![A-Za-z0-9_-])/.exec(draftMail.text)![1]!;
    const draftHeader = await customerPageHeader(token);
    expect(draftHeader).toContain(`href="${oldHref}"`);
    expect(draftHeader).toContain(site.phone.display);
    expect(draftHeader).not.toContain(newPhone);

    await publish();
    const after = `published-${Date.now()}@example.com`;
    const publishedMail = await confirmationAsReceived(await book(after), after);
    expect(publishedMail.text).toContain(newPhone);
    expect(publishedMail.html).toContain(newPhone);
    expect(`${publishedMail.text}${publishedMail.html}`).not.toContain(site.phone.display);
    expect(`${publishedMail.text}${publishedMail.html}`).not.toMatch(/__business_\w+__/);
    const header = await customerPageHeader(token);
    expect(header).toContain(`<a class="call" href="${newHref}"><span>Call</span>${newPhone}</a>`);
    expect(header).not.toContain(site.phone.display);

    // A later draft leaves the published number in place.
    await savePhone("07700 900 456");
    expect(await customerPageHeader(token)).toContain(newPhone);
  });

  it("a booking refused without JavaScript answers with a page that gives the published number", async () => {
    await savePhone();
    await publish();
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

  it("a JSON message that says call us gives the published number", async () => {
    await inOneWindow(publicFormRules.contact.windowMs, async () => {
      await savePhone();
      await publish();
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
});

describe("the customer page's cancellation-closed message", () => {
  it("gives the published phone, not a later draft's nor the config's", async () => {
    await savePhone();
    await publish();
    await savePhone("07700 900 456");
    const email = `urgent-${Date.now()}@example.com`;
    const id = await book(email);
    const ctx = serviceContext();
    const lines = [{ description: "Make the burst pipe safe", quantity: 1, unitPence: 12_000 }];
    const draft = await createQuote(id, quoteInputSchema.parse({ lines, urgentRepair: true }), ctx);
    await sendQuote(draft.id, ctx);
    const sent = await sendPending(t.db, { submissionId: id });
    const token = /\/request\/([A-Za-z0-9_-]{22})(?![A-Za-z0-9_-])/.exec(
      [...sent.values()].at(-1)!.text,
    )![1]!;

    const page = await (await customerPageFn(getRequest(`/request/${token}`))).text();
    const form = /<form method="post"[^>]*class="accept"[^>]*>([\s\S]*?)<\/form>/.exec(page)![1]!;
    const fields = Object.fromEntries(
      [...form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1]!, m[2]!]),
    );
    const accepted = await customerPageFn(
      new Request(`http://localhost/request/${token}`, {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          accept: "text/html",
          origin: "http://localhost",
          "x-forwarded-for": randomIp(),
        },
        body: new URLSearchParams({ ...fields, action: "accept-quote" }).toString(),
      }),
    );
    expect(accepted.status, await accepted.clone().text()).toBeLessThan(400);

    const closed = await (await customerPageFn(getRequest(`/request/${token}?step=cancel-quote`))).text();
    expect(closed).toContain("Online cancellation is closed");
    expect(closed).toContain(`To talk about the work, please call us on ${newPhone}.`);
    expect(closed).not.toContain(site.phone.display);
    expect(closed).not.toContain("07700 900 456");
    expect(closed).not.toMatch(/__business_\w+__/);

    // The quote's PDF (read with a PDF text extractor) gives the same contact lines.
    const owner = await adminClient();
    const path = `/api/admin/quotes/${draft.id}/pdf`;
    const raw = await adminQuotes(
      new Request(`http://localhost:8888${path}`, {
        headers: { Cookie: owner.cookie, "x-forwarded-for": "203.0.113.9" },
      }),
    );
    expect(raw.status).toBe(200);
    const words = await pdfWords(new Uint8Array(await raw.arrayBuffer()));
    expect(words).toContain(newPhone);
    expect(words).not.toContain(site.phone.display);
    expect(words).not.toContain("07700 900 456");
  });
});
