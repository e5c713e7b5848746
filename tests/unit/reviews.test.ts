/**
 * The review pieces that need no database: the public list's sort orders, the structured data's
 * rating over every published review, the town an invitation prefills, and the invitation e-mail.
 */
import { describe, expect, it } from "vitest";
import { sortReviews } from "../../src/islands/TestimonialsGrid";
import { reviewsJsonLd } from "../../src/islands/testimonials/reviews-json-ld";
import type { PublicTestimonial } from "../../src/features/reviews/contract/endpoints";
import { reviewInvitationMessage } from "../../src/features/mail/messages";
import { townFromAddress } from "../../src/features/reviews/service";

const review = (id: number, rating: number, createdAt: string): PublicTestimonial => ({
  id,
  name: `Person ${id}`,
  location: "Kirkcaldy",
  rating,
  text: "A review long enough.",
  createdAt,
});

const items = [
  review(1, 5, "2026-01-10T10:00:00Z"),
  review(2, 2, "2026-03-10T10:00:00Z"),
  review(3, 4, "2026-02-10T10:00:00Z"),
  review(4, 2, "2026-04-10T10:00:00Z"),
];

describe("sortReviews", () => {
  it("orders newest first, highest first and lowest first (newest first among equal ratings)", () => {
    expect(sortReviews(items, "newest").map((r) => r.id)).toEqual([4, 2, 3, 1]);
    expect(sortReviews(items, "highest").map((r) => r.id)).toEqual([1, 3, 4, 2]);
    expect(sortReviews(items, "lowest").map((r) => r.id)).toEqual([4, 2, 3, 1]);
    expect(items.map((r) => r.id)).toEqual([1, 2, 3, 4]); // the list itself is untouched
  });
});

describe("reviewsJsonLd with the count of every published review", () => {
  const business = { id: "https://example.test/#business", name: "Firm", url: "https://example.test/" };
  it("states the figures of every published review, and one Review per card shown", () => {
    const ld = reviewsJsonLd(business, items.slice(0, 2), { count: 150, average: 4.3 }) as {
      aggregateRating: { ratingValue: number; reviewCount: number };
      review: unknown[];
    };
    expect(ld.aggregateRating).toMatchObject({ ratingValue: 4.3, reviewCount: 150 });
    expect(ld.review).toHaveLength(2);
  });
  it("falls back to the cards shown when the stats are missing or smaller than the list", () => {
    for (const all of [undefined, { count: 1, average: 5 }]) {
      const ld = reviewsJsonLd(business, items, all) as { aggregateRating: { reviewCount: number } };
      expect(ld.aggregateRating.reviewCount).toBe(4);
    }
  });
});

describe("townFromAddress", () => {
  it.each([
    ["12 High Street, Kirkcaldy KY1 1AA", "Kirkcaldy"],
    ["3 Harbour Road\nKinghorn\nKY3 9XX", "Kinghorn"],
    ["Flat 2, 5 Main St, dunfermline", "Dunfermline"],
    ["7 The Loan, Ceres, KY15 5NA", "Ceres"],
    ["", ""],
    [null, ""],
  ])("%j → %j", (address, town) => {
    expect(townFromAddress(address)).toBe(town);
  });
});

describe("reviewInvitationMessage", () => {
  it("carries the link in both parts, escapes it in HTML, and greets only by a plain first name", () => {
    const link = "https://www.example.test/testimonials#invite=abc_DEF-123";
    const m = reviewInvitationMessage(
      {
        name: "<b>Eve</b> Smith",
        email: "eve@example.com",
        reference: "KB-000042",
        link,
        expiresAt: new Date("2026-03-01T12:00:00Z"),
      },
      { ownerEmail: "owner@example.test", siteUrl: "https://www.example.test" },
    );
    expect(m.kind).toBe("review_invitation");
    expect(m.to.address).toBe("eve@example.com");
    expect(m.text).toContain(`Leave your review: ${link}\n`);
    expect(m.html).toContain(`href="${link}"`);
    expect(m.text).toMatch(/^Hello,/);
    expect(m.html).not.toContain("<b>Eve</b>");
    expect(m.text).toContain("1 March 2026");
  });
});
