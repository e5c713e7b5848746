/**
 * The data layer on a real Postgres engine (PGlite in-process, or the PostgreSQL server when
 * TEST_DATABASE_URL is set): every repository operation, the seed, the CHECK
 * constraints that mirror validation, Row Level Security, and the rate limiter.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sampleTestimonials } from "../../src/data/testimonials";
import { seed } from "../../src/features/reviews/seed";
import { requests, testimonials as testimonialsTable } from "../../src/features/tables";
import * as settings from "../../src/features/admin-auth/repository-settings";
import * as requestsRepo from "../../src/features/requests/repository";
import * as testimonials from "../../src/features/reviews/repository";
import { hitRateLimit } from "../../src/features/rate-limits/service";
import { pgErrorCode } from "../../src/platform/db/errors";
import { createTestDatabase, useTestDatabase } from "../helpers/db";

const t = useTestDatabase();
const unique = (label: string) => `${label} ${Math.random().toString(36).slice(2, 8)}`;

describe("seed", () => {
  it("inserts the six sample testimonials, approved, into an empty table and never again", async () => {
    const own = await createTestDatabase(); // empty, whatever the other tests here write
    try {
      expect(await seed(own.db)).toEqual({ testimonials: 6 });
      expect(await seed(own.db)).toEqual({ testimonials: 0 });
      const approved = await testimonials.listApproved({}, own.db);
      expect(approved.map((r) => r.name).sort()).toEqual(sampleTestimonials.map((s) => s.name).sort());
      expect(approved.every((r) => r.approved)).toBe(true);
      expect(approved.map((r) => r.rating)).toEqual([...approved.map((r) => r.rating)].sort((a, b) => b - a));
    } finally {
      await own.close();
    }
  });

  it("leaves a table that already has rows alone", async () => {
    const own = await createTestDatabase();
    try {
      await testimonials.insertPending(
        { name: "Only One", location: "Kirkcaldy", rating: 4, text: "A single existing review." },
        undefined,
        own.db,
      );
      expect(await seed(own.db)).toEqual({ testimonials: 0 });
      expect(await testimonials.listPage({ limit: 1000 }, own.db)).toHaveLength(1);
    } finally {
      await own.close();
    }
  });
});

describe("testimonials repository", () => {
  it("stores a new testimonial as pending and never lists it publicly until approved", async () => {
    const name = unique("Pending Person");
    const { testimonial, created } = await testimonials.insertPending({
      name,
      location: "Leven",
      rating: 3,
      text: "Tidy work on the garden fence.",
    });
    expect(created).toBe(true);
    expect(testimonial.approved).toBe(false);
    expect((await testimonials.listApproved()).some((r) => r.name === name)).toBe(false);
    expect((await testimonials.listPage({ limit: 1000 })).some((r) => r.name === name)).toBe(true);

    const approved = await testimonials.setApproved(testimonial.id, true);
    expect(approved?.approved).toBe(true);
    expect((await testimonials.listApproved()).some((r) => r.name === name)).toBe(true);

    expect((await testimonials.setApproved(testimonial.id, false))?.approved).toBe(false);
    expect((await testimonials.listApproved()).some((r) => r.name === name)).toBe(false);
    expect(await testimonials.remove(testimonial.id)).toBe(true);
    expect(await testimonials.remove(testimonial.id)).toBe(false);
    expect(
      (await testimonials.listPage({ limit: 1000 })).find((r) => r.id === testimonial.id) ?? null,
    ).toBeNull();
    expect(await testimonials.setApproved(testimonial.id, true)).toBeNull();
  });

  it("lists approved testimonials by rating, then newest first; admin list is id descending", async () => {
    const base = unique("Order");
    const ids: number[] = [];
    for (const rating of [3, 5, 3]) {
      const { testimonial } = await testimonials.insertPending({
        name: `${base} ${rating}`,
        location: "Kinghorn",
        rating,
        text: "Ordering test text long enough.",
      });
      await testimonials.setApproved(testimonial.id, true);
      ids.push(testimonial.id);
    }
    const publicList = await testimonials.listApproved();
    for (let i = 1; i < publicList.length; i++) {
      const a = publicList[i - 1]!;
      const b = publicList[i]!;
      expect(a.rating > b.rating || (a.rating === b.rating && a.createdAt >= b.createdAt)).toBe(true);
    }
    const mine = publicList.filter((r) => r.name.startsWith(base)).map((r) => r.id);
    expect(mine).toEqual([ids[1], ids[2], ids[0]]);
    const all = await testimonials.listPage({ limit: 1000 });
    expect(all.map((r) => r.id)).toEqual([...all.map((r) => r.id)].sort((x, y) => y - x));
  });

  it("stores a retried insert with the same idempotency key once", async () => {
    const key = unique("key").replace(" ", "-");
    const input = {
      name: unique("Retry"),
      location: "Burntisland",
      rating: 5,
      text: "Came back to fix a hinge.",
    };
    const first = await testimonials.insertPending(input, key);
    const second = await testimonials.insertPending(input, key);
    expect(first.created).toBe(true);
    expect(second.created).toBe(false);
    expect(second.testimonial.id).toBe(first.testimonial.id);
    const rows = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(testimonialsTable)
      .where(sql`${testimonialsTable.name} = ${input.name}`);
    expect(rows[0]!.n).toBe(1);
  });

  it("refuses rows the API would refuse (CHECK constraints mirror validation)", async () => {
    const bad = [
      { name: "A", location: "Fife", rating: 5, text: "Long enough text here." },
      { name: "Anna", location: "Fife", rating: 6, text: "Long enough text here." },
      { name: "Anna", location: "Fife", rating: 0, text: "Long enough text here." },
      { name: "Anna", location: "Fife", rating: 5, text: "short" },
      { name: "x".repeat(101), location: "Fife", rating: 5, text: "Long enough text here." },
    ];
    for (const row of bad) {
      const error = await testimonials.insertPending(row).then(
        () => null,
        (e: unknown) => e,
      );
      expect(pgErrorCode(error), JSON.stringify(row).slice(0, 60)).toBe("23514");
    }
  });
});

describe("submissions repository", () => {
  it("inserts contact and booking rows unread, lists newest first with a type filter", async () => {
    const who = unique("Sub");
    const contact = await requestsRepo.insert({
      formType: "contact",
      name: `${who} C`,
      email: "c@example.com",
      phone: "07700 900123",
      message: "Please call me back.",
    });
    const booking = await requestsRepo.insert({
      formType: "booking",
      name: `${who} B`,
      email: "b@example.com",
      phone: "07700 900124",
      message: "Kitchen tap drips.",
      address: "1 High Street, Kirkcaldy",
      service: "plumbing-heating",
    });
    expect(contact.request).toMatchObject({
      formType: "contact",
      isRead: false,
      address: null,
      service: null,
    });
    expect(booking.request).toMatchObject({ formType: "booking", service: "plumbing-heating" });
    expect(booking.request.submittedAt).toBeInstanceOf(Date);

    const all = await requestsRepo.list();
    const ids = all.map((s) => s.id);
    expect(ids.indexOf(booking.request.id)).toBeLessThan(ids.indexOf(contact.request.id));
    for (let i = 1; i < all.length; i++) expect(all[i - 1]!.submittedAt >= all[i]!.submittedAt).toBe(true);
    expect((await requestsRepo.list({ type: "contact" })).every((s) => s.formType === "contact")).toBe(true);
    expect((await requestsRepo.list({ type: "booking" })).every((s) => s.formType === "booking")).toBe(true);
    expect((await requestsRepo.list({ type: "booking" })).some((s) => s.id === booking.request.id)).toBe(
      true,
    );
  });

  it("counts unread, toggles read and deletes", async () => {
    const { request } = await requestsRepo.insert({
      formType: "contact",
      name: unique("Reader"),
      email: "r@example.com",
      phone: "01592 000000",
      message: "Hello there.",
    });
    const before = (await requestsRepo.counts()).unread;
    expect((await requestsRepo.setRead(request.id))?.isRead).toBe(true);
    expect((await requestsRepo.counts()).unread).toBe(before - 1);
    expect((await requestsRepo.list({ unreadOnly: true })).some((s) => s.id === request.id)).toBe(false);
    expect((await requestsRepo.setRead(request.id, false))?.isRead).toBe(false);
    expect((await requestsRepo.counts()).unread).toBe(before);
    const counts = await requestsRepo.counts();
    expect(counts.total).toBe(counts.contact + counts.booking);
    expect(counts.unread).toBe(before);
    expect(await requestsRepo.remove(request.id)).toBe(true);
    expect(await requestsRepo.remove(request.id)).toBe(false);
    expect(await requestsRepo.setRead(request.id)).toBeNull();
  });

  it("refuses a booking without address or service, and an unknown form type", async () => {
    const base = { name: "Bob", email: "b@example.com", phone: "07700900123", message: "Hi." };
    for (const values of [
      { ...base, formType: "booking" },
      { ...base, formType: "booking", address: "1 Street" },
      { ...base, formType: "quote" },
    ]) {
      const error = await t.db
        .insert(requests)
        .values(values)
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(pgErrorCode(error)).toBe("23514");
    }
  });
});

describe("admin settings repository", () => {
  it("returns null for a missing key, then inserts and replaces a value", async () => {
    const key = unique("setting").replace(" ", "_");
    expect(await settings.getSetting(key)).toBeNull();
    await settings.upsertSetting(key, "one");
    expect(await settings.getSetting(key)).toBe("one");
    await settings.upsertSetting(key, "two");
    expect(await settings.getSetting(key)).toBe("two");
    expect(await settings.deleteSetting(key)).toBe(true);
    expect(await settings.getSetting(key)).toBeNull();
  });
});

describe("row level security", () => {
  it("hides every table from Supabase's anon role even with table grants", async () => {
    await requestsRepo.insert({
      formType: "contact",
      name: unique("Secret"),
      email: "s@example.com",
      phone: "07700900123",
      message: "Not for the public.",
    });
    const seen = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local role anon`);
      const rows = await tx.select({ id: requests.id }).from(requests);
      const testimonialRows = await tx.select({ id: testimonialsTable.id }).from(testimonialsTable);
      return { rows: rows.length, testimonials: testimonialRows.length };
    });
    const insert = await t.db
      .transaction(async (tx) => {
        await tx.execute(sql`set local role anon`);
        await tx
          .insert(testimonialsTable)
          .values({ name: "Anon", location: "Web", rating: 5, text: "Sneaky insert attempt." });
      })
      .then(
        () => "inserted",
        (e: unknown) => pgErrorCode(e),
      );
    expect(insert).toBe("42501");
    expect(seen).toEqual({ rows: 0, testimonials: 0 });
  });
});

describe("rate limiter", () => {
  it("allows the limit within a window, refuses the next with the seconds left, resets next window", async () => {
    const rule = { name: unique("test").replace(" ", "-"), limit: 3, windowMs: 60_000 };
    const now = 1_700_000_000_000 - (1_700_000_000_000 % 60_000) + 15_000; // 15 s into a window
    for (let i = 1; i <= 3; i++) {
      const r = await hitRateLimit(rule, "client-a", { now });
      expect(r).toMatchObject({ allowed: true, hits: i, remaining: 3 - i });
    }
    const over = await hitRateLimit(rule, "client-a", { now: now + 1000 });
    expect(over).toMatchObject({ allowed: false, hits: 4, retryAfterSeconds: 44 });
    expect((await hitRateLimit(rule, "client-b", { now })).allowed).toBe(true);
    expect((await hitRateLimit(rule, "client-a", { now: now + 60_000 })).hits).toBe(1);
  });

  it("counts concurrent hits exactly", async () => {
    const rule = { name: unique("burst").replace(" ", "-"), limit: 10, windowMs: 60_000 };
    const results = await Promise.all(Array.from({ length: 25 }, () => hitRateLimit(rule, "c")));
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
    expect(results.map((r) => r.hits).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 25 }, (_, i) => i + 1),
    );
  });
});
