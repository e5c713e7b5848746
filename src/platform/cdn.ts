/**
 * Netlify's CDN: answers cached under a tag (a `Netlify-Cache-Tag` header) are dropped everywhere
 * by purging the tag. Outside Netlify (tests, scripts) there is nothing to purge and this throws;
 * callers decide whether that matters.
 */
import { purgeCache } from "@netlify/functions";

export async function purgeCdnTags(tags: string[]): Promise<void> {
  await purgeCache({ tags });
}
