/**
 * Structured data for the reviews a page actually shows (docs/decisions/008-review-structured-data.md):
 * the count and the average are computed from the list on screen, never a fixed figure.
 */
import type { PublicTestimonial } from "../../features/reviews/contract/endpoints";
import { dateInZone } from "../../platform/time";

export interface BusinessRef {
  /** The same @id the page's business JSON-LD uses, so the two nodes describe one business. */
  readonly id: string;
  readonly name: string;
  readonly url: string;
}

export function averageRating(items: readonly PublicTestimonial[]): number | null {
  if (items.length === 0) return null;
  const sum = items.reduce((acc, t) => acc + t.rating, 0);
  return Math.round((sum / items.length) * 10) / 10;
}

/**
 * The business node with its rating and one Review per card shown. `all` is the count and mean of
 * every published review, which the page states above the list; without it (or when it is
 * smaller than what is shown) the cards shown are the whole story.
 */
export function reviewsJsonLd(
  business: BusinessRef,
  items: readonly PublicTestimonial[],
  all?: { count: number; average: number | null },
): object | null {
  const shown = averageRating(items);
  if (shown === null) return null;
  const useAll = all !== undefined && all.average !== null && all.count >= items.length;
  const average = useAll ? all.average! : shown;
  const count = useAll ? all.count : items.length;
  return {
    "@context": "https://schema.org",
    "@type": "LocalBusiness",
    "@id": business.id,
    name: business.name,
    url: business.url,
    aggregateRating: {
      "@type": "AggregateRating",
      ratingValue: average,
      reviewCount: count,
      bestRating: 5,
      worstRating: 1,
    },
    review: items.map((t) => ({
      "@type": "Review",
      author: { "@type": "Person", name: t.name },
      reviewRating: { "@type": "Rating", ratingValue: t.rating, bestRating: 5, worstRating: 1 },
      reviewBody: t.text,
      ...(t.createdAt ? { datePublished: dateInZone(new Date(t.createdAt)) } : {}),
    })),
  };
}

/**
 * JSON for a <script type="application/ld+json"> body. `<` is escaped so that no review text can
 * close the script element, whatever a visitor typed.
 */
export function serializeJsonLd(data: object): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
