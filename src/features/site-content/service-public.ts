/**
 * The website's published content as the public pages use it: visible items only, in the owner's
 * order, a FAQ answer as sanitised HTML and as plain text (for the structured data). Read at build
 * (src/components/sections/site-at-build.ts), never by a browser (docs/decisions/050-site-content.md).
 */
export type { PublicFaq, PublicSite } from "./contract/public";
import type { ServiceContext } from "../../platform/context";
import type { PublicSite } from "./contract/public";
import { answerHtml, answerText } from "./markdown";
import { publishedContent } from "./service-publish";
import * as repo from "./repository";
import { snapshotOf } from "./service-model";
import { ensureSiteContent, firstContent } from "./service-seed";

interface Listed {
  hidden?: boolean;
  position: number;
}

const shown = <T extends Listed>(items: readonly T[]) =>
  items.filter((i) => !i.hidden).sort((a, b) => a.position - b.position);

/** The public view of a version's content. */
export function publicSiteOf(content: {
  faqs: readonly (Listed & { question: string; answer: string })[];
  towns: readonly (Listed & { name: string })[];
}): PublicSite {
  return {
    faqs: shown(content.faqs).map((f) => ({
      question: f.question,
      answerHtml: answerHtml(f.answer),
      answerText: answerText(f.answer),
    })),
    towns: shown(content.towns).map((t) => t.name),
  };
}

/** The published content (the version being published, else the live one). */
export async function publicSite(ctx: ServiceContext): Promise<PublicSite> {
  const content = await publishedContent(ctx);
  return publicSiteOf(content ?? firstContent());
}

/** What a site with no database shows: the content it was written with. */
export function firstPublicSite(): PublicSite {
  return publicSiteOf(firstContent());
}

/**
 * The drafts as the pages would show them once published: what the preview renders
 * (docs/decisions/057-draft-preview-and-local-rebuilds.md). The same `publicSiteOf` as a published
 * version, so the preview can never differ from what Publish would put live.
 */
export async function draftPublicSite(ctx: ServiceContext): Promise<PublicSite> {
  await ensureSiteContent(ctx);
  return publicSiteOf(snapshotOf(await repo.drafts(ctx.db)));
}
