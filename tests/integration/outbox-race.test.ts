/**
 * The one outbox (src/platform/outbox/queue.ts) under the mail and push features, with two workers
 * at once: on PostgreSQL (scripts/with-postgres.ts) each worker's claim runs on a connection of its
 * own at the same time; on PGlite one after the other. Either way no e-mail reaches the SMTP server
 * twice and no notification reaches a device twice, and a worker that claimed and died only delays
 * its messages until the lease runs out. Real parts: nodemailer to a loopback SMTP server, read back
 * with a MIME parser; `web-push` to a loopback push service that decrypts what it gets.
 */
import { inArray } from "drizzle-orm";
import PostalMime from "postal-mime";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import webpush from "web-push";
import * as mail from "../../src/features/mail/repository";
import { deliverDue, leaseMs } from "../../src/features/mail/service-delivery";
import * as push from "../../src/features/push/repository";
import { deliverPushDue } from "../../src/features/push/service-delivery";
import { mailOutbox, pushOutbox } from "../../src/features/tables";
import { createSmtpSender } from "../../src/platform/mail/transport";
import { claimFrom } from "../../src/platform/outbox/queue";
import { useTestDatabase } from "../helpers/db";
import { startPushService, type PushService } from "../helpers/push-service";
import { startSmtp } from "../helpers/smtp";

const t = useTestDatabase();
const vapid = webpush.generateVAPIDKeys();
const keys = { ...vapid, subject: "mailto:owner@kingdomhandyman.example" };
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let pushService: PushService;

beforeAll(async () => {
  smtp = await startSmtp();
  pushService = await startPushService({ vapidPublicKey: vapid.publicKey });
  process.env["LOCAL_PUSH_ORIGIN"] = pushService.origin;
});
afterAll(async () => {
  delete process.env["LOCAL_PUSH_ORIGIN"];
  await smtp.close();
  await pushService.close();
});

const sender = () =>
  createSmtpSender(
    { smtpUrl: `smtp://127.0.0.1:${smtp.port}?tls=off`, from: "Site <site@example.org>" },
    5000,
  );

/**
 * A second from now: a row stored this very millisecond has a due time in microseconds that can be
 * later than a `new Date()` taken after it, and is then rightly not yet due.
 */
const soon = () => new Date(Date.now() + 1000);

let run = 0;
/** Queues `n` e-mails with subjects unique to this call; returns their ids and subjects. */
async function queueMail(n: number) {
  const tag = `race ${++run}.${Date.now()}`;
  const subjects = Array.from({ length: n }, (_, i) => `${tag} message ${i + 1}`);
  const ids = await mail.enqueue(
    subjects.map((subject) => ({
      message: {
        kind: "owner_alert" as const,
        to: { name: "Owner", address: "owner@kingdomhandyman.example" },
        subject,
        text: `Body of ${subject}`,
        html: `<p>Body of ${subject}</p>`,
      },
    })),
    t.db,
  );
  return { ids, subjects, tag };
}

/** The subjects the SMTP server got for this tag, parsed back from the raw messages. */
async function receivedSubjects(tag: string): Promise<string[]> {
  const parsed = await Promise.all(smtp.received.map((m) => new PostalMime().parse(m.raw)));
  return parsed.map((p) => p.subject ?? "").filter((s) => s.startsWith(tag));
}

describe("the mail outbox with two workers", () => {
  it("sends each message once when two workers claim at the same moment", async () => {
    const { ids, subjects, tag } = await queueMail(20);
    const now = soon();
    const [a, b] = await Promise.all([
      deliverDue(t.db, sender(), { ids, limit: 10, now }),
      deliverDue(t.db, sender(), { ids, limit: 10, now }),
    ]);
    expect(a).toEqual({ sent: 10, retrying: 0, failed: 0 });
    expect(b).toEqual({ sent: 10, retrying: 0, failed: 0 });
    const got = await receivedSubjects(tag);
    expect(got).toHaveLength(20);
    expect([...got].sort()).toEqual([...subjects].sort());
    const rows = await t.db.select().from(mailOutbox).where(inArray(mailOutbox.id, ids));
    expect(rows.every((r) => r.status === "sent" && r.attempts === 1 && r.sentAt !== null)).toBe(true);
    // A third worker finds nothing left to send.
    expect(await deliverDue(t.db, sender(), { ids, now })).toEqual({ sent: 0, retrying: 0, failed: 0 });
  });

  it("sends what a crashed worker had claimed once its lease runs out, and only then", async () => {
    const { ids, tag } = await queueMail(3);
    const now = soon();
    // A worker claims the messages and dies before sending any.
    const claimed = await claimFrom(mail.mailQueue, { now, leaseMs, limit: 10, ids }, t.db);
    expect(claimed.map((r) => r.id)).toEqual(ids);
    expect(await deliverDue(t.db, sender(), { ids, now: new Date(now.getTime() + leaseMs - 1000) })).toEqual({
      sent: 0,
      retrying: 0,
      failed: 0,
    });
    expect(await receivedSubjects(tag)).toHaveLength(0);
    const later = new Date(now.getTime() + leaseMs + 1000);
    const [a, b] = await Promise.all([
      deliverDue(t.db, sender(), { ids, now: later }),
      deliverDue(t.db, sender(), { ids, now: later }),
    ]);
    expect(a.sent + b.sent).toBe(3);
    expect(await receivedSubjects(tag)).toHaveLength(3);
    const rows = await t.db.select().from(mailOutbox).where(inArray(mailOutbox.id, ids));
    expect(rows.map((r) => [r.status, r.attempts])).toEqual(ids.map(() => ["sent", 2]));
  });
});

describe("the push outbox with two workers", () => {
  it("posts each notification once when two workers claim at the same moment", async () => {
    const devices = await Promise.all(
      [1, 2, 3].map(async (n) => {
        const browser = pushService.subscribe();
        const device = await push.saveDevice(
          {
            endpoint: browser.subscription.endpoint,
            p256dh: browser.subscription.keys.p256dh,
            auth: browser.subscription.keys.auth,
            name: `Device ${n}`,
          },
          t.db,
        );
        return { ...browser, id: device.id };
      }),
    );
    const now = soon();
    const ids = await push.enqueue(
      devices.flatMap((device) =>
        [1, 2, 3, 4].map((event) => ({
          eventKey: `race-${event}-${now.getTime()}`,
          kind: "test" as const,
          subscriptionId: device.id,
          submissionId: null,
          title: `Event ${event}`,
          body: `For device ${device.id}`,
          url: "/admin/notifications",
          urgency: "normal" as const,
          dueAt: now,
        })),
      ),
      t.db,
    );
    const [a, b] = await Promise.all([
      deliverPushDue(t.db, keys, { ids, limit: 6, now }),
      deliverPushDue(t.db, keys, { ids, limit: 6, now }),
    ]);
    expect(a.sent).toBe(6);
    expect(b.sent).toBe(6);
    for (const device of devices) {
      const got = pushService.at(device.path);
      expect(got.every((g) => g.problem === null)).toBe(true);
      expect(got.map((g) => g.payload!.title).sort()).toEqual(["Event 1", "Event 2", "Event 3", "Event 4"]);
      expect(got.every((g) => g.payload!.body === `For device ${device.id}`)).toBe(true);
    }
    const rows = await t.db.select().from(pushOutbox).where(inArray(pushOutbox.id, ids));
    expect(rows.every((r) => r.status === "sent" && r.attempts === 1)).toBe(true);
  });
});
