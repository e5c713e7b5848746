/**
 * When the database cannot be reached, every endpoint answers 503 with a message a person can act
 * on, and nothing is half-written: a submission and what follows from it in its transaction
 * commit together or not at all.
 */
import { eq, sql } from "drizzle-orm";
import { createServer, type Server } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import bookings from "../../netlify/functions/bookings.mts";
import contact from "../../netlify/functions/contact.mts";
import health from "../../netlify/functions/health.mts";
import testimonialsFn from "../../netlify/functions/testimonials.mts";
import { site } from "../../src/config/site";
import { requestEndpoints } from "../../src/features/requests/contract/endpoints";
import { contactMessageSchema } from "../../src/features/requests/contract/forms";
import { openDatabase, setDatabase } from "../../src/platform/db/client";
import { requests, testimonials } from "../../src/features/tables";
import { forgetHealth } from "../../src/features/reviews/service-public";
import { setRequestDeadline } from "../../src/platform/http/deadline";
import { apiHandler } from "../../src/platform/http/endpoint";
import { publicForm } from "../../src/platform/http/public";
import { serviceContext, type ServiceContext } from "../../src/platform/context";
import { acceptPublicPost, requestPost, submitContact } from "../../src/features/requests/service-forms";
import type { ContactMessage } from "../../src/features/requests/contract/forms";
import { useTestDatabase } from "../helpers/db";
import { getRequest, jsonRequest, validBooking, validContact, validReview } from "../helpers/http";

const t = useTestDatabase();

/** A port that accepts TCP connections and closes them at once: a database that has gone away. */
let deadServer: Server;
let deadUrl: string;
beforeAll(async () => {
  deadServer = createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => deadServer.listen(0, "127.0.0.1", resolve));
  const address = deadServer.address() as { port: number };
  deadUrl = `postgres://postgres@127.0.0.1:${address.port}/postgres`;
});
afterAll(() => new Promise<void>((resolve) => deadServer.close(() => resolve())));

async function withUnreachableDatabase<T>(url: string, run: () => Promise<T>): Promise<T> {
  // The production path (src/platform/db/client.ts), pointed at a database that is not there.
  const client = openDatabase(url, { connectionTimeoutMillis: 2000 });
  setDatabase(client.db, client.close);
  forgetHealth(); // the health check's short memory starts afresh with the outage
  const deadline = setRequestDeadline(1500);
  try {
    return await run();
  } finally {
    setRequestDeadline(deadline);
    setDatabase(t.db);
    forgetHealth();
    await client.close().catch(() => {});
  }
}

describe("database outage", () => {
  it.each([
    ["a refused connection", () => "postgres://postgres@127.0.0.1:1/postgres"],
    ["a connection dropped at once", () => deadUrl],
  ])("answers 503 with a human message on every endpoint for %s", async (_label, url) => {
    const contactInput = validContact();
    const bookingInput = validBooking();
    const reviewInput = validReview();
    const responses = await withUnreachableDatabase(url(), async () => [
      await contact(jsonRequest("/api/contact", contactInput)),
      await bookings(jsonRequest("/api/bookings", bookingInput)),
      await testimonialsFn(jsonRequest("/api/testimonials", reviewInput)),
      await testimonialsFn(getRequest("/api/testimonials")),
      await health(getRequest("/api/health")),
    ]);
    // After a deadline the handler closed the client; the next request would open a new one.
    for (const response of responses) {
      expect(response.status).toBe(503);
      const body = (await response.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe("database_unavailable");
      expect(body.error.message).toContain("nothing was saved");
      expect(body.error.message).toContain(site.phone.display);
      expect(response.headers.get("retry-after")).toBeTruthy();
    }
    // The database is back: nothing from the outage was stored.
    expect(await t.db.select().from(requests).where(eq(requests.name, contactInput.name))).toHaveLength(0);
    expect(await t.db.select().from(requests).where(eq(requests.name, bookingInput.name))).toHaveLength(0);
    expect(
      await t.db.select().from(testimonials).where(eq(testimonials.name, reviewInput.name)),
    ).toHaveLength(0);
    expect((await health(getRequest("/api/health"))).status).toBe(200);
  });

  it("answers 200 from /api/health when the database answers", async () => {
    const response = await health(getRequest("/api/health"));
    expect(await response.json()).toEqual({ ok: true, database: "up" });
  });

  it("rolls the submission back when the work after it in the same transaction fails", async () => {
    const input = validContact();
    const post = requestPost("contact", contactMessageSchema.parse(input));
    const failure = await acceptPublicPost(
      {
        ...post,
        store: async (key, tx, acting) => {
          const stored = await post.store(key, tx, acting);
          // The next statement in the transaction fails for real (a CHECK violation).
          await tx.execute(
            sql`insert into testimonials (name, location, rating, text) values ('x', 'y', 9, 'z')`,
          );
          return stored;
        },
      },
      serviceContext({ client: "rollback-test" }),
    ).then(
      () => null,
      (e: unknown) => e,
    );
    expect(failure).not.toBeNull();
    expect(await t.db.select().from(requests).where(eq(requests.name, input.name))).toHaveLength(0);
  });

  it("answers 503 when the work passes the deadline before the commit, and 201 when only after it", async () => {
    /** A gate the test opens; the slowed service waits at it (no fixed sleeps). */
    const gate = () => {
      let open = () => {};
      const opened = new Promise<void>((resolve) => (open = resolve));
      return { open, opened };
    };
    /** The services' own work, which goes on after the edge has answered. */
    const abandoned: Promise<unknown>[] = [];
    /** POST /api/contact whose service is held at a gate before or after the commit. */
    const slowContact = (
      wait: (accept: () => ReturnType<typeof submitContact>) => ReturnType<typeof submitContact>,
    ) =>
      apiHandler("/api/contact", [
        publicForm(requestEndpoints.contact, {
          formPage: "/contact-us",
          accept: (input: ContactMessage, ctx: ServiceContext) => {
            const work = wait(() => submitContact(input, ctx));
            abandoned.push(work);
            return work;
          },
          reply: (row) => ({ id: row.id, reference: `KC-${String(row.id).padStart(6, "0")}` }),
          page: { title: "t", heading: "h", message: "m", back: { href: "/", label: "b" } },
        }),
      ]);
    const deadlineMs = 1500; // room for the commit on a busy machine
    const beforeCommit = gate();
    const slowBefore = slowContact(async (accept) => {
      await beforeCommit.opened; // e.g. a database that does not answer until the deadline passed
      return accept();
    });
    const slowAfter = slowContact(async (accept) => {
      const started = Date.now();
      const accepted = await accept();
      // e.g. a slow e-mail attempt after the commit: still busy when the deadline passes (the edge
      // waits for committed work, so this cannot be a gate the test opens after the answer).
      await new Promise((resolve) => setTimeout(resolve, started + deadlineMs + 200 - Date.now()));
      return accepted;
    });
    const before = validContact();
    const after = validContact();
    const previous = setRequestDeadline(deadlineMs);
    try {
      const refused = await slowBefore(jsonRequest("/api/contact", before));
      expect(refused.status).toBe(503);
      setDatabase(t.db); // the deadline closed (forgot) the client; a new request would open one
      beforeCommit.open(); // the abandoned request now runs into the closed client
      const stored = await slowAfter(jsonRequest("/api/contact", after));
      expect(stored.status).toBe(201);
    } finally {
      beforeCommit.open();
      setRequestDeadline(previous);
      setDatabase(t.db); // the deadline closed the client
    }
    await Promise.allSettled(abandoned);
    expect(await t.db.select().from(requests).where(eq(requests.name, after.name))).toHaveLength(1);
    expect(await t.db.select().from(requests).where(eq(requests.name, before.name))).toHaveLength(0);
  });
});

describe("GET /api/health under a flood", () => {
  it("answers 200 concurrent checks without a database round trip each, and lets the CDN keep a healthy answer", async () => {
    forgetHealth();
    const first = await health(getRequest("/api/health"));
    expect(first.status).toBe(200);
    expect(first.headers.get("netlify-cdn-cache-control")).toBe("public, max-age=5");
    expect(first.headers.get("cache-control")).toBe("no-store");
    // The database goes away. Within the few seconds the last check is reused, none of the flood
    // reaches it: a request that did would meet the refused connection and answer 503.
    const dead = openDatabase("postgres://postgres@127.0.0.1:1/postgres", { connectionTimeoutMillis: 500 });
    setDatabase(dead.db, dead.close);
    try {
      const answers = await Promise.all(Array.from({ length: 200 }, () => health(getRequest("/api/health"))));
      expect(answers.filter((r) => r.status !== 200)).toHaveLength(0);
    } finally {
      setDatabase(t.db);
      await dead.close().catch(() => {});
      forgetHealth();
    }
  });
});
