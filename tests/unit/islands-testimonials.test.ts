import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseTestimonials, type PublicTestimonial } from "../../src/features/reviews/contract/endpoints";
import {
  averageRating,
  reviewsJsonLd,
  serializeJsonLd,
} from "../../src/islands/testimonials/reviews-json-ld";
import { initials } from "../../src/islands/testimonials/TestimonialCard";

const business = { id: "https://example.test/#business", name: "Test Firm", url: "https://example.test/" };
const t = (
  id: number,
  rating: number,
  text = "A careful, tidy job.",
  name = "Ann Other",
): PublicTestimonial => ({
  id,
  name,
  location: "Kirkcaldy",
  rating,
  text,
  createdAt: "2026-11-01T10:00:00.000Z",
});

describe("review structured data", () => {
  it("computes the count and the average from the reviews shown, never a fixed figure", () => {
    const ld = reviewsJsonLd(business, [t(1, 5), t(2, 4), t(3, 4)]) as {
      aggregateRating: { ratingValue: number; reviewCount: number };
      review: unknown[];
    };
    expect(ld.aggregateRating.ratingValue).toBe(4.3);
    expect(ld.aggregateRating.reviewCount).toBe(3);
    expect(ld.review).toHaveLength(3);
    expect(reviewsJsonLd(business, [t(1, 3)])).toMatchObject({
      aggregateRating: { ratingValue: 3, reviewCount: 1 },
    });
  });

  it("dates each review by the London calendar (late on 31 July in UTC is already 1 August in BST)", () => {
    const late = { ...t(1, 5), createdAt: "2026-07-31T23:30:00.000Z" };
    const ld = reviewsJsonLd(business, [late]) as { review: { datePublished: string }[] };
    expect(ld.review[0]!.datePublished).toBe("2026-08-01");
  });

  it("claims no rating at all when there are no reviews", () => {
    expect(reviewsJsonLd(business, [])).toBeNull();
    expect(averageRating([])).toBeNull();
  });

  it("keeps the average within 1..5 and the count equal to the list for any list", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 60 }), (ratings) => {
        const items = ratings.map((r, i) => t(i + 1, r));
        const avg = averageRating(items)!;
        expect(avg).toBeGreaterThanOrEqual(1);
        expect(avg).toBeLessThanOrEqual(5);
        expect(Math.abs(avg - ratings.reduce((a, b) => a + b, 0) / ratings.length)).toBeLessThanOrEqual(
          0.05 + 1e-9,
        ); // one-decimal rounding
      }),
      { numRuns: 300 },
    );
  });

  it("cannot be broken out of its script element by anything a visitor types", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), fc.string({ maxLength: 50 }), (text, name) => {
        const json = serializeJsonLd(
          reviewsJsonLd(business, [t(1, 5, `${text}</script><script>alert(1)`, name)])!,
        );
        expect(json).not.toMatch(/<\/?script/i);
        expect(json).not.toContain("<");
        expect(JSON.parse(json).review[0].reviewBody).toBe(`${text}</script><script>alert(1)`);
      }),
      { numRuns: 300 },
    );
  });
});

describe("parseTestimonials", () => {
  it("accepts the API's { testimonials } answer and refuses malformed ones", () => {
    expect(parseTestimonials({ testimonials: [t(1, 5)] })).toEqual([t(1, 5)]);
    expect(parseTestimonials([t(1, 5)])).toEqual([t(1, 5)]);
    expect(parseTestimonials({ testimonials: [{ ...t(1, 5), rating: 9 }] })).toBeNull();
    expect(parseTestimonials({ error: { message: "x" } })).toBeNull();
    expect(parseTestimonials(null)).toBeNull();
  });
});

describe("initials", () => {
  it("takes the first and last names' first letters", () => {
    expect(initials("Fiona MacLeod")).toBe("FM");
    expect(initials("  amir  bin  hussain ")).toBe("AH");
    expect(initials("Cher")).toBe("C");
    expect(initials("Łukasz Żak")).toBe("ŁŻ");
    expect(initials("   ")).toBe("?");
  });
});
