/**
 * The customer's page on a real database (PGlite, and PostgreSQL under scripts/with-postgres.ts),
 * through its Netlify handler: private links (hashed, one per e-mail, the same 404 for wrong,
 * expired and unknown tokens, never logged, dropped from the outbox once sent), the page's headers,
 * the four actions with their history rows and e-mails queued once, the Origin check, the change
 * cut-off, the lost-link form (the same answer for known and unknown addresses, rate limits), and a
 * mail scanner that GETs every link in every e-mail changing nothing.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import adminHistory from "../../netlify/functions/admin-history.mts";
import adminNotes from "../../netlify/functions/admin-notes.mts";
import adminSubmissions from "../../netlify/functions/admin-submissions.mts";
import bookings from "../../netlify/functions/bookings.mts";
import contact from "../../netlify/functions/contact.mts";
import customerPageFn from "../../netlify/functions/customer-page.mts";
import { site } from "../../src/config/site";
import { addDays, weekdayOf, type IsoDate } from "../../src/features/appointments/contract";
import { dateInZone } from "../../src/platform/time";
import { changeCutoff, windowInstants } from "../../src/features/appointments/window-instants";
import { hashToken } from "../../src/features/mail/request-link";
import {
  appointments,
  bookingDetails,
  customerLinks,
  requests,
  mailOutbox,
  requestHistory,
} from "../../src/features/tables";
import { setLogSink } from "../../src/platform/log";
import { deliverDue } from "../../src/features/mail/service-delivery";
import { mailContext, mailSender, setMailSender } from "../../src/features/mail/service";
import { createSmtpSender } from "../../src/platform/mail/transport";
import { actOnAppointment } from "../../src/features/appointments/service";
import { serviceContext } from "../../src/platform/context";
import {
  actOnRequest,
  customerActionRule,
  lostLinkAddressRule,
  lostLinkClientRule,
  newFormKey,
  requestForToken,
} from "../../src/features/customer-page/service";
import { adminClient } from "../helpers/admin";
import { inOneWindow } from "../helpers/clock";
import { useTestDatabase } from "../helpers/db";
import { bookingNextSteps } from "../../src/lib/request-wording";
import {
  bookableToday,
  getRequest,
  jsonRequest,
  randomIp,
  validBooking,
  validContact,
} from "../helpers/http";
import { sendPending, sentMessage } from "../helpers/sent-mail";
import { startSmtp } from "../helpers/smtp";

const t = useTestDatabase();
const origin = "http://localhost";
const tokenIn = /\/request\/([A-Za-z0-9_-]{22})(?![A-Za-z0-9_-])/;

async function book(overrides: Record<string, unknown> = {}) {
  const response = await bookings(jsonRequest("/api/bookings", validBooking(overrides)));
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

async function sendContact(overrides: Record<string, unknown> = {}) {
  const response = await contact(jsonRequest("/api/contact", validContact(overrides)));
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

const mailFor = (id: number) =>
  t.db.select().from(mailOutbox).where(eq(mailOutbox.submissionId, id)).orderBy(mailOutbox.id);

/** The token in the newest customer e-mail of a request, as sent (the outbox never stores it). */
async function latestToken(id: number): Promise<string> {
  await sendPending(t.db, { submissionId: id });
  const rows = (await mailFor(id)).filter((m) => !m.kind.startsWith("owner_"));
  const text = sentMessage(rows.at(-1)!.id).text;
  const match = tokenIn.exec(text);
  expect(match, text).not.toBeNull();
  return match![1]!;
}

const get = (path: string) => customerPageFn(getRequest(path));

function post(path: string, fields: Record<string, string>, headers: Record<string, string> = { origin }) {
  return customerPageFn(
    new Request(`${origin}${path}`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        accept: "text/html",
        "x-forwarded-for": randomIp(),
        ...headers,
      },
      body: new URLSearchParams(fields).toString(),
    }),
  );
}

/** The one-time key of an action's confirmation step, as the browser gets it. */
async function nonceFor(token: string, action: string): Promise<string> {
  const res = await get(`/request/${token}?step=${action}`);
  const html = await res.text();
  expect(res.status, html).toBe(200);
  return /name="nonce" value="([^"]+)"/.exec(html)![1]!;
}

/** The confirmation step's form, sent as the browser sends it. */
async function act(token: string, action: string, fields: Record<string, string> = {}) {
  return post(`/request/${token}`, { action, nonce: await nonceFor(token, action), ...fields });
}

const historyOf = (id: number) =>
  t.db.select().from(requestHistory).where(eq(requestHistory.submissionId, id)).orderBy(requestHistory.id);

const stateOf = async (id: number) =>
  (await t.db.select().from(requests).where(eq(requests.id, id)))[0]!.state;

/** A bookable weekday (Monday to Friday) at least `skip` bookable dates ahead. */
function weekday(skip = 0): IsoDate {
  const dates = bookableToday().filter((d) => weekdayOf(d.date) >= 1 && weekdayOf(d.date) <= 5);
  return dates[skip]!.date;
}

/** The customer acting through their link at `now`, as the page's edge sets it. */
const at = (now: Date) => serviceContext({ now, actor: { kind: "customer", link: "request" } });

describe("private links", () => {
  it("every customer e-mail carries a fresh link; only its SHA-256 is stored; the owner's e-mail has none", async () => {
    const id = await book();
    const rows = await mailFor(id);
    const owner = rows.find((m) => m.kind === "owner_submission")!;
    const confirmation = rows.find((m) => m.kind === "customer_confirmation")!;
    // Waiting to be sent, the stored e-mail holds no token: only the place where it goes.
    expect(tokenIn.test(confirmation.textBody)).toBe(false);
    expect(tokenIn.test(confirmation.htmlBody)).toBe(false);
    await sendPending(t.db, { submissionId: id });
    expect(tokenIn.test(sentMessage(owner.id).text)).toBe(false);
    const token = tokenIn.exec(sentMessage(confirmation.id).text)![1]!;
    expect(sentMessage(confirmation.id).html).toContain(`/request/${token}`);
    expect(Buffer.from(token, "base64url")).toHaveLength(16);
    const links = await t.db.select().from(customerLinks).where(eq(customerLinks.submissionId, id));
    expect(links).toHaveLength(1);
    expect(links[0]!.tokenHash).toBe(hashToken(token));
    expect(links[0]!.mailId).toBe(confirmation.id);
    expect(JSON.stringify(links)).not.toContain(token);
    expect((await requestForToken(token, serviceContext())).id).toBe(id);

    // An appointment e-mail gets its own link; the first still works.
    await actOnAppointment(id, { action: "propose", date: weekday(2), window: "morning" }, serviceContext());
    const second = await latestToken(id);
    expect(second).not.toBe(token);
    expect((await get(`/request/${token}`)).status).toBe(200);
    expect((await get(`/request/${second}`)).status).toBe(200);
  });

  it("the page: reference, what was sent, state in customer words; no-store, noindex, no-referrer, no script", async () => {
    const id = await book({ message: "Hall <b>ceiling</b> crack" });
    const token = await latestToken(id);
    const res = await get(`/request/${token}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    expect(res.headers.get("x-robots-tag")).toContain("noindex");
    const csp = res.headers.get("content-security-policy")!;
    expect(csp).toMatch(/default-src 'none'/);
    expect(csp).toMatch(/form-action 'self'/);
    expect(csp).not.toContain("unsafe-inline");
    expect(csp).not.toContain("script-src");
    const html = await res.text();
    expect(html).toContain(`KB-${String(id).padStart(6, "0")}`);
    expect(html).toContain("Received");
    // What the form's notice and the confirmation e-mail say happens next, word for word.
    expect(html).toContain(bookingNextSteps(site.response.confirmWithinHours));
    expect(html).not.toContain(`reply within ${site.response.replyWithinHours} hours`);
    expect(html).toContain("Hall &lt;b&gt;ceiling&lt;/b&gt; crack");
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(html).toContain('<meta name="referrer" content="no-referrer">');
    expect(html).not.toMatch(/<script|style="/);
    expect(html).toContain(`href="/request/${token}?step=cancel"`);
  });

  it("a wrong, malformed, expired, spam or deleted request's token gets the same 404 page, in the same time class", async () => {
    const expiredId = await sendContact();
    const expired = await latestToken(expiredId);
    await t.db
      .update(requests)
      .set({ state: "done", stateChangedAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(requests.id, expiredId));
    // Its link was sent before it closed.
    await t.db
      .update(customerLinks)
      .set({
        createdAt: new Date(Date.now() - 40 * 86_400_000),
        lastUsedAt: new Date(Date.now() - 32 * 86_400_000),
      })
      .where(eq(customerLinks.submissionId, expiredId));
    const spamId = await sendContact();
    const spam = await latestToken(spamId);
    await t.db.update(requests).set({ state: "spam" }).where(eq(requests.id, spamId));
    const goneId = await sendContact();
    const gone = await latestToken(goneId);
    await t.db.delete(requests).where(eq(requests.id, goneId));
    const recentlyClosedId = await sendContact();
    const recentlyClosed = await latestToken(recentlyClosedId);
    await t.db
      .update(requests)
      .set({ state: "done", stateChangedAt: new Date(Date.now() - 29 * 86_400_000) })
      .where(eq(requests.id, recentlyClosedId));

    const wrong = "AAAAAAAAAAAAAAAAAAAAAA";
    const tokens = [wrong, "short", expired, spam, gone, `${expired.slice(0, -1)}x`, `${wrong}/index.html`];
    const answers = await Promise.all(
      tokens.map(async (token) => {
        const res = await get(`/request/${token}`);
        return { status: res.status, body: await res.text(), noStore: res.headers.get("cache-control") };
      }),
    );
    for (const a of answers) {
      expect(a.status).toBe(404);
      expect(a.noStore).toBe("no-store");
      expect(a.body).toBe(answers[0]!.body);
    }
    expect(answers[0]!.body).toContain("This link does not work");
    expect((await get(`/request/${expired}?step=cancel`)).status).toBe(404);
    const refused = await post(`/request/${expired}`, { action: "cancel", nonce: newFormKey(new Date()) });
    expect(refused.status).toBe(404);
    expect(await refused.text()).toBe(answers[0]!.body);
    expect((await get(`/request/${recentlyClosed}`)).status).toBe(200);

    // Same timing class: a wrong token and an expired one do the same work (hash, one read by the
    // hash, a constant-time compare, one request read); their medians stay within a few ms. The
    // three are timed in turn within each round, so a busy spell on the machine (other test files,
    // a browser suite) weighs on all three alike instead of on whichever was being timed.
    const timed = async (token: string) => {
      const started = performance.now();
      await requestForToken(token, serviceContext()).catch(() => undefined);
      return performance.now() - started;
    };
    const rounds: [number[], number[], number[]] = [[], [], []];
    for (let i = 0; i < 21; i++) {
      rounds[0].push(await timed(wrong));
      rounds[1].push(await timed(expired));
      rounds[2].push(await timed(recentlyClosed));
    }
    const [a, b, c] = rounds.map((times) => times.sort((x, y) => x - y)[10]!) as [number, number, number];
    for (const [x, y] of [
      [a, b],
      [a, c],
    ] as const) {
      expect(Math.abs(x - y)).toBeLessThan(Math.max(x, y) * 0.6 + 3);
    }
  });

  it("a link expires after 90 days without use, each use renews it, and the owner can revoke every link of a request", async () => {
    const id = await sendContact();
    const token = await latestToken(id);
    const idle = site.security.customerLinks.idleDays;
    const dayMs = 86_400_000;
    const [link] = await t.db.select().from(customerLinks).where(eq(customerLinks.submissionId, id));
    // Sent 89 days ago and never opened: still works, and opening it renews it.
    await t.db
      .update(customerLinks)
      .set({ createdAt: new Date(Date.now() - (idle - 1) * dayMs) })
      .where(eq(customerLinks.id, link!.id));
    expect((await get(`/request/${token}`)).status).toBe(200);
    const [used] = await t.db.select().from(customerLinks).where(eq(customerLinks.id, link!.id));
    expect(Date.now() - used!.lastUsedAt!.getTime()).toBeLessThan(60_000);
    // 89 days after that use it still works; 91 days after the last use it does not, on any path.
    const later = (days: number) => at(new Date(Date.now() + days * dayMs));
    expect((await requestForToken(token, later(idle - 1))).id).toBe(id);
    await expect(requestForToken(token, later(2 * idle))).rejects.toThrow("This link does not work.");
    await t.db
      .update(customerLinks)
      .set({ lastUsedAt: new Date(Date.now() - (idle + 1) * dayMs) })
      .where(eq(customerLinks.id, link!.id));
    expect((await get(`/request/${token}`)).status).toBe(404);
    expect(
      (await post(`/request/${token}`, { action: "cancel", nonce: newFormKey(new Date()) })).status,
    ).toBe(404);

    // The owner revokes the links: a fresh one stops working too, and the history says so.
    const other = await sendContact();
    const first = await latestToken(other);
    const owner = await adminClient();
    const revoke = (requestId: number, origin?: string) =>
      owner.call(adminHistory, "POST", "/api/admin/history/revoke-links", {
        body: { submissionId: requestId },
        ...(origin ? { origin } : {}),
      });
    expect((await revoke(other, "https://evil.example")).status).toBe(403);
    expect((await get(`/request/${first}`)).status).toBe(200);
    const revoked = await revoke(other);
    expect(revoked.status).toBe(200);
    expect(revoked.json.revoked).toBe(1);
    expect(revoked.json.links[0].revokedAt).toEqual(expect.any(String));
    expect((await get(`/request/${first}`)).status).toBe(404);
    expect((await revoke(other)).json.revoked).toBe(0);
    const unknown = await revoke(999_999);
    expect(unknown.status).toBe(404);
  });

  it("the token never reaches the log: the line names the route", async () => {
    const id = await book();
    const token = await latestToken(id);
    const lines: string[] = [];
    const previous = setLogSink((line) => lines.push(line));
    try {
      await get(`/request/${token}`);
      await get(`/request/${token}?step=message`);
      await post(`/request/${token}`, { action: "message", nonce: "x" });
      await post(`/request/${token}`, { action: "message", nonce: "x" }, {});
    } finally {
      setLogSink(previous);
    }
    expect(lines).toHaveLength(4);
    for (const line of lines) {
      expect(line).not.toContain(token);
      expect(JSON.parse(line).route).toBe("/request");
    }
  });

  it("once sent, the outbox keeps the e-mail without the token; the admin sees which e-mail carried a link and when", async () => {
    const smtp = await startSmtp();
    setMailSender(
      createSmtpSender(
        { smtpUrl: `smtp://127.0.0.1:${smtp.port}?tls=off`, from: "Site <s@example.com>" },
        2000,
      ),
    );
    try {
      const email = `sent.${Date.now()}@example.com`;
      const id = await book({ email });
      const confirmation = (await mailFor(id)).find((m) => m.kind === "customer_confirmation")!;
      expect(confirmation.status).toBe("sent");
      expect(tokenIn.test(confirmation.textBody)).toBe(false);
      expect(tokenIn.test(confirmation.htmlBody)).toBe(false);
      expect(confirmation.textBody).toContain("/request/link-sent");
      const raw = smtp.received.find((m) => m.envelopeTo.includes(email))!.raw;
      const token = tokenIn.exec(raw.replace(/=\r?\n/g, ""))![1]!;
      expect((await get(`/request/${token}`)).status).toBe(200);

      const owner = await adminClient();
      const res = await owner.call(adminHistory, "GET", `/api/admin/history?submissionId=${id}`);
      expect(res.status).toBe(200);
      expect(res.json.links).toHaveLength(1);
      expect(res.json.links[0]).toMatchObject({
        mailStatus: "sent",
        mailSubject: expect.stringContaining("We've received your booking request"),
      });
      expect(res.json.links[0].mailSentAt).toEqual(expect.any(String));
      expect(res.text).not.toContain(token);
    } finally {
      setMailSender(undefined);
      await smtp.close();
    }
  });
});

describe("actions", () => {
  it("a POST without this site's Origin is refused with 403 and changes nothing", async () => {
    const id = await sendContact();
    const token = await latestToken(id);
    const nonce = await nonceFor(token, "cancel");
    for (const headers of [
      {},
      { origin: "https://evil.example" },
      { origin: "null" },
      { origin: "null", "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site" },
    ]) {
      const res = await post(`/request/${token}`, { action: "cancel", nonce }, headers);
      expect(res.status).toBe(403);
      expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    }
    expect(await stateOf(id)).toBe("new");
    // A browser's own form post from a no-referrer page: Origin null, Sec-Fetch-Site same-origin.
    const ok = await post(
      `/request/${token}`,
      { action: "cancel", nonce },
      { origin: "null", "sec-fetch-site": "same-origin" },
    );
    expect(ok.status).toBe(200);
    expect(await stateOf(id)).toBe("cancelled");
  });

  it("a message: a customer history row, one e-mail to each side, and a replayed form changes nothing", async () => {
    const id = await sendContact();
    const token = await latestToken(id);
    const before = (await mailFor(id)).length;
    const nonce = await nonceFor(token, "message");
    const fields = { action: "message", nonce, message: "The gate code is 4321." };
    const res = await post(`/request/${token}`, fields);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Message sent");
    const again = await post(`/request/${token}`, fields);
    expect(again.status).toBe(200);
    expect(await again.text()).toContain("Already done");

    const fromCustomer = (await historyOf(id)).filter((h) => h.actor === "customer");
    expect(fromCustomer).toHaveLength(1);
    expect(fromCustomer[0]).toMatchObject({
      fromState: "new",
      toState: "new",
      note: "The gate code is 4321.",
    });
    const mail = (await mailFor(id)).slice(before);
    expect(mail.map((m) => m.kind).sort()).toEqual(["customer_update", "owner_customer_update"]);
    await sendPending(t.db, { submissionId: id });
    expect(sentMessage(mail.find((m) => m.kind === "customer_update")!.id).text).toMatch(tokenIn);
    const alert = mail.find((m) => m.kind === "owner_customer_update")!;
    expect(alert.toAddress).toBe(mailContext().ownerEmail);
    expect(alert.textBody).toContain("The gate code is 4321.");
    expect(alert.textBody).toContain(`/admin/requests/${id}`);

    const page = await (await get(`/request/${token}`)).text();
    expect(page).toContain("You sent a message");
    expect(page).toContain("The gate code is 4321.");

    // An empty message: the form again, with the problem, and nothing sent.
    const empty = await act(token, "message", { message: "  " });
    expect(empty.status).toBe(422);
    const emptyPage = await empty.text();
    expect(emptyPage).toContain("Please write your message.");
    expect(emptyPage).toContain('name="nonce"');
    // An expired form key: the form again with a fresh key, nothing sent.
    const stale = await post(`/request/${token}`, {
      action: "message",
      nonce: newFormKey(new Date(Date.now() - 2 * 86_400_000)),
      message: "Still there?",
    });
    expect(stale.status).toBe(422);
    expect(await stale.text()).toContain("Still there?");
    expect((await mailFor(id)).length).toBe(before + 2);
  });

  it("one request takes six changes an hour: the seventh gets a clear 429 page and sends nothing; an hour later it works", async () => {
    await inOneWindow(customerActionRule.windowMs, async () => {
      const id = await sendContact();
      const token = await latestToken(id);
      for (let i = 1; i <= site.security.customerActionsPerHour; i++) {
        const res = await act(token, "message", { message: `Question number ${i}.` });
        expect(res.status, await res.clone().text()).toBe(200);
      }
      const before = (await mailFor(id)).length;
      const nonce = await nonceFor(token, "message");
      const refused = await post(`/request/${token}`, { action: "message", nonce, message: "One more." });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      const page = await refused.text();
      expect(page).toContain("Please wait a moment");
      expect(page).toContain("This request has had a lot of changes in the last hour");
      expect(page).toContain(site.phone.display);
      expect((await mailFor(id)).length).toBe(before);
      expect((await historyOf(id)).filter((h) => h.note === "One more.")).toHaveLength(0);

      // Another request is not held up by this one.
      const other = await latestToken(await sendContact());
      expect((await act(other, "message", { message: "Hello there." })).status).toBe(200);

      // The refused form's key was not used up: an hour later the same form goes through.
      const later = new Date(Date.now() + 61 * 60_000);
      const outcome = await actOnRequest(
        token,
        { action: "message", nonce, message: "One more." },
        at(later),
      );
      expect(outcome.changed).toBe(true);
    });
  });

  it("private notes and the owner's state-change notes never reach the page", async () => {
    const id = await sendContact();
    const token = await latestToken(id);
    const owner = await adminClient();
    await owner.call(adminSubmissions, "PATCH", `/api/admin/submissions/${id}`, {
      body: { state: "contacted", note: "Seems a time-waster" },
    });
    await owner.call(adminNotes, "POST", "/api/admin/notes", {
      body: { submissionId: id, body: "Private: owes us" },
    });
    const page = await (await get(`/request/${token}`)).text();
    expect(page).toContain("We&#39;ve read it");
    expect(page).not.toContain("time-waster");
    expect(page).not.toContain("owes us");
  });

  it("cancel without an appointment: cancelled by the customer, with the reason, e-mails once; then closed", async () => {
    const id = await sendContact();
    const token = await latestToken(id);
    const before = (await mailFor(id)).length;
    const res = await act(token, "cancel", { reason: "Fixed it myself" });
    expect(res.status).toBe(200);
    expect(await stateOf(id)).toBe("cancelled");
    expect((await historyOf(id)).at(-1)).toMatchObject({
      actor: "customer",
      toState: "cancelled",
      note: "Fixed it myself",
    });
    const mail = (await mailFor(id)).slice(before);
    expect(mail.map((m) => m.kind).sort()).toEqual(["customer_update", "owner_customer_update"]);
    expect(mail.find((m) => m.kind === "customer_update")!.textBody).toContain(
      "Your reason: Fixed it myself",
    );
    const page = await (await get(`/request/${token}`)).text();
    expect(page).toContain("Cancelled");
    expect(page).toContain("This request is closed");
    expect(page).toContain("You cancelled");
    // A step opened again (Back, an old tab) shows the request as it is now, and why.
    const again = await get(`/request/${token}?step=cancel`);
    expect(again.status).toBe(200);
    const againPage = await again.text();
    expect(againPage).toContain('<h2 id="banner-h">This request is closed</h2>');
    expect(againPage).toContain("You cancelled");
    expect(againPage).not.toContain('name="nonce"');
    const late = await post(`/request/${token}`, {
      action: "message",
      nonce: newFormKey(new Date()),
      message: "Hello?",
    });
    expect(late.status).toBe(409);
    expect(await late.text()).toContain("You cancelled");
    expect((await mailFor(id)).length).toBe(before + 2);
  });

  it("accept an offered time: scheduled by the customer, the .ics confirmation to them, an alert to the owner", async () => {
    const id = await book();
    const date = weekday(2);
    await actOnAppointment(id, { action: "propose", date, window: "morning" }, serviceContext());
    const token = await latestToken(id);
    const page = await (await get(`/request/${token}`)).text();
    expect(page).toContain("The time we offered");
    expect(page).toContain("Accept this time");
    // Nothing confirmed yet: no calendar file, and no link to one.
    expect(page).not.toContain("Add to calendar");
    const noFile = await get(`/request/${token}?download=calendar`);
    expect(noFile.status).toBe(404);
    expect(await noFile.text()).toContain("No appointment to add");
    const before = (await mailFor(id)).length;
    const res = await act(token, "accept");
    expect(res.status, await res.clone().text()).toBe(200);
    // The answer is the request's page as it now is, with what was done above it.
    const answer = await res.text();
    expect(answer).toContain('<h2 id="banner-h">Appointment confirmed</h2>');
    expect(answer).toContain("Appointment confirmed: ");
    expect(answer).toContain("You accepted the time we offered");
    expect(await stateOf(id)).toBe("scheduled");
    const [appointment] = await t.db.select().from(appointments).where(eq(appointments.submissionId, id));
    expect(appointment).toMatchObject({ status: "confirmed", date, window: "morning" });
    expect((await historyOf(id)).at(-1)).toMatchObject({ actor: "customer", toState: "scheduled" });
    const mail = (await mailFor(id)).slice(before);
    expect(mail.map((m) => m.kind).sort()).toEqual(["appointment_confirmed", "owner_customer_update"]);
    const confirmed = mail.find((m) => m.kind === "appointment_confirmed")!;
    expect(confirmed.attachments?.[0]?.content).toContain("METHOD:REQUEST");
    await sendPending(t.db, { submissionId: id });
    expect(sentMessage(confirmed.id).text).toMatch(tokenIn);

    // "Add to calendar": the confirmed visit as a file, the same UID and SEQUENCE as the e-mailed
    // invitation; fetching it (a scanner, twice) changes nothing.
    const mailCount = (await mailFor(id)).length;
    const answerPage = await (await get(`/request/${token}`)).text();
    expect(answerPage).toContain(`href="/request/${token}?download=calendar" download>Add to calendar</a>`);
    for (let i = 0; i < 2; i++) {
      const file = await get(`/request/${token}?download=calendar`);
      expect(file.status).toBe(200);
      expect(file.headers.get("content-type")).toBe("text/calendar; charset=utf-8; method=PUBLISH");
      expect(file.headers.get("content-disposition")).toBe(
        `attachment; filename="appointment-KB-${String(id).padStart(6, "0")}.ics"`,
      );
      expect(file.headers.get("cache-control")).toBe("no-store");
      expect(file.headers.get("referrer-policy")).toBe("no-referrer");
      expect(file.headers.get("x-robots-tag")).toContain("noindex");
      const ics = (await file.text()).replace(/\r\n[ \t]/g, "");
      const mailed = confirmed.attachments![0]!.content.replace(/\r\n[ \t]/g, "");
      const field = (text: string, name: string) => new RegExp(`^${name}[:;](.*)$`, "m").exec(text)?.[1];
      expect(field(ics, "METHOD")).toBe("PUBLISH");
      expect(field(ics, "UID")).toBe(field(mailed, "UID"));
      expect(field(ics, "UID")).toBe(appointment!.uid);
      expect(field(ics, "SEQUENCE")).toBe(field(mailed, "SEQUENCE"));
      expect(field(ics, "DTSTART")).toBe(field(mailed, "DTSTART"));
      expect(field(ics, "DTEND")).toBe(field(mailed, "DTEND"));
      expect(ics).not.toContain("ATTENDEE");
    }
    expect((await mailFor(id)).length).toBe(mailCount);
    expect(await stateOf(id)).toBe("scheduled");
    const after = await (await get(`/request/${token}`)).text();
    expect(after).toContain("Appointment confirmed: ");
    expect(after).toContain("You accepted the time we offered");
    expect(after).not.toContain("Accept this time");
    // Back to the accept step (the browser's Back button reloads it: no-store): the request as it
    // is now, with the appointment, and no form.
    const back = await get(`/request/${token}?step=accept`);
    expect(back.status).toBe(200);
    const backPage = await back.text();
    expect(backPage).toContain("This time is already accepted");
    expect(backPage).toContain("Appointment confirmed: ");
    expect(backPage).not.toContain("can no longer be done online");
    expect(backPage).not.toContain('name="nonce"');
    // The accept form sent again from a stale tab (a new key): nothing changes, the page as it is now.
    const before2 = (await mailFor(id)).length;
    const stale = await post(`/request/${token}`, { action: "accept", nonce: newFormKey(new Date()) });
    expect(stale.status).toBe(409);
    const stalePage = await stale.text();
    expect(stalePage).toContain("This time is already accepted");
    expect(stalePage).toContain("Appointment confirmed: ");
    expect((await mailFor(id)).length).toBe(before2);
  });

  it("ask for another time: options checked against availability, stored, the offer withdrawn, history and e-mails once", async () => {
    const id = await book();
    await actOnAppointment(id, { action: "propose", date: weekday(1), window: "morning" }, serviceContext());
    const token = await latestToken(id);
    const step = await (await get(`/request/${token}?step=reschedule`)).text();
    // The dates offered are the ones the booking form offers.
    expect(step).toContain(`<option value="${weekday(3)}"`);
    const before = (await mailFor(id)).length;
    let sunday = weekday(1);
    while (weekdayOf(sunday) !== 0) sunday = addDays(sunday, 1);
    const refused = await act(token, "reschedule", { option1Date: sunday, option1Window: "morning" });
    expect(refused.status).toBe(422);
    expect(await refused.text()).toContain("Option 1 is no longer available");
    expect((await mailFor(id)).length).toBe(before);

    const date = weekday(3);
    const res = await act(token, "reschedule", { option1Date: date, option1Window: "afternoon" });
    expect(res.status, await res.clone().text()).toBe(200);
    const [details] = await t.db.select().from(bookingDetails).where(eq(bookingDetails.submissionId, id));
    expect(details!.preferredOptions).toEqual([{ date, window: "afternoon" }]);
    const [offer] = await t.db.select().from(appointments).where(eq(appointments.submissionId, id));
    expect(offer!.status).toBe("cancelled");
    const last = (await historyOf(id)).at(-1)!;
    expect(last).toMatchObject({ actor: "customer", fromState: "contacted", toState: "contacted" });
    expect(last.note).toMatch(/^Asked for another time: /);
    expect(
      (await mailFor(id))
        .slice(before)
        .map((m) => m.kind)
        .sort(),
    ).toEqual(["customer_update", "owner_customer_update"]);
    const page = await (await get(`/request/${token}`)).text();
    expect(page).toContain("You asked for another time");
    expect(page).not.toContain("The time we offered");
  });

  it("a contact message has no times to change", async () => {
    const id = await sendContact();
    const token = await latestToken(id);
    expect(await (await get(`/request/${token}`)).text()).not.toContain("step=reschedule");
    const step = await get(`/request/${token}?step=reschedule`);
    expect(step.status).toBe(200);
    expect(await step.text()).toContain("No appointment times");
  });

  it("after the cut-off the page shows the phone number instead of the buttons and a late POST is refused", async () => {
    const id = await book();
    // A visit less than the cut-off away that has not ended yet (a window that has ended cannot be
    // confirmed): this afternoon, or after it tomorrow morning.
    // (Booked over the day's rules: the day may be a bank holiday or a day off.)
    const today = dateInZone(new Date());
    const soon =
      windowInstants(today, "afternoon").end.getTime() > Date.now() + 60_000
        ? { date: today, window: "afternoon" as const }
        : { date: addDays(today, 1), window: "morning" as const };
    await actOnAppointment(
      id,
      { action: "confirm", ...soon, dayOverrideReason: "An urgent leak" },
      serviceContext(),
    );
    const token = await latestToken(id);
    const page = await (await get(`/request/${token}`)).text();
    expect(page).toContain("can no longer be changed or cancelled online");
    expect(page).toContain("tel:");
    expect(page).not.toContain("step=cancel");
    expect(page).not.toContain("step=reschedule");
    expect(page).toContain("step=message");
    const step = await get(`/request/${token}?step=cancel`);
    expect(step.status).toBe(200);
    expect(await step.text()).toContain("Too late to change online");
    const before = (await mailFor(id)).length;
    const res = await post(`/request/${token}`, { action: "cancel", nonce: newFormKey(new Date()) });
    expect(res.status).toBe(409);
    expect(await res.text()).toContain("call us");
    expect(await stateOf(id)).toBe("scheduled");
    expect((await mailFor(id)).length).toBe(before);

    // The service draws the line at the cut-off exactly (elapsed hours before the window).
    const other = await book();
    const date = weekday(4);
    await actOnAppointment(other, { action: "confirm", date, window: "morning" }, serviceContext());
    const otherToken = await latestToken(other);
    const cutoff = changeCutoff(date, "morning");
    await expect(
      actOnRequest(otherToken, { action: "cancel", nonce: newFormKey(cutoff) }, at(cutoff)),
    ).rejects.toMatchObject({ code: "too_late" });
    const justBefore = new Date(cutoff.getTime() - 60_000);
    const early = await actOnRequest(
      otherToken,
      { action: "cancel", nonce: newFormKey(justBefore), reason: "Away" },
      at(justBefore),
    );
    expect(early.changed).toBe(true);
    const mail = (await mailFor(other)).filter((m) => m.kind === "appointment_cancelled");
    expect(mail).toHaveLength(1);
    expect(mail[0]!.attachments?.[0]?.content).toContain("METHOD:CANCEL");
    // The request is cancelled with it: the e-mail offers the page to look at, nothing to change.
    for (const body of [mail[0]!.textBody, mail[0]!.htmlBody]) {
      expect(body).toContain("See your request and what has happened:");
      expect(body).not.toMatch(/change or cancel|cancel it online/);
    }
    expect((await historyOf(other)).at(-1)).toMatchObject({ actor: "customer", toState: "cancelled" });
  });
});

describe("lost link", () => {
  const answer = async (email: string, ip = randomIp()) => {
    const res = await post("/request/lost", { email }, { origin, "x-forwarded-for": ip });
    return { status: res.status, body: await res.text() };
  };

  it("the form: noindex, no-store, no-referrer", async () => {
    const res = await get("/request/lost");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    expect(await res.text()).toContain('action="/request/lost"');
  });

  it("the same answer for a known and an unknown address; the known one gets a fresh link per request still kept (closed ones too, however long ago), and its older links stop working", async () => {
    const email = `lost-${Date.now()}@example.com`;
    const open = await sendContact({ email });
    const first = await latestToken(open);
    const closed = await sendContact({ email });
    await t.db.update(requests).set({ state: "done" }).where(eq(requests.id, closed));
    const cancelled = await book({ email });
    expect((await act(await latestToken(cancelled), "cancel")).status).toBe(200);
    const longClosed = await sendContact({ email });
    await t.db
      .update(requests)
      .set({ state: "lost", stateChangedAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(requests.id, longClosed));
    const spam = await sendContact({ email });
    await t.db.update(requests).set({ state: "spam" }).where(eq(requests.id, spam));
    const known = await answer(email.toUpperCase());
    const unknown = await answer(`nobody-${Date.now()}@example.com`);
    expect(known.status).toBe(200);
    expect(known).toEqual(unknown);
    const linkMail = async (id: number) => (await mailFor(id)).filter((m) => m.kind === "customer_link");
    const links = await linkMail(open);
    expect(links).toHaveLength(1);
    const linkText = async (id: number) => {
      const [row] = await linkMail(id);
      if (!row) return null;
      await sendPending(t.db, { submissionId: id });
      return sentMessage(row.id).text;
    };
    expect(await linkText(open)).toContain("See your request, send us a message, or cancel it online:");
    for (const id of [closed, cancelled]) {
      const text = await linkText(id);
      expect(text, `request ${id}`).not.toBeNull();
      expect(text).toContain("See your request and what has happened:");
      expect(text).not.toMatch(/change or cancel|cancel it online/);
      const page = await get(`/request/${tokenIn.exec(text!)![1]!}`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("This request is closed");
    }
    // A request closed longer ago than links last is still kept: its fresh link opens it. Spam gets
    // nothing.
    const longClosedText = await linkText(longClosed);
    expect(longClosedText).not.toBeNull();
    const reopened = await get(`/request/${tokenIn.exec(longClosedText!)![1]!}`);
    expect(reopened.status).toBe(200);
    expect(await reopened.text()).toContain("This request is closed");
    expect(await linkMail(spam)).toHaveLength(0);
    const token = await latestToken(open);
    expect((await get(`/request/${token}`)).status).toBe(200);
    // Asking for a new link revokes the ones sent before (a forwarded or lost e-mail's link).
    expect((await get(`/request/${first}`)).status).toBe(404);
  });

  it("per address: after three in an hour the answer is unchanged but nothing more is sent", async () => {
    await inOneWindow(lostLinkAddressRule.windowMs, async () => {
      const email = `flood-${Date.now()}@example.com`;
      const id = await sendContact({ email });
      const answers = [];
      for (let i = 0; i < 5; i++) answers.push(await answer(email));
      for (const a of answers) expect(a).toEqual(answers[0]);
      expect((await mailFor(id)).filter((m) => m.kind === "customer_link")).toHaveLength(3);
    });
  });

  it("per client: the sixth ask in an hour from one client gets 429", async () => {
    await inOneWindow(lostLinkClientRule.windowMs, async () => {
      const ip = randomIp();
      const statuses = [];
      for (let i = 0; i < 6; i++) statuses.push((await answer(`x${i}-${Date.now()}@example.com`, ip)).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    });
  });

  it("a bad address is the form again with the problem; a post from another site is 403", async () => {
    const bad = await answer("not an address");
    expect(bad.status).toBe(422);
    expect(bad.body).toContain("Please enter a valid email address.");
    expect(bad.body).toContain('value="not an address"');
    const res = await post("/request/lost", { email: "a@example.com" }, { origin: "https://evil.example" });
    expect(res.status).toBe(403);
  });
});

describe("a mail scanner", () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
    setMailSender(
      createSmtpSender(
        { smtpUrl: `smtp://127.0.0.1:${smtp.port}?tls=off`, from: "Site <s@example.com>" },
        2000,
      ),
    );
  });
  afterAll(async () => {
    setMailSender(undefined);
    await smtp.close();
  });

  const decode = (raw: string) =>
    raw
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));

  it("that GETs every link in every e-mail, and every link on the pages they open, changes nothing", async () => {
    const id = await book();
    await actOnAppointment(
      id,
      { action: "propose", date: weekday(2), window: "afternoon" },
      serviceContext(),
    );
    const contactId = await sendContact();
    const scheduled = await book();
    await actOnAppointment(
      scheduled,
      { action: "confirm", date: weekday(3), window: "morning" },
      serviceContext(),
    );
    const ids = [id, contactId, scheduled];
    const theirs = await t.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(sql`${mailOutbox.submissionId} in (${sql.join(ids, sql`, `)})`);
    await deliverDue(t.db, mailSender()!, { ids: theirs.map((m) => m.id) });
    const snapshot = async () => ({
      requests: await t.db
        .select({ id: requests.id, state: requests.state, at: requests.stateChangedAt })
        .from(requests)
        .where(sql`${requests.id} in (${sql.join(ids, sql`, `)})`),
      history: (await t.db.select({ n: sql<number>`count(*)::int` }).from(requestHistory))[0]!.n,
      mail: (await t.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox))[0]!.n,
      appointments: await t.db.select().from(appointments).orderBy(appointments.id),
      details: await t.db.select().from(bookingDetails).orderBy(bookingDetails.submissionId),
    });
    const before = await snapshot();
    const urls = new Set<string>();
    for (const message of smtp.received) {
      for (const m of decode(message.raw).matchAll(/https?:\/\/[^\s"'<>)]+/g)) urls.add(m[0]);
    }
    const pagePaths = [...urls].map((u) => new URL(u).pathname).filter((p) => p.startsWith("/request/"));
    expect(pagePaths.length).toBeGreaterThanOrEqual(5);
    const visited = new Set<string>();
    const queue = [...pagePaths];
    while (queue.length) {
      const path = queue.shift()!;
      if (visited.has(path)) continue;
      visited.add(path);
      for (const method of ["GET", "HEAD"]) {
        const res = await customerPageFn(getRequest(path, { method }));
        expect(res.status, path).toBeLessThan(500);
        if (method === "GET" && res.headers.get("content-type")?.includes("text/html")) {
          for (const m of (await res.text()).matchAll(/href="(\/request\/[^"]+)"/g)) {
            queue.push(m[1]!.replaceAll("&amp;", "&"));
          }
        }
      }
    }
    expect([...visited].some((p) => /\?step=(accept|cancel|message|reschedule)$/.test(p))).toBe(true);
    expect(await snapshot()).toEqual(before);
    expect(
      await t.db
        .select()
        .from(requests)
        .where(and(eq(requests.id, id), eq(requests.state, "contacted"))),
    ).toHaveLength(1);
  });
});
