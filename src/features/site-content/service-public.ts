/**
 * The website's published content as the public pages use it: visible items only, in the owner's
 * order, a FAQ answer as sanitised HTML and as plain text (for the structured data). Read at build
 * (src/components/sections/site-at-build.ts), never by a browser (docs/decisions/050-site-content.md).
 */
export type { PublicFaq, PublicGalleryItem, PublicSite } from "./contract/public";
import type { ServiceContext } from "../../platform/context";
import type { PublicGalleryItem, PublicSite } from "./contract/public";
import type { PublishedSite } from "./service-model";
import { answerHtml, answerText } from "./markdown";
import { publishedContent } from "./service-publish";
import { firstContent } from "./service-seed";
import { imageBytes } from "./repository-gallery";

interface Listed {
  hidden?: boolean;
  position: number;
}

const shown = <T extends Listed>(items: readonly T[]) =>
  items.filter((i) => !i.hidden).sort((a, b) => a.position - b.position);

type GalleryDraft = PublishedSite["gallery"][number];

/** The visible gallery items whose service is on the site, each with its pictures in order. */
function publicGallery(
  gallery: readonly GalleryDraft[],
  services: readonly { slug: string; name: string; hidden?: boolean }[],
): PublicGalleryItem[] {
  const names = new Map(services.filter((s) => !s.hidden).map((s) => [s.slug, s.name]));
  return shown(gallery)
    .filter((g) => names.has(g.service))
    .map((g) => ({
      id: g.id,
      kind: g.kind,
      caption: g.caption,
      town: g.town,
      service: g.service,
      serviceName: names.get(g.service)!,
      images:
        g.kind === "pair"
          ? [
              { role: "before" as const, id: g.beforeImageId! },
              { role: "after" as const, id: g.afterImageId! },
            ]
          : [{ role: "photo" as const, id: g.photoImageId! }],
    }));
}

/** The public view of a version's content. */
export function publicSiteOf(content: {
  faqs: readonly (Listed & { question: string; answer: string })[];
  towns: readonly (Listed & { name: string })[];
  services?: readonly { slug: string; name: string; hidden?: boolean }[];
  gallery?: readonly GalleryDraft[];
}): PublicSite {
  return {
    faqs: shown(content.faqs).map((f) => ({
      question: f.question,
      answerHtml: answerHtml(f.answer),
      answerText: answerText(f.answer),
    })),
    towns: shown(content.towns).map((t) => t.name),
    gallery: publicGallery(content.gallery ?? [], content.services ?? []),
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
 * The stored JPEG bytes of published gallery images, read when the site is built (the pages make
 * their AVIF and WebP sizes from them).
 */
export async function galleryImageBytes(
  ids: readonly string[],
  ctx: ServiceContext,
): Promise<Map<string, Uint8Array>> {
  return imageBytes(ids, ctx.db);
}
