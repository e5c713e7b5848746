/**
 * The approved reviews as they are when the site is built, so /testimonials and the home page have
 * them in their HTML (no "Loading" first, readable without JavaScript, and by search engines). The
 * islands then ask GET /api/testimonials for the current list and show that instead
 * (docs/decisions/025-light-forms.md).
 *
 * Only when the build has `DATABASE_URL` (Netlify's build gets the site's environment variables);
 * without it, or when the database does not answer within a few seconds, the pages are built
 * without reviews and the islands load them as before. `REVIEWS_AT_BUILD=0` turns it off.
 */
import type { PublicTestimonial } from "../../features/reviews/contract/endpoints";

export interface ReviewsSnapshot {
  readonly testimonials: readonly PublicTestimonial[];
  readonly stats: { readonly count: number; readonly average: number | null };
}

let snapshot: Promise<ReviewsSnapshot | null> | undefined;

/** One read per build, shared by every page that shows reviews. */
export function reviewsAtBuild(): Promise<ReviewsSnapshot | null> {
  snapshot ??= read();
  return snapshot;
}

async function read(): Promise<ReviewsSnapshot | null> {
  const url = process.env["DATABASE_URL"];
  if (!url || process.env["REVIEWS_AT_BUILD"] === "0") return null;
  try {
    const { openDatabase } = await import("../../platform/db/client");
    const { listPublicTestimonials, publicReviewStats } = await import("../../features/reviews");
    const { db, close } = openDatabase(url, { connectionTimeoutMillis: 4000 });
    try {
      const ctx = {
        db,
        now: new Date(),
        client: "build",
        actor: { kind: "job" as const, name: "site-build" },
      };
      const testimonials = await listPublicTestimonials(ctx);
      const stats = await publicReviewStats(ctx);
      console.info(`[reviews] ${testimonials.length} approved reviews written into the pages`);
      return { testimonials, stats };
    } finally {
      await close();
    }
  } catch (error) {
    console.warn(
      `[reviews] the database did not answer at build (${error instanceof Error ? error.message : String(error)}); the pages load their reviews in the browser`,
    );
    return null;
  }
}
