/**
 * Recognises the six sample reviews the local stack seeds (src/data/testimonials.ts), so that
 * wherever one is shown it is marked as a sample, never passed off as a customer's words. Only a
 * short fingerprint of each is shipped to the browser, not their text; a unit test checks the list
 * against the samples.
 */

/** FNV-1a (32-bit) of the name and text: stable, tiny, and enough to tell six known texts apart. */
export function reviewFingerprint(review: { readonly name: string; readonly text: string }): string {
  const input = `${review.name}\u0000${review.text}`;
  let hash = 0x811c9dc5;
  for (let i = 0; i < input.length; i++) {
    hash ^= input.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, "0");
}

export const sampleReviewFingerprints: ReadonlySet<string> = new Set([
  "7968a92d",
  "917edaf0",
  "5bfebab9",
  "8939d41c",
  "e4a61d0f",
  "db5c08d7",
]);

export function isSampleReview(review: { readonly name: string; readonly text: string }): boolean {
  return sampleReviewFingerprints.has(reviewFingerprint(review));
}

export const sampleNotice =
  "Sample reviews: these ship with the site for local development and were not written by customers.";
