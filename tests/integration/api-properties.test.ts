/**
 * Property-based bad input (fast-check) against the real handlers and database: random and hostile
 * bodies (wrong types, huge and unicode strings, SQL and HTML payloads, broken JSON, odd content
 * types) never produce a 5xx, never store a row the rules refuse, and valid text is stored
 * byte-for-byte (after trimming the ends, as the forms do).
 *
 * Run counts stay modest (ENVIRONMENT: the whole `npm test` must stay well under 15 minutes).
 */
import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import bookings from "../../netlify/functions/bookings.mts";
import contact from "../../netlify/functions/contact.mts";
import testimonialsFn from "../../netlify/functions/testimonials.mts";
import { limits } from "../../src/lib/form-fields/limits";
import { charLength } from "../../src/lib/form-fields/text";
import { requests, testimonials } from "../../src/features/tables";
import { useTestDatabase } from "../helpers/db";
import { bookableToday, randomIp } from "../helpers/http";

const t = useTestDatabase();
/** Per endpoint: `runs` structured bodies plus two thirds as many raw ones (about 670 per endpoint by default). */
const runs = Number(process.env["FC_RUNS"] ?? 400);

const hostileStrings = [
  "'; drop table form_submissions; --",
  "Robert'); DELETE FROM testimonials WHERE ('1'='1",
  "<script>alert('x')</script>",
  '"><img src=x onerror=alert(1)>',
  "${7*7}{{7*7}}",
  "\\x00\\u0000",
  "NULL",
  "null",
  "ⓐⓑⓒ 🇬🇧 👩‍👩‍👧‍👦 Zalgo: Z̴̡̨̛a̷l̶g̵o̸",
  "‮right-to-left override",
  "\u200b\u200b",
  "\r\n\t",
];

/** Strings of every kind: printable, full Unicode (lone surrogates included), hostile, long. */
const anyString = fc.oneof(
  { weight: 4, arbitrary: fc.string({ minLength: 0, maxLength: 40 }) },
  { weight: 3, arbitrary: fc.string({ unit: "grapheme", minLength: 0, maxLength: 60 }) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", minLength: 0, maxLength: 40 }) },
  { weight: 2, arbitrary: fc.constantFrom(...hostileStrings) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme-ascii", minLength: 90, maxLength: 320 }) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", minLength: 1900, maxLength: 2100 }) },
);

/** A plausible value for a text field, sometimes padded with whitespace. */
const textLike = (valid: fc.Arbitrary<string>) =>
  fc.oneof(
    { weight: 12, arbitrary: valid },
    {
      weight: 4,
      arbitrary: fc
        .tuple(fc.constantFrom("", " ", "  \n", "\t"), valid, fc.constantFrom("", " ", "\n "))
        .map((p) => p.join("")),
    },
    { weight: 3, arbitrary: anyString },
    {
      weight: 1,
      arbitrary: fc.oneof(
        fc.integer(),
        fc.boolean(),
        fc.constant(null),
        fc.array(fc.string(), { maxLength: 2 }),
        fc.object({ maxDepth: 1 }),
      ),
    },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );

const words = fc.stringMatching(/^[A-Za-zÀ-ÿ' -]{2,40}$/);
const phone = fc.oneof(
  fc.stringMatching(/^0[1-9]\d{3} \d{6}$/),
  fc.stringMatching(/^\+44 ?7\d{3} ?\d{6}$/),
  anyString,
);
// fc.emailAddress() covers all of RFC 5322, most of which the form (rightly) refuses; people's
// addresses look like the first generator.
const email = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.stringMatching(
      /^[a-z0-9]{1,12}([._+-][a-z0-9]{1,8})?@[a-z0-9]{1,15}\.(co\.uk|com|scot|org)$/,
    ),
  },
  { weight: 1, arbitrary: fc.emailAddress() },
  { weight: 1, arbitrary: anyString },
);
const service = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom("paint-wallpaper", "plumbing-heating", "kitchen-bathroom", "floor-carpet"),
  },
  { weight: 1, arbitrary: anyString },
  { weight: 1, arbitrary: fc.integer() },
);

const contactBody = fc.record(
  {
    name: textLike(words),
    email: textLike(email),
    phone: textLike(phone),
    message: textLike(fc.string({ unit: "grapheme", minLength: 1, maxLength: 300 })),
    website: fc.constantFrom("", "", "", "http://spam.example"),
    // The time the form was shown, as the islands send it (a post without it is refused).
    formStartedAt: fc.constant(Date.now() - 60_000),
    extra: anyString,
  },
  { requiredKeys: ["name", "email", "phone", "message", "formStartedAt"] },
);
// Preferred options: mostly bookable dates with a real window, sometimes junk of any shape.
const bookable = bookableToday().map((d) => d.date);
const preferredOptions = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.uniqueArray(
      fc.record({
        date: fc.constantFrom(...bookable),
        window: fc.constantFrom("morning", "afternoon", "any"),
      }),
      { minLength: 1, maxLength: 3, selector: (o) => `${o.date} ${o.window}` },
    ),
  },
  {
    weight: 1,
    arbitrary: fc.oneof(
      fc.constant([]),
      fc.array(fc.record({ date: anyString, window: anyString }), { maxLength: 4 }),
      anyString,
      fc.constant(null),
    ),
  },
);
const bookingBody = fc
  .tuple(
    contactBody,
    textLike(
      fc.oneof(
        // Addresses we can find: a house number and a street, or a UK postcode (the field rule).
        {
          weight: 3,
          arbitrary: fc.stringMatching(
            /^[1-9]\d{0,2} [A-Z][a-z]{2,12} (Street|Road|Lane), [A-Z][a-z]{3,10}$/,
          ),
        },
        { weight: 1, arbitrary: fc.stringMatching(/^[A-Z][a-z]{3,10}, KY[1-9] [1-9][A-Z]{2}$/) },
        { weight: 2, arbitrary: fc.string({ unit: "grapheme", minLength: 1, maxLength: 120 }) },
      ),
    ),
    service,
    preferredOptions,
    fc.option(textLike(fc.string({ unit: "grapheme", maxLength: 200 })), { nil: undefined }),
    fc.option(fc.oneof(fc.boolean(), anyString), { nil: undefined }),
  )
  .map(([c, address, s, options, accessNotes, urgent]) => ({
    ...c,
    address,
    service: s,
    preferredOptions: options,
    ...(accessNotes === undefined ? {} : { accessNotes }),
    ...(urgent === undefined ? {} : { urgent }),
  }));
const reviewBody = fc.record(
  {
    name: textLike(words),
    location: textLike(words),
    text: textLike(fc.string({ unit: "grapheme", minLength: 10, maxLength: 400 })),
    rating: fc.oneof(
      fc.integer({ min: 1, max: 5 }),
      fc.integer(),
      fc.double(),
      fc.constantFrom("3", "five", "", null),
    ),
    formStartedAt: fc.constant(Date.now() - 60_000),
  },
  { requiredKeys: ["name", "location", "text", "formStartedAt"] },
);

const allowed = new Set([201, 400, 413, 415, 422]);

async function countRows(table: typeof requests | typeof testimonials): Promise<number> {
  const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(table);
  return Number(row!.n);
}

function post(
  handler: (req: Request) => Promise<Response>,
  path: string,
  body: string,
  type = "application/json",
) {
  return handler(
    new Request(`http://localhost${path}`, {
      method: "POST",
      headers: { "content-type": type, "x-forwarded-for": randomIp() },
      body,
    }),
  );
}

const trimmed = (value: unknown) => (typeof value === "string" ? value.trim() : value);

describe.each([
  {
    label: "POST /api/contact",
    handler: contact,
    path: "/api/contact",
    body: contactBody,
    table: requests,
  },
  {
    label: "POST /api/bookings",
    handler: bookings,
    path: "/api/bookings",
    body: bookingBody,
    table: requests,
  },
  {
    label: "POST /api/testimonials",
    handler: testimonialsFn,
    path: "/api/testimonials",
    body: reviewBody,
    table: testimonials,
  },
] as const)("$label with random bodies", ({ handler, path, body, table }) => {
  // Each property stops at its timeout (`signal`): a run cut short must not go on posting while
  // the next case counts the same table.
  it("never answers 5xx, stores exactly the accepted rows, and stores their text byte-for-byte", async ({
    signal,
  }) => {
    const before = await countRows(table);
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(body, async (input) => {
        signal.throwIfAborted();
        const response = await post(handler, path, JSON.stringify(input));
        expect(allowed, `status ${response.status}`).toContain(response.status);
        if (response.status !== 201) return;
        accepted++;
        const { id } = (await response.json()) as { id: number };
        const [row] = await t.db.select().from(table).where(eq(table.id, id));
        expect(row).toBeDefined();
        const stored = row as Record<string, unknown>;
        for (const field of ["name", "email", "phone", "message", "address", "location", "text"]) {
          if (field in stored && field in input)
            expect(stored[field]).toBe(trimmed((input as Record<string, unknown>)[field]));
        }
        // Whatever was accepted obeys the rules the database also enforces.
        expect(charLength(String(stored["name"]))).toBeLessThanOrEqual(limits.name);
        expect(String(stored["name"]).trim()).toBe(stored["name"]);
        if ("website" in input) expect(input.website).toBe("");
      }),
      { numRuns: runs },
    );
    expect(await countRows(table)).toBe(before + accepted);
    // The generators do reach the success path: 10-25% of contact and review bodies are valid, and
    // about 2% of booking bodies (a booking also needs a findable address and a bookable date), so
    // a run of 400 stores a handful; none at all would mean the success path went untested.
    expect(accepted).toBeGreaterThan(0);
  }, 180_000);

  it("answers hostile raw bodies and content types with 4xx, storing nothing", async ({ signal }) => {
    const before = await countRows(table);
    const raw = fc.oneof(
      fc.string({ unit: "binary", maxLength: 200 }),
      fc.json().map((j) => j.slice(0, Math.max(0, j.length - 1))), // truncated JSON
      fc.json(),
      fc.constantFrom("", "{", "[]", "null", '{"name":', "\u0000", "{}".repeat(20000)),
      fc.string({ unit: "grapheme-ascii", minLength: 33 * 1024, maxLength: 33 * 1024 + 10 }),
    );
    const type = fc.constantFrom(
      "application/json",
      "application/json; charset=utf-8",
      "application/x-www-form-urlencoded",
      "text/plain",
      "multipart/form-data; boundary=x",
      "",
    );
    await fc.assert(
      fc.asyncProperty(raw, type, async (bodyText, contentType) => {
        signal.throwIfAborted();
        const response = await post(handler, path, bodyText, contentType);
        expect(allowed, `status ${response.status}`).toContain(response.status);
        expect(response.status).not.toBe(201);
        const error = ((await response.json()) as { error: { code: string; message: string } }).error;
        expect(error.message.length).toBeGreaterThan(0);
      }),
      { numRuns: Math.round((runs * 2) / 3) },
    );
    expect(await countRows(table)).toBe(before);
  }, 180_000);
});
