/**
 * The owner's notifications, on a real database (PGlite, and PostgreSQL under
 * scripts/with-postgres.ts) with a loopback push service that verifies each request's VAPID
 * signature and decrypts its payload with the subscription's keys (tests/helpers/push-service.ts):
 * the admin endpoints, a booking's notification (sent before the post answers when there is no
 * waitUntil), a customer's cancellation, a dropped subscription (410) removed, a failing device
 * retried then given up with the e-mail fallback, quiet hours with a fixed clock, a kind switched
 * off, and the production rule for endpoints.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import webpush from "web-push";
import adminPush from "../../netlify/functions/admin-push.mts";
import bookings from "../../netlify/functions/bookings.mts";
import { actOnRequest, newFormKey } from "../../src/features/customer-page/service";
import { deliverPushDue } from "../../src/features/push/service-delivery";
import { notifyOwner, setQuietHours, tellOwnerMailFailed, vapidKeys } from "../../src/features/push/service";
import { mailOutbox, pushOutbox, pushSubscriptions } from "../../src/features/tables";
import { pushKeepMs, runHousekeeping } from "../../src/features/housekeeping/service";
import { site } from "../../src/config/site";
import { serviceContext } from "../../src/platform/context";
import { wallClockInstant } from "../../src/platform/time";
import { adminClient, seedRequest } from "../helpers/admin";
import { useTestDatabase } from "../helpers/db";
import { jsonRequest, validBooking } from "../helpers/http";
import { startPushService, type PushService } from "../helpers/push-service";
import { sendPending, sentMessage } from "../helpers/sent-mail";
import { addPayment, createInvoice, issueInvoice } from "../../src/features/invoices/service";
import { runInvoiceReminders } from "../../src/features/invoices/service-scheduled";

const t = useTestDatabase();
const vapid = webpush.generateVAPIDKeys();
let service: PushService;
let owner: Awaited<ReturnType<typeof adminClient>>;

beforeAll(async () => {
  process.env["VAPID_PUBLIC_KEY"] = vapid.publicKey;
  process.env["VAPID_PRIVATE_KEY"] = vapid.privateKey;
  service = await startPushService({ vapidPublicKey: vapid.publicKey });
  // The one loopback endpoint the server takes (src/platform/env.ts localPushOrigin).
  process.env["LOCAL_PUSH_ORIGIN"] = service.origin;
  owner = await adminClient();
});
afterAll(async () => {
  delete process.env["VAPID_PUBLIC_KEY"];
  delete process.env["VAPID_PRIVATE_KEY"];
  delete process.env["LOCAL_PUSH_ORIGIN"];
  setQuietHours(undefined);
  await service.close();
});
beforeEach(async () => {
  // Each test owns the devices: none left from another test.
  await t.db.delete(pushSubscriptions);
  setQuietHours({ from: "00:00", until: "00:00" });
});

const call = (method: string, path: string, body?: unknown) =>
  owner.call(adminPush, method, path, body === undefined ? {} : { body });

async function register(name = "Phone") {
  const browser = service.subscribe();
  const res = await call("POST", "/api/admin/push/subscriptions", { ...browser.subscription, name });
  expect(res.status, res.text).toBe(201);
  return { ...browser, id: res.json.device.id as number };
}

const rowsFor = (subscriptionId: number) =>
  t.db.select().from(pushOutbox).where(eq(pushOutbox.subscriptionId, subscriptionId)).orderBy(pushOutbox.id);

describe("the admin endpoints", () => {
  it("gives the public key, registers, lists, renames, tests and removes a device", async () => {
    const key = await call("GET", "/api/admin/push/public-key");
    expect(key.json).toEqual({ publicKey: vapid.publicKey });

    const device = await register("Callum's phone");
    const listed = await call("GET", "/api/admin/push/settings");
    expect(listed.json.devices).toEqual([
      expect.objectContaining({
        id: device.id,
        name: "Callum's phone",
        host: new URL(service.origin).host,
        lastSuccessAt: null,
      }),
    ]);
    expect(listed.json.quietHours).toEqual({ from: "00:00", until: "00:00" });
    expect(listed.json.kinds.every((k: { enabled: boolean }) => k.enabled)).toBe(true);

    const renamed = await call("PATCH", `/api/admin/push/subscriptions/${device.id}`, { name: "Van tablet" });
    expect(renamed.status).toBe(200);
    expect(renamed.json.device.name).toBe("Van tablet");

    const test = await call("POST", "/api/admin/push/test", {});
    expect(test.json).toEqual({ sent: 1, failed: 0 });
    const [got] = service.at(device.path);
    expect(got!.problem).toBeNull();
    expect(got!.payload).toEqual({
      title: "Test notification",
      body: "Notifications work on this device.",
      url: "/admin/notifications",
      tag: "test",
    });
    expect(got!.claims!.sub).toBe(`mailto:${site.email}`);
    expect(got!.headers.ttl).toBe(String(site.push.ttlSeconds));
    expect(got!.headers.urgency).toBe("normal");
    const after = await call("GET", "/api/admin/push/settings");
    expect(after.json.devices[0].lastSuccessAt).not.toBeNull();

    expect((await call("DELETE", `/api/admin/push/subscriptions/${device.id}`)).status).toBe(204);
    expect((await call("DELETE", `/api/admin/push/subscriptions/${device.id}`)).status).toBe(404);
    expect((await call("GET", "/api/admin/push/settings")).json.devices).toEqual([]);
    expect((await call("POST", "/api/admin/push/test", {})).status).toBe(409);
  });

  it("registers the same browser once, refuses bad subscriptions, needs the session and the origin", async () => {
    const browser = service.subscribe();
    const body = { ...browser.subscription, name: "Phone" };
    const first = await call("POST", "/api/admin/push/subscriptions", body);
    const again = await call("POST", "/api/admin/push/subscriptions", { ...body, name: "Phone (again)" });
    expect(again.json.device.id).toBe(first.json.device.id);
    expect((await call("GET", "/api/admin/push/settings")).json.devices).toHaveLength(1);

    const bad = await call("POST", "/api/admin/push/subscriptions", {
      ...body,
      endpoint: "http://10.0.0.7/push/1",
    });
    expect(bad.status).toBe(422);
    expect(bad.json.error.fields.endpoint).toMatch(/https/);
    const shortKey = await call("POST", "/api/admin/push/subscriptions", {
      ...body,
      keys: { ...body.keys, p256dh: "abc" },
    });
    expect(shortKey.status).toBe(422);
    const noName = await call("POST", "/api/admin/push/subscriptions", { ...body, name: " " });
    expect(noName.status).toBe(422);

    const anonymous = await owner.call(adminPush, "GET", "/api/admin/push/settings", { anonymous: true });
    expect(anonymous.status).toBe(401);
    const crossSite = await owner.call(adminPush, "POST", "/api/admin/push/subscriptions", {
      body,
      origin: "https://evil.example.net",
    });
    expect(crossSite.status).toBe(403);
  });

  it("answers no key and refuses to subscribe while the VAPID keys are not set", async () => {
    delete process.env["VAPID_PRIVATE_KEY"];
    try {
      expect(vapidKeys()).toBeNull();
      expect((await call("GET", "/api/admin/push/public-key")).json).toEqual({ publicKey: null });
      const res = await call("POST", "/api/admin/push/subscriptions", {
        ...service.subscribe().subscription,
        name: "Phone",
      });
      expect(res.status).toBe(409);
      // Push is off: the event that has no e-mail of its own is e-mailed instead.
      const failed = await tellOwnerMailFailed(
        { kind: "quote_sent", submissionId: null, subject: "Your quote" },
        t.db,
      );
      expect(failed.push).toEqual([]);
      const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, failed.mail[0]!));
      expect(mail).toMatchObject({
        kind: "owner_alert",
        subject: "Website: An e-mail could not be delivered",
      });
    } finally {
      process.env["VAPID_PRIVATE_KEY"] = vapid.privateKey;
    }
  });
});

describe("events", () => {
  it("an invoice's first reminder tells the owner it is overdue, once, and the tap opens its request", async () => {
    const phone = await register();
    const request = await seedRequest();
    const issuedAt = serviceContext({ now: new Date("2026-03-02T10:00:00Z") });
    const draft = await createInvoice(
      {
        kind: "direct",
        submissionId: request.id,
        lines: [{ description: "Hang a door", quantity: 1, unitPence: 15000, vatRate: null }],
        note: null,
        supplyDate: null,
      } as never,
      issuedAt,
    );
    const invoice = await issueInvoice(draft.id, {}, issuedAt);
    const [first, second] = site.invoices.reminderDays as [number, number];
    const on = (days: number) => {
      const due = new Date(`${invoice.dueOn!}T09:00:00Z`);
      return serviceContext({ now: new Date(due.getTime() + days * 86_400_000) });
    };
    await runInvoiceReminders(on(first));
    await runInvoiceReminders(on(second));
    const rows = (await rowsFor(phone.id)).filter((r) => r.kind.startsWith("invoice_"));
    expect(rows.map((r) => r.kind)).toEqual(["invoice_overdue"]);
    await deliverPushDue(t.db, vapidKeys()!, { ids: rows.map((r) => r.id), now: on(second).now });
    const [got] = service.at(phone.path);
    expect(got!.payload).toMatchObject({
      title: `Invoice overdue: ${request.name}`,
      body: `${invoice.number}, £150.00`,
      url: `/admin/requests/${request.id}`,
    });

    // Paid in full, in two payments the owner recorded himself: nothing tells him what he just did.
    const paidOn = on(second + 1);
    const receivedOn = paidOn.now.toISOString().slice(0, 10);
    await addPayment(invoice.id, { amountPence: 5000, method: "cash", receivedOn, reference: null }, paidOn);
    await addPayment(
      invoice.id,
      { amountPence: 10000, method: "bank_transfer", receivedOn, reference: null },
      paidOn,
    );
    expect((await rowsFor(phone.id)).filter((r) => r.kind === "invoice_paid")).toHaveLength(0);
    expect(
      (await t.db.select().from(mailOutbox).where(eq(mailOutbox.submissionId, request.id))).filter((m) =>
        m.kind.startsWith("owner_"),
      ),
    ).toHaveLength(0);
  });

  it("a booking's 201 comes after its notification reached every device (no waitUntil: awaited)", async () => {
    const phone = await register("Phone");
    const laptop = await register("Laptop");
    const response = await bookings(jsonRequest("/api/bookings", validBooking({ name: "Ailsa Wemyss" })));
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: number };
    for (const device of [phone, laptop]) {
      const [got] = service.at(device.path);
      expect(got!.problem).toBeNull();
      expect(got!.payload!.title).toBe("New booking: Ailsa Wemyss");
      expect(got!.payload!.body).toMatch(/^Paint & Wallpaper · first choice \w+day \d+ \w+, [a-z ]+$/);
      expect(got!.payload!.url).toBe(`/admin/requests/${id}`);
      // Nothing more than the notification shows: no e-mail address, phone, address or message.
      expect(JSON.stringify(got!.payload)).not.toMatch(/@|07700|High Street|rooms to paint/);
    }
    expect((await rowsFor(phone.id)).map((r) => r.status)).toEqual(["sent"]);
    // The e-mail to the owner went into the outbox as always.
    const mail = await t.db.select().from(mailOutbox).where(eq(mailOutbox.submissionId, id));
    expect(mail.map((m) => m.kind)).toContain("owner_submission");
  });

  it("a customer's cancellation notifies the owner, and the tap opens the request", async () => {
    const response = await bookings(jsonRequest("/api/bookings", validBooking({ name: "Rab Kinghorn" })));
    const { id } = (await response.json()) as { id: number };
    const sent = await sendPending(t.db, { submissionId: id });
    const customerMail = [...sent.keys()].find((k) => sentMessage(k).kind === "customer_confirmation")!;
    const token = /\/request\/([A-Za-z0-9_-]{22})/.exec(sentMessage(customerMail).text)![1]!;
    const phone = await register();
    const now = new Date();
    await actOnRequest(
      token,
      { action: "cancel", nonce: newFormKey(now), reason: "Sorted it myself" },
      serviceContext({ now }),
    );
    const [got] = service.at(phone.path);
    expect(got!.payload).toEqual({
      title: "Rab cancelled",
      body: "Rab Kinghorn cancelled the request.",
      url: `/admin/requests/${id}`,
      tag: `request-${id}`,
    });
  });
});

describe("delivery", () => {
  const db = () => t.db;

  it("removes a device whose push service answers 410, with what waited for it", async () => {
    const gone = await register("Old phone");
    service.answer(gone.path, 410);
    const request = await seedRequest();
    const ids = await notifyOwner(
      {
        kind: "quote_opened",
        requestId: request.id,
        name: request.name,
        quoteTitle: "Q-000001 version 1",
        totalPence: 12_550,
      },
      { db: db(), now: new Date() },
    );
    const report = await deliverPushDue(db(), vapidKeys()!, { ids });
    expect(report).toMatchObject({ removed: 1, sent: 0, fallbackMail: [] });
    expect(service.at(gone.path)[0]!.payload!.body).toBe("Q-000001 version 1, £125.50");
    expect(await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.id, gone.id))).toEqual([]);
    expect(await rowsFor(gone.id)).toEqual([]);
  });

  it("retries a failing device with backoff, gives up, and e-mails the owner what it would have said (fixed clock)", async () => {
    const flaky = await register("Flaky");
    service.answer(flaky.path, 503);
    const request = await seedRequest();
    let now = new Date("2026-06-10T10:00:00Z");
    const notified = await tellOwnerMailFailed(
      { kind: "quote_sent", submissionId: request.id, subject: "Your quote Q-000042" },
      db(),
      now,
    );
    expect(notified.mail).toEqual([]);
    const [pushId] = notified.push;
    const waits: number[] = [];
    for (let attempt = 1; attempt <= site.push.maxAttempts; attempt += 1) {
      // Not due a moment before its time; due at it.
      const early = await deliverPushDue(db(), vapidKeys()!, {
        ids: [pushId!],
        now: new Date(now.getTime() - 1),
      });
      expect(early.sent + early.retrying + early.failed).toBe(0);
      const report = await deliverPushDue(db(), vapidKeys()!, { ids: [pushId!], now });
      const [row] = await rowsFor(flaky.id);
      if (attempt < site.push.maxAttempts) {
        expect(report.retrying).toBe(1);
        waits.push(row!.nextAttemptAt.getTime() - now.getTime());
        now = row!.nextAttemptAt;
      } else {
        expect(report.failed).toBe(1);
        expect(row!.status).toBe("failed");
        expect(report.fallbackMail).toHaveLength(1);
        const [fallback] = await db()
          .select()
          .from(mailOutbox)
          .where(eq(mailOutbox.id, report.fallbackMail[0]!));
        expect(fallback!.kind).toBe("owner_alert");
        expect(fallback!.subject).toBe("Website: An e-mail could not be delivered");
        expect(fallback!.textBody).toContain("Your quote Q-000042");
        expect(fallback!.textBody).toContain(`/admin/requests/${request.id}`);
      }
    }
    expect(waits).toEqual([1, 2, 4, 8].map((m) => m * 60_000));
    expect(service.at(flaky.path)).toHaveLength(site.push.maxAttempts);
    const [device] = await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.id, flaky.id));
    expect(device!.failures).toBe(site.push.maxAttempts);
    expect(device!.lastError).toBe("push service answered 503");
  });

  it("sends no fallback while another device of the event got it", async () => {
    const flaky = await register("Flaky");
    const good = await register("Good");
    service.answer(flaky.path, 400);
    const ids = (
      await tellOwnerMailFailed(
        { kind: "quote_sent", submissionId: null, subject: "Your quote" },
        db(),
        new Date(),
      )
    ).push;
    const report = await deliverPushDue(db(), vapidKeys()!, { ids });
    expect(report).toMatchObject({ sent: 1, failed: 1, fallbackMail: [] });
    expect(service.at(good.path)[0]!.payload!.url).toBe("/admin");
  });

  it("keeps sent notifications a week (they name customers), then the housekeeping deletes them", async () => {
    const phone = await register();
    const request = await seedRequest();
    const ids = await notifyOwner(
      { kind: "quote_declined", requestId: request.id, name: request.name, quoteTitle: "Q", totalPence: 1 },
      { db: db(), now: new Date() },
    );
    expect((await deliverPushDue(db(), vapidKeys()!, { ids })).sent).toBe(1);
    await runHousekeeping(new Date(Date.now() + pushKeepMs - 60_000));
    expect(await rowsFor(phone.id)).toHaveLength(1);
    const report = await runHousekeeping(new Date(Date.now() + pushKeepMs + 60_000));
    expect(report["pushNotifications"]).toBeGreaterThanOrEqual(1);
    expect(await rowsFor(phone.id)).toEqual([]);
  });

  it("does not report the owner's own e-mails failing", async () => {
    await register();
    expect(
      await tellOwnerMailFailed({ kind: "owner_submission", submissionId: null, subject: "x" }, db()),
    ).toEqual({
      push: [],
      mail: [],
    });
  });
});

describe("quiet hours and switches (fixed clock)", () => {
  const db = () => t.db;
  const london = (date: string, time: string) => wallClockInstant(date, time);

  it("holds a notification made at 22:30 until 07:00, but not one about an appointment today", async () => {
    setQuietHours(undefined);
    const phone = await register();
    const request = await seedRequest({ name: "Morag Leslie" });
    const late = london("2026-12-02", "22:30");
    const [held] = await notifyOwner(
      {
        kind: "new_request",
        requestId: request.id,
        formType: "booking",
        name: request.name,
        service: "plumbing-heating",
        firstChoice: null,
      },
      { db: db(), now: late },
    );
    const [urgent] = await notifyOwner(
      { kind: "request_cancelled", requestId: request.id, name: request.name, day: "2026-12-02" },
      { db: db(), now: late },
    );
    const rows = await rowsFor(phone.id);
    expect(rows.find((r) => r.id === held)!.nextAttemptAt).toEqual(london("2026-12-03", "07:00"));
    expect(rows.find((r) => r.id === urgent)).toMatchObject({ nextAttemptAt: late, urgency: "high" });

    const night = await deliverPushDue(db(), vapidKeys()!, { ids: [held!, urgent!], now: late });
    expect(night.sent).toBe(1);
    expect(service.at(phone.path).map((r) => [r.payload!.title, r.headers.urgency])).toEqual([
      ["Morag cancelled", "high"],
    ]);
    expect(
      (await deliverPushDue(db(), vapidKeys()!, { ids: [held!], now: london("2026-12-03", "06:59") })).sent,
    ).toBe(0);
    expect(
      (await deliverPushDue(db(), vapidKeys()!, { ids: [held!], now: london("2026-12-03", "07:00") })).sent,
    ).toBe(1);
    expect(service.at(phone.path)[1]!.payload!.title).toBe("New booking: Morag Leslie");
  });

  it("a kind switched off makes no notification; one without its own e-mail is e-mailed instead", async () => {
    const phone = await register();
    const saved = await call("PUT", "/api/admin/push/settings", {
      kinds: [
        { kind: "quote_opened", enabled: false },
        { kind: "mail_failed", enabled: false },
      ],
    });
    expect(saved.status).toBe(200);
    expect(
      saved.json.kinds.filter((k: { enabled: boolean }) => !k.enabled).map((k: { kind: string }) => k.kind),
    ).toEqual(["quote_opened", "mail_failed"]);
    const request = await seedRequest();
    const opened = await notifyOwner(
      { kind: "quote_opened", requestId: request.id, name: request.name, quoteTitle: "Q", totalPence: 100 },
      { db: db(), now: new Date() },
    );
    expect(opened).toEqual([]);
    const failed = await tellOwnerMailFailed(
      { kind: "quote_sent", submissionId: request.id, subject: "Your quote" },
      db(),
    );
    expect(failed.push).toEqual([]);
    expect(failed.mail).toHaveLength(1);
    expect(await rowsFor(phone.id)).toEqual([]);
    const bad = await call("PUT", "/api/admin/push/settings", { kinds: [{ kind: "test", enabled: false }] });
    expect(bad.status).toBe(422);
    await call("PUT", "/api/admin/push/settings", {
      kinds: [
        { kind: "quote_opened", enabled: true },
        { kind: "mail_failed", enabled: true },
      ],
    });
  });
});
