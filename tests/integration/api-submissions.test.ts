/**
 * POST /api/contact and POST /api/bookings, called through each function's default export with
 * real Request objects against a fresh migrated database: every rule and message of the contact and booking forms
 * for these forms, every status of the envelope from a real case, idempotent retries, the spam
 * guard, the per-client rate limit, classic form posts and the request log.
 */
import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { serviceNotOffered } from "../../src/features/appointments/service";
import bookings from "../../netlify/functions/bookings.mts";
import contact from "../../netlify/functions/contact.mts";
import { site } from "../../src/config/site";
import { bookingNextSteps } from "../../src/lib/request-wording";
import { requests } from "../../src/features/tables";
import { setLogSink } from "../../src/platform/log";
import { publicFormRules } from "../../src/features/rate-limits/service";
import { inOneWindow } from "../helpers/clock";
import { useTestDatabase } from "../helpers/db";
import {
  formRequest,
  getRequest,
  humanFields,
  jsonRequest,
  randomIp,
  uniqueName,
  bookingFormFields,
  validBooking,
  validContact,
} from "../helpers/http";

const t = useTestDatabase();

async function storedByName(name: string) {
  return t.db.select().from(requests).where(eq(requests.name, name));
}

async function errorOf(response: Response) {
  const body = (await response.json()) as {
    error: { code: string; message: string; fields?: Record<string, string> };
  };
  return body.error;
}

describe("POST /api/contact", () => {
  it("stores a valid message, trimmed, unread, and answers 201 with the new id", async () => {
    const input = validContact({
      name: "  Morag Ross  ",
      email: " morag@example.com ",
      message: "  Back door sticks.  ",
    });
    const response = await contact(jsonRequest("/api/contact", input));
    expect(response.status).toBe(201);
    expect(response.headers.get("content-type")).toContain("application/json");
    const { id } = (await response.json()) as { id: number };
    const [row] = await t.db.select().from(requests).where(eq(requests.id, id));
    expect(row).toMatchObject({
      name: "Morag Ross",
      email: "morag@example.com",
      phone: "07700 900123",
      message: "Back door sticks.",
      formType: "contact",
      isRead: false,
      address: null,
      service: null,
    });
  });

  it.each([
    ["name", "Please enter your name."],
    ["email", "Please enter your email address."],
    ["phone", "Please enter your phone number."],
    ["message", "Please enter your message."],
  ])("requires %s (422, %s)", async (field, message) => {
    const input = validContact();
    const missing = { ...input, [field]: undefined };
    const blank = { ...input, [field]: "   " };
    for (const body of [missing, blank]) {
      const response = await contact(jsonRequest("/api/contact", body));
      expect(response.status).toBe(422);
      const error = await errorOf(response);
      expect(error.code).toBe("validation_failed");
      expect(error.fields).toEqual({ [field]: message });
    }
    expect(await storedByName(input.name)).toHaveLength(0);
  });

  it("reports every invalid field at once", async () => {
    const response = await contact(jsonRequest("/api/contact", humanFields()));
    expect(response.status).toBe(422);
    expect((await errorOf(response)).fields).toEqual({
      name: "Please enter your name.",
      email: "Please enter your email address.",
      phone: "Please enter your phone number.",
      message: "Please enter your message.",
    });
  });

  it.each(["morag", "morag@", "@example.com", "morag@example", "mo rag@example.com"])(
    "refuses the e-mail address %j",
    async (email) => {
      const response = await contact(jsonRequest("/api/contact", validContact({ email })));
      expect(response.status).toBe(422);
      expect((await errorOf(response)).fields).toEqual({ email: "Please enter a valid email address." });
    },
  );

  it.each(["07700 900123", "+44 7700 900123", "(01592) 123456", "0131-496-0472", "+447700900123"])(
    "accepts the UK phone number %j",
    async (phone) => {
      const response = await contact(jsonRequest("/api/contact", validContact({ phone })));
      expect(response.status).toBe(201);
    },
  );

  it.each(["12345", "call me", "07700 9001x3", "+44 7700 900123 999 999 9"])(
    "refuses the phone number %j",
    async (phone) => {
      const response = await contact(jsonRequest("/api/contact", validContact({ phone })));
      expect(response.status).toBe(422);
      expect(Object.keys((await errorOf(response)).fields ?? {})).toEqual(["phone"]);
    },
  );

  it("enforces the maximum lengths (counted in characters, emoji included)", async () => {
    const ok = await contact(
      jsonRequest("/api/contact", validContact({ name: "é".repeat(100), message: "😀".repeat(5000) })),
    );
    expect(ok.status).toBe(201);
    const tooLong = await contact(
      jsonRequest("/api/contact", validContact({ name: "x".repeat(101), message: "m".repeat(5001) })),
    );
    expect(tooLong.status).toBe(422);
    expect((await errorOf(tooLong)).fields).toEqual({
      name: "Please keep your name under 100 characters.",
      message: "Please keep your message under 5000 characters.",
    });
  });

  it("refuses text PostgreSQL cannot store exactly (NUL, broken UTF-16) with a message", async () => {
    for (const name of ["Mo\u0000rag", "Mo\ud800rag"]) {
      const response = await contact(jsonRequest("/api/contact", validContact({ name })));
      expect(response.status).toBe(422);
      expect((await errorOf(response)).fields).toEqual({ name: "Please remove unsupported characters." });
    }
  });

  it("answers 400 for broken JSON and for JSON that is not an object", async () => {
    for (const raw of ['{"name": "Morag",', "[]", '"text"', "null", ""]) {
      const response = await contact(jsonRequest("/api/contact", raw));
      expect(response.status, raw).toBe(400);
      expect((await errorOf(response)).code).toBe("malformed_json");
    }
  });

  it("answers 405 with Allow: POST for other methods", async () => {
    for (const method of ["GET", "PUT", "DELETE", "PATCH"]) {
      const response = await contact(getRequest("/api/contact", { method }));
      expect(response.status).toBe(405);
      expect(response.headers.get("allow")).toBe("POST");
      expect((await errorOf(response)).code).toBe("method_not_allowed");
    }
  });

  it("answers 413 for a body over 32 KB, declared or streamed", async () => {
    const big = validContact({ message: "x".repeat(33 * 1024) });
    const declared = await contact(jsonRequest("/api/contact", big));
    expect(declared.status).toBe(413);
    expect((await errorOf(declared)).code).toBe("payload_too_large");
    const encoder = new TextEncoder();
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 40; i++) controller.enqueue(encoder.encode("x".repeat(1024)));
        controller.close();
      },
    });
    const streamed = await contact(
      new Request("http://localhost/api/contact", {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": randomIp() },
        body: stream,
        duplex: "half",
      } as RequestInit),
    );
    expect(streamed.status).toBe(413);
  });

  it("answers 415 for content types other than JSON and web forms", async () => {
    // multipart/form-data is a web form too (a no-JavaScript post with photos): tests/integration/photos.test.ts.
    for (const type of ["text/plain", "application/xml"]) {
      const response = await contact(
        jsonRequest("/api/contact", JSON.stringify(validContact()), { headers: { "content-type": type } }),
      );
      expect(response.status, type).toBe(415);
      expect((await errorOf(response)).code).toBe("unsupported_media_type");
    }
    const none = await contact(new Request("http://localhost/api/contact", { method: "POST", body: "x" }));
    expect([415]).toContain(none.status);
  });

  it("stores a retried submission once and answers the retry with the same id", async () => {
    const input = validContact();
    const key = crypto.randomUUID();
    const first = await contact(jsonRequest("/api/contact", input, { headers: { "Idempotency-Key": key } }));
    const again = await contact(jsonRequest("/api/contact", input, { headers: { "Idempotency-Key": key } }));
    const concurrent = await Promise.all(
      [1, 2, 3].map(() =>
        contact(jsonRequest("/api/contact", input, { headers: { "Idempotency-Key": key } })),
      ),
    );
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    const firstId = ((await first.json()) as { id: number }).id;
    expect(((await again.json()) as { id: number }).id).toBe(firstId);
    for (const r of concurrent) expect(((await r.json()) as { id: number }).id).toBe(firstId);
    expect(await storedByName(input.name)).toHaveLength(1);
  });

  it("runs concurrent first attempts with one key into exactly one row", async () => {
    const input = validContact();
    const key = crypto.randomUUID();
    const responses = await Promise.all(
      Array.from({ length: 5 }, () =>
        contact(jsonRequest("/api/contact", input, { headers: { "Idempotency-Key": key } })),
      ),
    );
    const ids = new Set<number>();
    for (const r of responses) {
      expect(r.status).toBe(201);
      ids.add(((await r.json()) as { id: number }).id);
    }
    expect(ids.size).toBe(1);
    expect(await storedByName(input.name)).toHaveLength(1);
  });

  it("answers 400 for an unusable Idempotency-Key", async () => {
    const response = await contact(
      jsonRequest("/api/contact", validContact(), { headers: { "Idempotency-Key": "x".repeat(129) } }),
    );
    expect(response.status).toBe(400);
    expect((await errorOf(response)).code).toBe("invalid_idempotency_key");
  });

  it("refuses a filled honeypot and a form sent faster than a person can type, storing nothing", async () => {
    const bot = validContact({ website: "http://spam.example" });
    const honeypot = await contact(jsonRequest("/api/contact", bot));
    expect(honeypot.status).toBe(422);
    expect((await errorOf(honeypot)).code).toBe("spam_suspected");

    // 2.5 s: refused at the production minimum (3 s; no FORM_MIN_FILL_MS in this suite).
    const fast = validContact({ formStartedAt: Date.now() - 2_500 });
    const tooFast = await contact(jsonRequest("/api/contact", fast));
    expect(tooFast.status).toBe(422);
    expect((await errorOf(tooFast)).code).toBe("too_fast");
    expect(await storedByName(bot.name)).toHaveLength(0);
    expect(await storedByName(fast.name)).toHaveLength(0);

    const person = validContact({ website: "", formStartedAt: Date.now() - 45_000 });
    expect((await contact(jsonRequest("/api/contact", person))).status).toBe(201);
    const clockAhead = validContact({ formStartedAt: Date.now() + 120_000 });
    expect((await contact(jsonRequest("/api/contact", clockAhead))).status).toBe(201);
  });

  it("stops a burst of 80 posts from one client after 10, with 429 and Retry-After, storing exactly 10", async () => {
    await inOneWindow(publicFormRules.contact.windowMs, async () => {
      const ip = randomIp();
      const name = uniqueName("Burst");
      const responses = await Promise.all(
        Array.from({ length: 80 }, () =>
          contact(jsonRequest("/api/contact", validContact({ name }), { ip })),
        ),
      );
      const statuses = responses.map((r) => r.status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(10);
      expect(statuses.filter((s) => s === 429)).toHaveLength(70);
      const limited = responses.find((r) => r.status === 429)!;
      const retryAfter = Number(limited.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(600);
      const error = await errorOf(limited);
      expect(error.code).toBe("rate_limited");
      expect(error.message).toContain(site.phone.display);
      expect(await storedByName(name)).toHaveLength(10);
      // Another client is not affected.
      expect((await contact(jsonRequest("/api/contact", validContact()))).status).toBe(201);
    });
  });

  it("lets a person retry with the same Idempotency-Key even after reaching the limit", async () => {
    const ip = randomIp();
    const key = crypto.randomUUID();
    const input = validContact();
    const first = await contact(
      jsonRequest("/api/contact", input, { ip, headers: { "Idempotency-Key": key } }),
    );
    for (let i = 0; i < 10; i++) await contact(jsonRequest("/api/contact", validContact(), { ip }));
    const retry = await contact(
      jsonRequest("/api/contact", input, { ip, headers: { "Idempotency-Key": key } }),
    );
    expect(retry.status).toBe(201);
    expect(((await retry.json()) as { id: number }).id).toBe(((await first.json()) as { id: number }).id);
  });
});

describe("POST /api/bookings", () => {
  it("stores a booking with address and service and answers 201 with the new id and its reference", async () => {
    const input = validBooking({ service: "floor-carpet" });
    const response = await bookings(jsonRequest("/api/bookings", input));
    expect(response.status).toBe(201);
    const { id, reference } = (await response.json()) as { id: number; reference: string };
    expect(reference).toBe(`KB-${String(id).padStart(6, "0")}`);
    const [row] = await t.db.select().from(requests).where(eq(requests.id, id));
    expect(row).toMatchObject({
      formType: "booking",
      service: "floor-carpet",
      address: input.address,
      isRead: false,
    });
  });

  it.each([
    ["name", "Please enter your name."],
    ["email", "Please enter your email address."],
    ["phone", "Please enter your phone number."],
    ["message", "Please describe the job you need help with."],
    ["address", "Please enter your address."],
    ["service", "Please select a service."],
  ])("requires %s (422, %s)", async (field, message) => {
    const response = await bookings(jsonRequest("/api/bookings", { ...validBooking(), [field]: "" }));
    expect(response.status).toBe(422);
    expect((await errorOf(response)).fields).toEqual({ [field]: message });
  });

  it("accepts each of the published services and nothing else", async () => {
    for (const service of ["paint-wallpaper", "plumbing-heating", "kitchen-bathroom", "floor-carpet"]) {
      expect((await bookings(jsonRequest("/api/bookings", validBooking({ service })))).status).toBe(201);
    }
    // A well-formed address the site does not offer is named as such.
    const roofing = await bookings(jsonRequest("/api/bookings", validBooking({ service: "roofing" })));
    expect(roofing.status).toBe(422);
    expect((await errorOf(roofing)).fields).toEqual({ service: serviceNotOffered });
    for (const service of ["PAINT-WALLPAPER", "../admin", 3, null]) {
      const response = await bookings(jsonRequest("/api/bookings", validBooking({ service })));
      expect(response.status).toBe(422);
      expect((await errorOf(response)).fields).toEqual({ service: "Please select a service." });
    }
  });

  it("keeps the address within 300 characters", async () => {
    const response = await bookings(jsonRequest("/api/bookings", validBooking({ address: "a".repeat(301) })));
    expect((await errorOf(response)).fields).toEqual({
      address: "Please keep the address under 300 characters.",
    });
  });

  it("works as a classic form post without JavaScript: confirmation page, or the problems listed", async () => {
    const fields = bookingFormFields();
    const ok = await bookings(formRequest("/api/bookings", { ...fields, website: "" }));
    expect(ok.status).toBe(201);
    expect(ok.headers.get("content-type")).toContain("text/html");
    const page = (await ok.text()).replaceAll("&#39;", "'");
    expect(page).toContain("Request received");
    expect(page).toContain("We'll contact you to confirm.");
    // A request is not an appointment until a time is confirmed: the page never says "booked".
    expect(page).not.toMatch(/booked/i);
    expect(page).toMatch(/Your reference is KB-\d{6}\./);
    expect(page).toContain(bookingNextSteps(24));
    expect(await storedByName(fields["name"]!)).toHaveLength(1);

    const bad = await bookings(
      formRequest("/api/bookings", { ...fields, name: "Someone <b>Else</b>", email: "nope", address: "x" }),
    );
    expect(bad.status).toBe(422);
    const badPage = await bad.text();
    expect(badPage).toContain("Please enter a valid email address.");
    expect(badPage).toContain("Please use only letters, spaces, hyphens and apostrophes in your name.");
    expect(badPage).toContain("Please enter your house number or name and street, or your postcode");
    expect(badPage).toContain('href="/book-appointment"');
    // Every problem on this one page, counted, with the form again inside the site's frame.
    expect(badPage).not.toContain("highlighted");
    expect(badPage).toContain("There are 3 problems to correct before we can take your request.");
    expect(badPage).toContain('action="/api/bookings"');
    expect(badPage).toMatch(/<header class="site">[\s\S]*<a class="brand" href="\/">/);
    expect(badPage).toMatch(/<footer class="site">/);
    expect(badPage).not.toContain("<script");
  });

  it("answers a form post from a script (no text/html in Accept) with JSON", async () => {
    const fields = bookingFormFields();
    const response = await bookings(
      formRequest("/api/bookings", fields, { headers: { accept: "application/json" } }),
    );
    expect(response.status).toBe(201);
    expect(((await response.json()) as { id: number }).id).toBeGreaterThan(0);
  });
});

describe("request log", () => {
  const lines: string[] = [];
  let restore: ((line: string) => void) | undefined;
  afterEach(() => {
    if (restore) setLogSink(restore);
    restore = undefined;
  });

  it("writes one JSON line per request with route, status and duration and no personal data", async () => {
    restore = setLogSink((line) => lines.push(line));
    const input = validContact({ name: uniqueName("Privacy Person"), email: "private.person@example.com" });
    await contact(jsonRequest("/api/contact", input, { ip: "203.0.113.77" }));
    await contact(jsonRequest("/api/contact", { ...input, email: "bad" }, { ip: "203.0.113.77" }));
    // Events may log lines of their own (a notification skipped, say); each request logs one.
    const requests = lines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((l) => l["msg"] === "request");
    expect(requests).toHaveLength(2);
    const [ok, bad] = requests;
    expect(ok).toMatchObject({
      msg: "request",
      route: "/api/contact",
      method: "POST",
      status: 201,
      level: "info",
    });
    expect(typeof ok!["durationMs"]).toBe("number");
    expect(bad).toMatchObject({ status: 422, code: "validation_failed", level: "warn" });
    for (const line of lines) {
      for (const secret of [input.name, "private.person", "203.0.113.77", "07700"])
        expect(line).not.toContain(secret);
    }
  });
});

describe("stored rows", () => {
  it("never stores a booking without address and service (CHECK)", async () => {
    const result = await t.db.execute(
      sql`select count(*)::int as n from form_submissions where form_type = 'booking' and (address is null or service is null)`,
    );
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<{
      n: number;
    }>;
    expect(rows[0]!.n).toBe(0);
  });
});
