/**
 * E-mail: every booking, contact message and review reaches the owner by e-mail; bookings and
 * contact messages get the customer a confirmation; a mail outage never fails or loses a request.
 * Real SMTP: an `smtp-server` on loopback receives what nodemailer sends.
 */
import { eq } from "drizzle-orm";
import { networkInterfaces } from "node:os";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import bookings from "../../netlify/functions/bookings.mts";
import contact from "../../netlify/functions/contact.mts";
import mailRetry from "../../netlify/functions/mail-retry.mts";
import testimonials from "../../netlify/functions/testimonials.mts";
import { mailOutbox } from "../../src/features/tables";
import { setLogSink } from "../../src/platform/log";
import { deliverDue } from "../../src/features/mail/service-delivery";
import { retryFailed } from "../../src/features/mail/repository";
import { mailSender, setMailSender } from "../../src/features/mail/service";
import { smtpUrlProblem } from "../../src/platform/mail/smtp-url";
import { createSmtpSender } from "../../src/platform/mail/transport";
import { inboxQuerySchema } from "../../src/features/requests/contract/workflow";
import * as adminContent from "../../src/features/requests/service-admin";
import { listInbox } from "../../src/features/requests/service-workflow";
import { useTestDatabase } from "../helpers/db";
import { jsonRequest, uniqueName, validBooking, validContact, validReview } from "../helpers/http";
import { startSmtp } from "../helpers/smtp";

const t = useTestDatabase();

const useSmtp = (port: number) =>
  setMailSender(
    createSmtpSender(
      { smtpUrl: `smtp://127.0.0.1:${port}?tls=off`, from: "Site <site@kingdomhandyman.example>" },
      2000,
    ),
  );

/** Decodes an RFC 2047 header (nodemailer encodes non-ASCII and long subjects). */
function decodeHeader(value = ""): string {
  return value.replace(/=\?utf-8\?([BQ])\?([^?]*)\?=\s*/gi, (_, enc: string, text: string) =>
    enc.toUpperCase() === "B"
      ? Buffer.from(text, "base64").toString("utf8")
      : text
          .replace(/_/g, " ")
          .replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
  );
}

let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  setLogSink(() => {});
  smtp = await startSmtp();
});
afterAll(async () => {
  setMailSender(undefined);
  await smtp.close();
});
afterEach(() => {
  smtp.received.length = 0;
});

async function outboxFor(requestId: number) {
  return t.db.select().from(mailOutbox).where(eq(mailOutbox.submissionId, requestId));
}

describe("a booking", () => {
  it("sends exactly one owner message and one customer confirmation, with the right headers", async () => {
    useSmtp(smtp.port);
    const name = uniqueName("Isla");
    const response = await bookings(
      jsonRequest("/api/bookings", validBooking({ name, email: "isla@example.org" })),
    );
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: number };

    expect(smtp.received).toHaveLength(2);
    const ownerMail = smtp.received.find((m) => m.envelopeTo.includes("hello@kingdomhandyman.example"));
    const customerMail = smtp.received.find((m) => m.envelopeTo.includes("isla@example.org"));
    expect(ownerMail).toBeDefined();
    expect(customerMail).toBeDefined();
    expect(ownerMail!.headers["reply-to"]).toContain("isla@example.org");
    expect(decodeHeader(ownerMail!.headers["subject"])).toBe(
      `New booking request: Paint & Wallpaper from ${name}`,
    );
    expect(ownerMail!.raw).toContain("12 High Street, Kirkcaldy KY1 1AA");
    expect(ownerMail!.raw).toContain("07700 900123");
    expect(ownerMail!.headers["content-type"]).toContain("multipart/alternative");
    expect(decodeHeader(customerMail!.headers["subject"])).toBe(
      `We've received your booking request (KB-${String(id).padStart(6, "0")})`,
    );

    const rows = await outboxFor(id);
    expect(rows.map((r) => r.status).sort()).toEqual(["sent", "sent"]);
  });
});

describe("a contact message and a review", () => {
  it("a contact message yields one owner message and one confirmation", async () => {
    useSmtp(smtp.port);
    const response = await contact(jsonRequest("/api/contact", validContact({ email: "ailsa@example.org" })));
    expect(response.status).toBe(201);
    expect(smtp.received.map((m) => m.envelopeTo[0]).sort()).toEqual([
      "ailsa@example.org",
      "hello@kingdomhandyman.example",
    ]);
  });

  it("a review yields one owner message with a link to moderate it", async () => {
    useSmtp(smtp.port);
    const name = uniqueName("Callum");
    const response = await testimonials(jsonRequest("/api/testimonials", validReview({ name })));
    expect(response.status).toBe(201);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.envelopeTo).toEqual(["hello@kingdomhandyman.example"]);
    expect(decodeHeader(smtp.received[0]!.headers["subject"])).toContain(name);
    expect(smtp.received[0]!.raw).toContain("/admin/testimonials");
  });
});

describe("when the mail server is down", () => {
  it("still answers 201, keeps the messages pending, and the scheduled retry delivers them exactly once", async () => {
    // A port with nothing listening: the immediate attempt fails fast.
    const down = await startSmtp();
    const downPort = down.port;
    await down.close();
    useSmtp(downPort);

    const response = await bookings(jsonRequest("/api/bookings", validBooking()));
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: number };
    let rows = await outboxFor(id);
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.status === "pending" && r.attempts === 1 && r.lastError)).toBe(true);

    // The server comes back on the same port; the retry runs once the backoff has passed.
    const back = await startSmtp(downPort);
    try {
      const later = new Date(Date.now() + 5 * 60 * 1000);
      const first = await deliverDue(t.db, mailSender()!, { ids: rows.map((r) => r.id), now: later });
      const second = await deliverDue(t.db, mailSender()!, { ids: rows.map((r) => r.id), now: later });
      expect(first.sent).toBe(2);
      expect(second.sent).toBe(0);
      expect(back.received).toHaveLength(2);
      rows = await outboxFor(id);
      expect(rows.every((r) => r.status === "sent" && r.sentAt)).toBe(true);
    } finally {
      await back.close();
    }
  });

  it("two concurrent senders never send the same message twice", async () => {
    useSmtp(smtp.port);
    setMailSender(null); // the request itself sends nothing
    const response = await contact(jsonRequest("/api/contact", validContact()));
    const { id } = (await response.json()) as { id: number };
    useSmtp(smtp.port);
    const ids = (await outboxFor(id)).map((r) => r.id);
    const [a, b] = await Promise.all([
      deliverDue(t.db, mailSender()!, { ids }),
      deliverDue(t.db, mailSender()!, { ids }),
    ]);
    expect(a.sent + b.sent).toBe(2);
    expect(smtp.received).toHaveLength(2);
  });

  it("gives up after a day, and the admin's retry puts a failed message back in the queue", async () => {
    const down = await startSmtp();
    await down.close();
    useSmtp(down.port);
    const response = await contact(jsonRequest("/api/contact", validContact()));
    const { id } = (await response.json()) as { id: number };
    const ids = (await outboxFor(id)).map((r) => r.id);
    const dayLater = new Date(Date.now() + 25 * 60 * 60 * 1000);
    const report = await deliverDue(t.db, mailSender()!, { ids, now: dayLater });
    expect(report.failed).toBe(2);
    expect((await outboxFor(id)).every((r) => r.status === "failed")).toBe(true);

    useSmtp(smtp.port);
    expect(await retryFailed(ids, t.db)).toBe(2);
    const retried = await deliverDue(t.db, mailSender()!, { ids });
    expect(retried.sent).toBe(2);
  });
});

describe("without SMTP_URL (local dev)", () => {
  it("stores the request and keeps its messages pending; nothing pretends to be sent", async () => {
    setMailSender(null);
    const response = await bookings(jsonRequest("/api/bookings", validBooking()));
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: number };
    const rows = await outboxFor(id);
    expect(rows.map((r) => [r.kind, r.status, r.attempts]).sort()).toEqual([
      ["customer_confirmation", "pending", 0],
      ["owner_submission", "pending", 0],
    ]);
    const scheduled = await mailRetry();
    expect(scheduled.status).toBe(204);
  });
});

describe("header injection", () => {
  it("a CR/LF in the name adds no header and no recipient", async () => {
    useSmtp(smtp.port);
    const response = await contact(
      jsonRequest(
        "/api/contact",
        validContact({ name: "Eve\r\nBcc: victim@example.com\r\nX-Injected: yes", email: "eve@example.org" }),
      ),
    );
    // The name either is refused or is stored and sent on one line; never an extra header/recipient.
    if (response.status === 201) {
      expect(smtp.received).toHaveLength(2);
      for (const m of smtp.received) {
        expect(m.envelopeTo).not.toContain("victim@example.com");
        expect(m.headers["x-injected"]).toBeUndefined();
        expect(m.headers["bcc"]).toBeUndefined();
      }
    } else {
      expect(response.status).toBe(422);
      expect(smtp.received).toHaveLength(0);
    }
  });

  it("an e-mail address carrying a header is refused and sends nothing", async () => {
    useSmtp(smtp.port);
    const response = await contact(
      jsonRequest("/api/contact", validContact({ email: "eve@example.org\r\nBcc: victim@example.com" })),
    );
    expect(response.status).toBe(422);
    expect(smtp.received).toHaveLength(0);
  });
});

describe("what the admin sees", () => {
  it("shows per submission whether the owner was e-mailed, and retries failed e-mails", async () => {
    useSmtp(smtp.port);
    const sentName = uniqueName("Sent");
    const sent = (await (
      await bookings(jsonRequest("/api/bookings", validBooking({ name: sentName })))
    ).json()) as { id: number };

    const down = await startSmtp();
    await down.close();
    useSmtp(down.port);
    const failedName = uniqueName("Failed");
    const failing = (await (
      await contact(jsonRequest("/api/contact", validContact({ name: failedName })))
    ).json()) as { id: number };

    const inbox = async (type: "all" | "contact") =>
      (await listInbox(inboxQuerySchema.parse({ type, limit: 100 }))).submissions;
    let list = await inbox("all");
    expect(list.find((s) => s.id === sent.id)?.mailStatus).toBe("sent");
    expect(list.find((s) => s.id === failing.id)?.mailStatus).toBe("pending");

    // A day of failures later the message is given up on: the admin sees it failed, with a retry.
    const ids = (await outboxFor(failing.id)).map((r) => r.id);
    await deliverDue(t.db, mailSender()!, { ids, now: new Date(Date.now() + 25 * 60 * 60 * 1000) });
    list = await inbox("contact");
    expect(list.find((s) => s.id === failing.id)?.mailStatus).toBe("failed");
    const summary = await adminContent.summary({ total: 0, pending: 0 });
    expect(summary.mail.failed).toBeGreaterThanOrEqual(2);
    const failedList = await adminContent.listFailedDeliveries();
    expect(failedList.map((f) => f.id)).toEqual(expect.arrayContaining(ids));
    expect(failedList.find((f) => ids.includes(f.id))?.lastError).toBeTruthy();

    useSmtp(smtp.port);
    smtp.received.length = 0;
    const retried = await adminContent.retryFailedDeliveries(ids);
    expect(retried).toEqual({ queued: 2, sent: 2 });
    expect(smtp.received).toHaveLength(2);
    list = await inbox("contact");
    expect(list.find((s) => s.id === failing.id)?.mailStatus).toBe("sent");
  });
});

describe("TLS to the mail server", () => {
  /** An address of this machine that is not loopback (127.0.0.2 where it has none). */
  const nonLoopbackAddress = () =>
    Object.values(networkInterfaces())
      .flat()
      .find((i) => i && i.family === "IPv4" && !i.internal)?.address ?? "127.0.0.2";

  it("sends nothing to a server that is not loopback and does not offer STARTTLS", async () => {
    const plain = await startSmtp(0, "0.0.0.0");
    try {
      const sender = createSmtpSender(
        {
          smtpUrl: `smtp://${nonLoopbackAddress()}:${plain.port}`,
          from: "Site <site@kingdomhandyman.example>",
        },
        2000,
      );
      const message = {
        kind: "owner_review" as const,
        to: { name: "Owner", address: "owner@kingdomhandyman.example" },
        subject: "Would go out in clear",
        text: "A customer's details",
        html: "<p>A customer's details</p>",
      };
      await expect(sender.send(message)).rejects.toThrow(/STARTTLS|TLS|encrypt/i);
      expect(plain.received).toHaveLength(0);
    } finally {
      await plain.close();
    }
  });

  it("lets tls=off skip TLS only on loopback, and names SMTP_URL otherwise", () => {
    expect(smtpUrlProblem("smtp://127.0.0.1:2525?tls=off")).toBeUndefined();
    expect(smtpUrlProblem("smtp://localhost:2525?tls=off")).toBeUndefined();
    expect(smtpUrlProblem("smtp://[::1]:2525?tls=off")).toBeUndefined();
    expect(smtpUrlProblem("smtp://user:pw@smtp.provider.example:587")).toBeUndefined();
    expect(smtpUrlProblem("smtp://user:pw@smtp.provider.example:587?tls=off")).toMatch(/loopback/);
    expect(() =>
      createSmtpSender({ smtpUrl: "smtp://smtp.provider.example:587?tls=off", from: "Site <s@x.example>" }),
    ).toThrow(/SMTP_URL/);
  });
});
