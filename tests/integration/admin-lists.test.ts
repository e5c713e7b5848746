/**
 * Admin lists stay answerable however full they get: testimonials come 50 a page (keyset: no row
 * is skipped or repeated while rows arrive between pages), and nothing spreads a list of ids into
 * one function call (Math.min(...ids) throws above about 125,000 ids, so a flooded inbox answered
 * 500).
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { adminPageSize } from "../../src/lib/contracts/paging";
import { ownerStatusByRequest } from "../../src/features/mail/repository";
import * as testimonialsRepo from "../../src/features/reviews/repository";
import { listTestimonials } from "../../src/features/reviews/service-admin";
import { serviceContext } from "../../src/platform/context";
import { useTestDatabase } from "../helpers/db";

const t = useTestDatabase();

describe("admin testimonials", () => {
  it("come 50 a page, newest first, and the pages add up to every row once even as rows arrive", async () => {
    await t.db.execute(sql`
      insert into testimonials (name, location, rating, text, approved)
      select 'Paged ' || n, 'Kirkcaldy', 5, 'A tidy, careful job, thank you.', n % 2 = 0
      from generate_series(1, 120) as n`);
    const ctx = serviceContext({ db: t.db });
    const all = (await testimonialsRepo.listPage({ limit: 100_000 }, t.db)).map((r) => r.id);
    const seen: number[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await listTestimonials(cursor, ctx);
      expect(page.testimonials.length).toBeLessThanOrEqual(adminPageSize);
      seen.push(...page.testimonials.map((r) => r.id));
      cursor = page.nextCursor ?? undefined;
      pages++;
      // A new review arriving between pages lands on page one, not in the pages still to come.
      if (pages === 1)
        await testimonialsRepo.insertPending(
          { name: "Late Arrival", location: "Leven", rating: 4, text: "Came while the owner was reading." },
          undefined,
          t.db,
        );
    } while (cursor);
    expect(pages).toBe(Math.ceil(all.length / adminPageSize));
    expect(seen).toEqual(all);
  });
});

describe("long id lists", () => {
  it("tells the mail status of 200,000 submissions without spreading them into a call", async () => {
    const ids = Array.from({ length: 200_000 }, (_, i) => i + 1);
    const statuses = await ownerStatusByRequest(ids, t.db);
    expect(statuses).toBeInstanceOf(Map);
  });
});
