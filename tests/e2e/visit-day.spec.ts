/**
 * On the day of a visit, on the real stack at 375 and 1280 px (docs/decisions/040-on-the-day.md):
 * a booking's visit confirmed for today, "On my way" with a 30-minute estimate, the customer's
 * e-mail caught by the loopback SMTP server with the arrival time and the firm's phone number, then
 * "Visit done" with a note and an after-photo: the panel shows the next steps at once (an invoice,
 * the request done), the history shows the completion without reopening the dialog, and the request
 * stays scheduled until the owner marks it done from the next steps. Nothing scrolls sideways.
 *
 * The test owns its clock: while today's window is still ahead it takes that whole path; once the
 * window has ended (the London evening) a visit today can only be recorded as done already, as the
 * owner would, and the test checks that panel and its next steps instead.
 *
 * SHOTS=dir saves screenshots there.
 */
import { expect as baseExpect, type APIRequestContext, type Page } from "@playwright/test";
import sharp from "sharp";
import { mailbox } from "./mailbox";
import {
  clientIp,
  ownClient,
  postBookingWithRoom,
  signedIn,
  todaysWindowOpen,
  uniqueName,
  test,
} from "./admin-support";
import { shot } from "./page-checks";
import { sitePhone } from "./forms-support";

const expect = baseExpect.configure({ timeout: 60_000 });
test.describe.configure({ timeout: 240_000 });

/** A message's text as sent: quoted-printable soft breaks joined and escapes decoded. */
const decoded = (raw: string) =>
  raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));

/** Today's date and the wall-clock time in Europe/London. */
function londonNow(at = new Date()) {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone: "Europe/London",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return { date: `${get("year")}-${get("month")}-${get("day")}`, time: `${get("hour")}:${get("minute")}` };
}

/** "14:05" as the site writes times: "2:05pm", and "2pm" on the hour. */
function clockStyle(time: string): string {
  const [h, m] = time.split(":").map(Number) as [number, number];
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}${m === 0 ? "" : `:${String(m).padStart(2, "0")}`}${h < 12 ? "am" : "pm"}`;
}

/**
 * A booking from the public API with a visit on today's date, the request's id: confirmed by the
 * owner while today's window is still ahead, or recorded as done already once it has ended.
 */
async function bookedForToday(
  request: APIRequestContext,
  baseURL: string,
  cookie: string,
  who: { name: string; email: string },
  doneAlready: boolean,
): Promise<number> {
  // The first offered day with room: the day itself does not matter, the owner moves the visit to today.
  const res = await postBookingWithRoom(request, {
    name: who.name,
    email: who.email,
    phone: "07700 900321",
    address: "3 Kirk Wynd, Kirkcaldy KY1 1EH",
    service: "plumbing-heating",
    message: `Dripping kitchen tap (${who.name}).`,
    website: "",
    formStartedAt: Date.now() - 60_000,
  });
  const id = ((await res.json()) as { id: number }).id;
  // Today may be a day customers cannot book (a weekend, the cap): the owner books it anyway.
  const confirmed = await request.post(`/api/admin/appointments/${id}`, {
    data: {
      action: "confirm",
      date: londonNow().date,
      window: "any",
      dayOverrideReason: "Squeezed in today by phone.",
      ...(doneAlready ? { doneAlready: true } : {}),
    },
    headers: { Origin: new URL(baseURL).origin, Cookie: cookie, "X-Simulated-Client": clientIp() },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  return id;
}

/**
 * The panel of a visit recorded as done already today: "Visit done", the next steps (an invoice,
 * the request done, then a review), the history saying so, and nothing scrolls sideways.
 */
async function afterTheWindow(page: Page, id: number) {
  const dialog = page.getByRole("dialog", { name: "Appointment Request" });
  const next = dialog.getByTestId("visit-next-steps");
  await expect(next).toContainText("Visit done");
  await expect(dialog.getByTestId("appointment-status")).toContainText("Visit done");
  await expect(next.getByRole("link", { name: "Create an invoice" })).toHaveAttribute(
    "href",
    `/admin/requests/${id}#invoices`,
  );
  await expect(dialog.getByTestId("request-history")).toContainText(/done already/i);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "scrolls sideways").toBeLessThanOrEqual(0);
  await shot(page, "visit-day-done-already");
  await next.getByRole("button", { name: "Mark the request done" }).click();
  await expect(next.getByRole("link", { name: "Ask for a review" })).toBeVisible();
  await expect(next.getByRole("button", { name: "Mark the request done" })).toHaveCount(0);
}

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 500 ? 800 : 900 } });

    test("on my way e-mails the customer the arrival; visit done shows the next steps at once", async ({
      page,
      context,
      request,
      baseURL,
    }, testInfo) => {
      await ownClient(page);
      const session = await signedIn(context, request, baseURL!);
      const name = uniqueName("Morven");
      const email = `morven.${Date.now()}.${width}@example.com`;
      const open = todaysWindowOpen();
      const id = await bookedForToday(request, baseURL!, session.header, { name, email }, !open);

      await page.goto(`/admin/requests/${id}`);
      const dialog = page.getByRole("dialog", { name: "Appointment Request" });
      if (!open) {
        // Today's window has ended (the London evening): the visit was recorded as done already,
        // no e-mail went out, and the panel offers the same next steps at once.
        await afterTheWindow(page, id);
        return;
      }
      const day = dialog.getByTestId("visit-day");
      await expect(day).toContainText("Today’s visit");
      await day.getByRole("button", { name: "30 min" }).click();
      await expect(day.getByRole("button", { name: "30 min" })).toHaveAttribute("aria-pressed", "true");
      const sentAt = Date.now();
      await day.getByRole("button", { name: "On my way" }).click();
      await expect(day.getByTestId("visit-eta")).toContainText("the customer expects you around");
      await expect(dialog.getByTestId("request-history")).toContainText("On the way: the customer was told");
      const eta = clockStyle(londonNow(new Date(sentAt + 30 * 60_000)).time);

      const mine = () =>
        mailbox.received.filter(
          (m) => m.envelopeTo.includes(email) && /is on the way/.test(m.headers["subject"] ?? ""),
        );
      await expect.poll(() => mine().length, { timeout: 90_000 }).toBe(1);
      const message = mine()[0]!;
      const text = decoded(message.raw);
      // The minute may have turned between the click and the server's clock: either is right.
      const etaLater = clockStyle(londonNow(new Date(sentAt + 31 * 60_000)).time);
      expect(message.headers["subject"]).toMatch(
        new RegExp(`^Kingdom Handyman is on the way, arriving around (${eta}|${etaLater})$`),
      );
      expect(text).toMatch(new RegExp(`arriving around (${eta}|${etaLater})\\.`));
      expect(text).toMatch(sitePhone);
      expect(text).not.toContain("__business_");
      await shot(page, "visit-day-on-my-way");

      // Visit done, with a note and an after-photo.
      const photo = testInfo.outputPath("after.png");
      await sharp({ create: { width: 320, height: 240, channels: 3, background: "#3b64a6" } })
        .png()
        .toFile(photo);
      await day.getByLabel("Note for the history (optional)").fill("Washer replaced, no more drips.");
      await day.getByLabel(/After photos/).setInputFiles(photo);
      await day.getByRole("button", { name: "Record visit done" }).click();

      const next = dialog.getByTestId("visit-next-steps");
      await expect(next).toContainText("Visit done at");
      await expect(next.getByRole("link", { name: "Create an invoice" })).toHaveAttribute(
        "href",
        `/admin/requests/${id}#invoices`,
      );
      await expect(dialog.getByTestId("appointment-status")).toContainText("Visit done");
      await expect(dialog.getByTestId("request-history")).toContainText(
        "1 after photo added. Washer replaced, no more drips.",
      );
      await expect(dialog.getByRole("button", { name: /Open photo 1 of 1, after the work/ })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, "scrolls sideways").toBeLessThanOrEqual(0);
      await shot(page, "visit-day-next-steps");

      // The request is still scheduled: done is the owner's own step, offered among the next steps.
      await next.getByRole("button", { name: "Mark the request done" }).click();
      await expect(next.getByRole("link", { name: "Ask for a review" })).toBeVisible();
      await expect(next.getByRole("button", { name: "Mark the request done" })).toHaveCount(0);
      await shot(page, "visit-day-done");
    });
  });
}

/**
 * A job taken by phone, with no e-mail address, confirmed for today (or recorded done already once
 * today's window has ended): the request's id.
 */
async function phoneJobForToday(
  request: APIRequestContext,
  baseURL: string,
  cookie: string,
  name: string,
  doneAlready: boolean,
): Promise<number> {
  const headers = { Origin: new URL(baseURL).origin, Cookie: cookie, "X-Simulated-Client": clientIp() };
  const added = await request.post("/api/admin/submissions", {
    data: {
      source: "phone",
      name,
      phone: "07700 900456",
      address: "14 Nicol Street, Kirkcaldy KY1 1NY",
      service: "plumbing-heating",
      message: "Radiator valve weeping.",
    },
    headers,
  });
  expect(added.status(), await added.text()).toBe(201);
  const id = ((await added.json()) as { submission: { id: number } }).submission.id;
  const confirmed = await request.post(`/api/admin/appointments/${id}`, {
    data: {
      action: "confirm",
      date: londonNow().date,
      window: "any",
      dayOverrideReason: "Squeezed in today by phone.",
      ...(doneAlready ? { doneAlready: true } : {}),
    },
    headers,
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  return id;
}

test.describe("at 375 px, a customer without an e-mail address", () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("on my way is recorded and offers the arrival as a prefilled text message and a call; nothing claims an e-mail", async ({
    ownerPage: page,
    request,
    baseURL,
    owner: session,
  }) => {
    const name = uniqueName("Dougal");
    const open = todaysWindowOpen();
    const id = await phoneJobForToday(request, baseURL!, session.header, name, !open);
    await page.goto(`/admin/requests/${id}`);
    const dialog = page.getByRole("dialog", { name: "Appointment Request" });
    if (!open) {
      // Today's window has ended: only "done already" is possible, with the same next steps.
      await afterTheWindow(page, id);
      return;
    }
    const day = dialog.getByTestId("visit-day");
    const sentAt = Date.now();
    await day.getByRole("button", { name: "30 min" }).click();
    await day.getByRole("button", { name: "On my way" }).click();
    const panel = day.getByTestId("text-arrival");
    await expect(panel).toContainText("No e-mail address: nothing was sent.");
    await expect(day.getByTestId("visit-eta")).toContainText("arriving around");
    await expect(day.getByTestId("visit-eta")).not.toContainText("the customer expects you");
    await expect(dialog.getByTestId("request-history")).toContainText(
      "no e-mail address, so a text message was offered",
    );
    await expect(dialog.getByTestId("request-history")).not.toContainText("the customer was told");
    await expect(page.getByText(/sent to the customer|knows you are on the way/)).toHaveCount(0);

    // The link, read as a URL (RFC 5724): the customer's number and the e-mail's words.
    const href = (await panel.getByRole("link", { name: "Send as a text" }).getAttribute("href"))!;
    const url = new URL(href);
    expect(url.protocol).toBe("sms:");
    expect(url.pathname).toBe("07700900456");
    const body = url.searchParams.get("body")!;
    const eta = clockStyle(londonNow(new Date(sentAt + 30 * 60_000)).time);
    const etaLater = clockStyle(londonNow(new Date(sentAt + 31 * 60_000)).time);
    expect(body).toMatch(
      new RegExp(`^Kingdom Handyman is on the way to you .*arriving around (${eta}|${etaLater})\\.`),
    );
    expect(body).toMatch(new RegExp(`please call ${sitePhone.source}\\.`));
    expect(body).not.toContain("__business_");
    await expect(panel).toContainText(body);
    await expect(panel.getByRole("link", { name: "Call" })).toHaveAttribute("href", "tel:07700900456");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, "scrolls sideways").toBeLessThanOrEqual(0);
    await panel.scrollIntoViewIfNeeded();
    await shot(page, "visit-day-text-arrival");
  });
});
