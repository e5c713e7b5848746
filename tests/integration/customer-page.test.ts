/**
 * The customer's page on a real database (PGlite, and PostgreSQL under scripts/with-postgres.ts):
 * private links (hashed, one per e-mail, 404 alike for wrong, expired and unknown tokens, never
 * logged, redacted from the outbox once sent), the page's headers, the four actions with their
 * history rows and e-mails queued once, the Origin check, the change cut-off, the lost-link form
 * (same answer for known and unknown addresses, rate limits), and a mail scanner that GETs every
 * link in every e-mail changing nothing.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import adminActivity from "../../netlify/functions/admin-submission-activity.mts";
import bookings from "../../netlify/functions/bookings.mts";
import contact from "../../netlify/functions/contact.mts";
import customerPage from "../../netlify/functions/customer-page.mts";
import { weekdayOf, type IsoDate } from "../../src/lib/appointments";
import { changeCutoff } from "../../src/server/appointments/window-instants";
import { hashToken, resolveLink } from "../../src/server/customer/links";
import { act } from "../../src/server/customer/service";
import {
  appointments,
  bookingDetails,
  customerLinks,
  formSubmissions,
  mailOutbox,
  submissionHistory,
} from "../../src/server/db/schema";
import { setLogSink } from "../../src/server/http/log";
import { mailContext, mailSender, setMailSender } from "../../src/server/mail/notify";
import { deliverDue } from "../../src/server/mail/outbox";
import { createSmtpSender } from "../../src/server/mail/transport";
import { actOnAppointment } from "../../src/server/services/appointments";
import { adminClient } from "../helpers/admin";
import { useTestDatabase } from "../helpers/db";
import {
  bookableToday,
  getRequest,
  jsonRequest,
  randomIp,
  validBooking,
  validContact,
} from "../helpers/http";
import { startSmtp } from "../helpers/smtp";

const t = useTestDatabase();
const origin = "http://localhost";
const tokenIn = /\/request\/([A-Za-z0-9_-]{22})\b/;

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

/** The token in the newest customer e-mail of a request (still pending: no SMTP in these tests). */
async function latestToken(id: number): Promise<string> {
  const rows = (await mailFor(id)).filter((m) => m.toAddress !== mailContext().ownerEmail);
  const match = tokenIn.exec(rows.at(-1)!.textBody);
  expect(match, rows.at(-1)!.textBody).not.toBeNull();
  return match![1]!;
}

const get = (path: string) => customerPage(getRequest(path));

function post(path: string, fields: Record<string, string>, headers: Record<string, string> = { origin }) {
  return customerPage(
    new Request(`${origin}${path}`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        accept: "text/html",
        "x-nf-client-connection-ip": randomIp(),
        ...headers,
      },
      body: new URLSearchParams(fields).toString(),
    }),
  );
}

/** The nonce of an action's confirmation step, as the browser would get it. */
async function nonceFor(token: string, action: string): Promise<string> {
  const res = await get(`/request/${token}/${action}`);
  expect(res.status).toBe(200);
  const match = /name="nonce" value="([^"]+)"/.exec(await res.text());
  return match![1]!;
}

const historyOf = (id: number) =>
  t.db
    .select()
    .from(submissionHistory)
    .where(eq(submissionHistory.submissionId, id))
    .orderBy(submissionHistory.id);

function weekday(skip = 0): IsoDate {
  const dates = bookableToday().filter((d) => weekdayOf(d.date) >= 1 && weekdayOf(d.date) <= 5);
  return dates[skip]!.date;
}

describe("private links", () => {
  it("every customer e-mail carries a fresh link; only its SHA-256 is stored; the owner's e-mail has none", async () => {
    const id = await book();
    const rows = await mailFor(id);
    const owner = rows.find((m) => m.kind === "owner_submission")!;
    const confirmation = rows.find((m) => m.kind === "customer_confirmation")!;
    expect(tokenIn.test(owner.textBody)).toBe(false);
    const token = tokenIn.exec(confirmation.textBody)![1]!;
    expect(confirmation.htmlBody).toContain(`/request/${token}`);
    expect(Buffer.from(token, "base64url")).toHaveLength(16);
    const links = await t.db.select().from(customerLinks).where(eq(customerLinks.submissionId, id));
    expect(links).toHaveLength(1);
    expect(links[0]!.tokenHash).toBe(hashToken(token));
    expect(links[0]!.mailId).toBe(confirmation.id);
    expect(JSON.stringify(links)).not.toContain(token);
    expect((await resolveLink(token))?.id).toBe(id);
  });

  it("the page: reference, what was sent, state in customer words; no-store, noindex, no-referrer, strict CSP", async () => {
    const id = await book({ message: "Hall <b>ceiling</b> crack" });
    const token = await latestToken(id);
    const res = await get(`/request/${token}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    expect(res.headers.get("x-robots-tag")).toContain("noindex");
    expect(res.headers.get("content-security-policy")).toMatch(/default-src 'none'/);
    expect(res.headers.get("content-security-policy")).not.toContain("unsafe-inline");
    const html = await res.text();
    expect(html).toContain(`KB-${String(id).padStart(6, "0")}`);
    expect(html).toContain("Received");
    expect(html).toContain("Hall &lt;b&gt;ceiling&lt;/b&gt; crack");
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(html).not.toMatch(/<script|style=/);
    const css = await get("/request/page.css");
    expect(css.headers.get("content-type")).toContain("text/css");
  });

  it("a wrong, malformed, expired, spam or deleted request's token gets the same 404 page, in the same time class", async () => {
    const expiredId = await sendContact();
    const expired = await latestToken(expiredId);
    await t.db
      .update(formSubmissions)
      .set({ state: "done", stateChangedAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(formSubmissions.id, expiredId));
    const spamId = await sendContact();
    const spam = await latestToken(spamId);
    await t.db.update(formSubmissions).set({ state: "spam" }).where(eq(formSubmissions.id, spamId));
    const goneId = await sendContact();
    const gone = await latestToken(goneId);
    await t.db.delete(formSubmissions).where(eq(formSubmissions.id, goneId));
    const recentlyClosedId = await sendContact();
    const recentlyClosed = await latestToken(recentlyClosedId);
    await t.db
      .update(formSubmissions)
      .set({ state: "done", stateChangedAt: new Date(Date.now() - 29 * 86_400_000) })
      .where(eq(formSubmissions.id, recentlyClosedId));

    const wrong = "AAAAAAAAAAAAAAAAAAAAAA";
    const answers = await Promise.all(
      [wrong, "short", expired, spam, gone, `${expired.slice(0, -1)}x`].map(async (token) => {
        const res = await get(`/request/${token}`);
        return { status: res.status, body: await res.text() };
      }),
    );
    for (const a of answers) {
      expect(a.status).toBe(404);
      expect(a.body).toBe(answers[0]!.body);
    }
    expect((await get(`/request/${recentlyClosed}`)).status).toBe(200);

    // Same timing class: a wrong token and an expired one do the same work (hash, one lookup by
    // hash, one row read, constant-time compare); their medians stay within a few milliseconds.
    const median = async (token: string) => {
      const times: number[] = [];
      for (let i = 0; i < 15; i++) {
        const started = performance.now();
        await resolveLink(token);
        times.push(performance.now() - started);
      }
      return times.sort((a, b) => a - b)[7]!;
    };
    const [a, b] = [await median(wrong), await median(expired)];
    expect(Math.abs(a - b)).toBeLessThan(Math.max(a, b) * 0.6 + 3);
  });

  it("the token never reaches the log: the line names the route pattern", async () => {
    const id = await book();
    const token = await latestToken(id);
    const lines: string[] = [];
    const previous = setLogSink((line) => lines.push(line));
    try {
      await get(`/request/${token}`);
      await get(`/request/${token}/message`);
      await post(`/request/${token}/message`, { nonce: "x" }, {});
    } finally {
      setLogSink(previous);
    }
    expect(lines.length).toBeGreaterThanOrEqual(3);
    for (const line of lines) {
      expect(line).not.toContain(token);
      expect(JSON.parse(line).route).toBe("/request/:token");
    }
  });

  it("once sent, the outbox keeps the e-mail without the token; the admin sees that a link went out and when", async () => {
    const smtp = await startSmtp();
    setMailSender(
      createSmtpSender(
        { smtpUrl: `smtp://127.0.0.1:${smtp.port}?tls=off`, from: "Site <s@example.com>" },
        2000,
      ),
    );
    try {
      const id = await book();
      const confirmation = (await mailFor(id)).find((m) => m.kind === "customer_confirmation")!;
      expect(confirmation.status).toBe("sent");
      expect(tokenIn.test(confirmation.textBody)).toBe(false);
      expect(confirmation.textBody).toContain("/request/link-sent");
      const raw = smtp.received.find((m) => m.envelopeTo.includes("morag@example.com"))!.raw;
      expect(raw.replace(/=\r?\n/g, "")).toMatch(tokenIn);

      const owner = await adminClient();
      const res = await owner.call(adminActivity, "GET", `/api/admin/submissions/${id}/history`);
      expect(res.status).toBe(200);
      expect(res.json.links).toHaveLength(1);
      expect(res.json.links[0]).toMatchObject({ mailStatus: "sent", target: "/request/…" });
      expect(res.json.links[0].mailSentAt).toEqual(expect.any(String));
      expect(res.text).not.toMatch(tokenIn);
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
    ]) {
      const res = await post(`/request/${token}/cancel`, { nonce }, headers);
      expect(res.status).toBe(403);
    }
    expect((await t.db.select().from(formSubmissions).where(eq(formSubmissions.id, id)))[0]!.state).toBe(
      "new",
    );
    // A browser's own form post from a no-referrer page: Origin null, Sec-Fetch-Site same-origin.
    const ok = await post(
      `/request/${token}/cancel`,
      { nonce },
      { origin: "null", "sec-fetch-site": "same-origin" },
    );
    expect(ok.status).toBe(200);
  });

  it("a message: a customer history row, one e-mail to each side, and a replayed form changes nothing", async () => {
    const id = await sendContact();
    const token = await latestToken(id);
    const before = (await mailFor(id)).length;
    const nonce = await nonceFor(token, "message");
    const res = await post(`/request/${token}/message`, { nonce, message: "The gate code is 4321." });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Message sent");
    const again = await post(`/request/${token}/message`, { nonce, message: "The gate code is 4321." });
    expect(again.status).toBe(200);
    expect(await again.text()).toContain("Already done");

    const history = await historyOf(id);
    const fromCustomer = history.filter((h) => h.actor === "customer");
    expect(fromCustomer).toHaveLength(1);
    expect(fromCustomer[0]).toMatchObject({
      fromState: "new",
      toState: "new",
      note: "The gate code is 4321.",
    });
    const mail = (await mailFor(id)).slice(before);
    expect(mail.map((m) => m.kind).sort()).toEqual(["customer_update", "owner_customer_update"]);
    expect(mail.find((m) => m.kind === "customer_update")!.textBody).toMatch(tokenIn);

    const page = await (await get(`/request/${token}`)).text();
    expect(page).toContain("You sent a message");
    expect(page).toContain("The gate code is 4321.");

    const empty = await post(`/request/${token}/message`, {
      nonce: await nonceFor(token, "message"),
      message: "  ",
    });
    expect(empty.status).toBe(422);
    expect((await mailFor(id)).length).toBe(before + 2);
  });

  it("private notes and the owner's state-change notes never reach the page", async () => {
    const id = await sendContact();
    const token = await latestToken(id);
    const owner = await adminClient();
    const { default: adminSubmissions } = await import("../../netlify/functions/admin-submissions.mts");
    await owner.call(adminSubmissions, "PATCH", `/api/admin/submissions/${id}`, {
      body: { state: "contacted", note: "Seems a time-waster" },
    });
    await owner.call(adminActivity, "POST", `/api/admin/submissions/${id}/notes`, {
      body: { body: "Private: owes us" },
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
    const nonce = await nonceFor(token, "cancel");
    const res = await post(`/request/${token}/cancel`, { nonce, reason: "Fixed it myself" });
    expect(res.status).toBe(200);
    const [row] = await t.db.select().from(formSubmissions).where(eq(formSubmissions.id, id));
    expect(row!.state).toBe("cancelled");
    expect((await historyOf(id)).at(-1)).toMatchObject({
      actor: "customer",
      toState: "cancelled",
      note: "Fixed it myself",
    });
    expect(
      (await mailFor(id))
        .slice(before)
        .map((m) => m.kind)
        .sort(),
    ).toEqual(["customer_update", "owner_customer_update"]);
    const page = await (await get(`/request/${token}`)).text();
    expect(page).toContain("Cancelled");
    expect(page).toContain("This request is closed");
    expect((await get(`/request/${token}/cancel`)).status).toBe(409);
    const late = await post(`/request/${token}/message`, {
      nonce: "abcdefghijklmnopqrstuv",
      message: "Hello?",
    });
    expect(late.status).toBe(409);
  });

  it("accept a proposed time: scheduled by the customer, the .ics confirmation to them, an alert to the owner", async () => {
    const id = await book();
    const date = weekday(2);
    await actOnAppointment(id, { action: "propose", date, window: "morning" }, mailContext());
    const token = await latestToken(id);
    const page = await (await get(`/request/${token}`)).text();
    expect(page).toContain("The time we offered");
    expect(page).toContain("Accept this time");
    const before = (await mailFor(id)).length;
    const res = await post(`/request/${token}/accept`, { nonce: await nonceFor(token, "accept") });
    expect(res.status, await res.clone().text()).toBe(200);
    const [row] = await t.db.select().from(formSubmissions).where(eq(formSubmissions.id, id));
    expect(row!.state).toBe("scheduled");
    const [appointment] = await t.db.select().from(appointments).where(eq(appointments.submissionId, id));
    expect(appointment).toMatchObject({ status: "confirmed", date, window: "morning" });
    expect((await historyOf(id)).at(-1)).toMatchObject({ actor: "customer", toState: "scheduled" });
    const mail = (await mailFor(id)).slice(before);
    expect(mail.map((m) => m.kind).sort()).toEqual(["appointment_confirmed", "owner_customer_update"]);
    const confirmed = mail.find((m) => m.kind === "appointment_confirmed")!;
    expect(confirmed.attachments?.[0]?.content).toContain("METHOD:REQUEST");
    expect(confirmed.textBody).toMatch(tokenIn);
    const after = await (await get(`/request/${token}`)).text();
    expect(after).toContain("Appointment confirmed: ");
    expect(after).not.toContain("Accept this time");
  });

  it("ask for another time: options checked against availability, stored, history and e-mails once", async () => {
    const id = await book();
    const token = await latestToken(id);
    const before = (await mailFor(id)).length;
    const sunday = (() => {
      const d = bookableToday().map((x) => x.date);
      let day = d[0]!;
      while (weekdayOf(day) !== 0)
        day = new Date(Date.parse(`${day}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      return day;
    })();
    const refused = await post(`/request/${token}/reschedule`, {
      nonce: await nonceFor(token, "reschedule"),
      option1Date: sunday,
      option1Window: "morning",
    });
    expect(refused.status).toBe(422);
    expect(await refused.text()).toContain("Option 1");
    expect((await mailFor(id)).length).toBe(before);

    const date = weekday(3);
    const res = await post(`/request/${token}/reschedule`, {
      nonce: await nonceFor(token, "reschedule"),
      option1Date: date,
      option1Window: "afternoon",
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const [details] = await t.db.select().from(bookingDetails).where(eq(bookingDetails.submissionId, id));
    expect(details!.preferredOptions).toEqual([{ date, window: "afternoon" }]);
    const last = (await historyOf(id)).at(-1)!;
    expect(last.actor).toBe("customer");
    expect(last.note).toMatch(/^Asked for another time: /);
    expect(
      (await mailFor(id))
        .slice(before)
        .map((m) => m.kind)
        .sort(),
    ).toEqual(["customer_update", "owner_customer_update"]);
  });

  it("after the cut-off the page shows the phone number instead of the buttons and a late POST is refused", async () => {
    const id = await book();
    // A visit confirmed for today: its window is less than the cut-off away.
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date());
    await actOnAppointment(id, { action: "confirm", date: today, window: "afternoon" }, mailContext());
    const token = await latestToken(id);
    const page = await (await get(`/request/${token}`)).text();
    expect(page).toContain("can no longer be changed or cancelled online");
    expect(page).not.toContain(`/request/${token}/cancel"`);
    expect(page).not.toContain(`/request/${token}/reschedule"`);
    expect((await get(`/request/${token}/cancel`)).status).toBe(409);
    const before = (await mailFor(id)).length;
    const res = await post(`/request/${token}/cancel`, { nonce: "abcdefghijklmnopqrstuv" });
    expect(res.status).toBe(409);
    expect(await res.text()).toContain("call us");
    expect((await t.db.select().from(formSubmissions).where(eq(formSubmissions.id, id)))[0]!.state).toBe(
      "scheduled",
    );
    expect((await mailFor(id)).length).toBe(before);

    // The service draws the line at the cut-off exactly (elapsed hours before the window).
    const other = await book();
    const date = weekday(4);
    await actOnAppointment(other, { action: "confirm", date, window: "morning" }, mailContext());
    const cutoff = changeCutoff(date, "morning");
    await expect(
      act(other, { action: "cancel", nonce: "late-nonce-1234567890", reason: null }, mailContext(), cutoff),
    ).rejects.toMatchObject({ status: 409, code: "too_late" });
    const early = await act(
      other,
      { action: "cancel", nonce: "early-nonce-123456789", reason: "Away" },
      mailContext(),
      new Date(cutoff.getTime() - 60_000),
    );
    expect(early.changed).toBe(true);
    const mail = (await mailFor(other)).filter((m) => m.kind === "appointment_cancelled");
    expect(mail).toHaveLength(1);
    expect(mail[0]!.attachments?.[0]?.content).toContain("METHOD:CANCEL");
  });
});

describe("lost link", () => {
  const answer = async (email: string, ip = randomIp()) => {
    const res = await post("/request/lost", { email }, { origin, "x-nf-client-connection-ip": ip });
    return { status: res.status, body: await res.text() };
  };

  it("the same answer for a known and an unknown address; the known one gets a fresh link per open request", async () => {
    const email = `lost-${Date.now()}@example.com`;
    const open = await sendContact({ email });
    const closed = await sendContact({ email });
    await t.db.update(formSubmissions).set({ state: "done" }).where(eq(formSubmissions.id, closed));
    const known = await answer(email.toUpperCase());
    const unknown = await answer(`nobody-${Date.now()}@example.com`);
    expect(known.status).toBe(200);
    expect(known).toEqual(unknown);
    const links = (await mailFor(open)).filter((m) => m.kind === "customer_link");
    expect(links).toHaveLength(1);
    expect((await mailFor(closed)).filter((m) => m.kind === "customer_link")).toHaveLength(0);
    const token = tokenIn.exec(links[0]!.textBody)![1]!;
    expect((await get(`/request/${token}`)).status).toBe(200);
    // The older link still works.
    const first = tokenIn.exec(
      (await mailFor(open)).find((m) => m.kind === "customer_confirmation")!.textBody,
    )![1]!;
    expect((await get(`/request/${first}`)).status).toBe(200);
  });

  it("per address: after three in an hour the answer is unchanged but nothing more is sent", async () => {
    const email = `flood-${Date.now()}@example.com`;
    const id = await sendContact({ email });
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await answer(email));
    for (const a of answers) expect(a).toEqual(answers[0]);
    expect((await mailFor(id)).filter((m) => m.kind === "customer_link")).toHaveLength(3);
  });

  it("per client: the sixth request in an hour from one client gets 429", async () => {
    const ip = randomIp();
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await answer(`x${i}-${Date.now()}@example.com`, ip)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it("a bad address is a 422 form again; a post from another site is 403", async () => {
    const bad = await answer("not an address");
    expect(bad.status).toBe(422);
    expect(bad.body).toContain("valid e-mail address");
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
    await actOnAppointment(id, { action: "propose", date: weekday(2), window: "afternoon" }, mailContext());
    const contactId = await sendContact();
    await deliverDue(t.db, mailSender()!); // the proposal's e-mail too
    const snapshot = async () => ({
      requests: await t.db
        .select({ id: formSubmissions.id, state: formSubmissions.state, at: formSubmissions.stateChangedAt })
        .from(formSubmissions)
        .where(sql`${formSubmissions.id} in (${id}, ${contactId})`),
      history: (await t.db.select({ n: sql<number>`count(*)::int` }).from(submissionHistory))[0]!.n,
      mail: (await t.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox))[0]!.n,
      appointments: await t.db.select().from(appointments).where(eq(appointments.submissionId, id)),
      details: await t.db.select().from(bookingDetails).where(eq(bookingDetails.submissionId, id)),
    });
    const before = await snapshot();
    const urls = new Set<string>();
    for (const message of smtp.received) {
      for (const m of decode(message.raw).matchAll(/https?:\/\/[^\s"'<>)]+/g)) urls.add(m[0]);
    }
    const pagePaths = [...urls].map((u) => new URL(u).pathname).filter((p) => p.startsWith("/request/"));
    expect(pagePaths.length).toBeGreaterThanOrEqual(3);
    const visited = new Set<string>();
    const queue = [...pagePaths];
    while (queue.length) {
      const path = queue.shift()!;
      if (visited.has(path)) continue;
      visited.add(path);
      for (const method of ["GET", "HEAD"]) {
        const res = await customerPage(getRequest(path, { method }));
        expect(res.status).toBeLessThan(500);
        if (method === "GET" && res.headers.get("content-type")?.includes("text/html")) {
          for (const m of (await res.text()).matchAll(/href="(\/request\/[^"]+)"/g)) queue.push(m[1]!);
        }
      }
    }
    expect([...visited].some((p) => /\/(accept|cancel|message|reschedule)$/.test(p))).toBe(true);
    expect(await snapshot()).toEqual(before);
    expect(
      await t.db
        .select()
        .from(formSubmissions)
        .where(and(eq(formSubmissions.id, id), eq(formSubmissions.state, "contacted"))),
    ).toHaveLength(1);
  });
});
