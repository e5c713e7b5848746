/**
 * The website's published content as the public pages use it: visible items only, in the owner's
 * order, a FAQ answer as sanitised HTML and as plain text (for the structured data), each service
 * with its price in words. Read at build (src/components/sections/site-at-build.ts), never by a
 * browser (docs/decisions/050-site-content.md, 056-services-from-published-content.md).
 * `bookableServices` is the server's side of the same list: what a booking may name.
 */
export type {
  GoneService,
  PublicFaq,
  PublicGalleryItem,
  PublicService,
  PublicSite,
  PublicTeamMember,
} from "./contract/public";
import type { ServiceContext } from "../../platform/context";
import type { Db } from "../../platform/db/client";
import type { PublicGalleryItem, PublicService, PublicSite } from "./contract/public";
import { quoteBasisOf, startingPriceText } from "./contract/rules";
import { answerHtml, answerText } from "./markdown";
import * as repo from "./repository";
import { publishedSiteSchema, snapshotOf, type PublishedSite } from "./service-model";
import { publishedContent } from "./service-publish";
import { ensureSiteContent, firstContent } from "./service-seed";
import { imageBytes, withdrawnJobs } from "./repository-gallery";

interface Listed {
  hidden?: boolean;
  position: number;
}

const shown = <T extends Listed>(items: readonly T[]) =>
  items.filter((i) => !i.hidden).sort((a, b) => a.position - b.position);

type ServiceContent = Omit<PublishedSite["services"][number], "id" | "hidden"> & { hidden?: boolean };

/** Paragraphs as the owner typed them: separated by a blank line. */
const paragraphs = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s*\n\s*/g, " ").trim())
    .filter(Boolean);

function publicService(s: ServiceContent): PublicService {
  return {
    slug: s.slug,
    name: s.name,
    summary: s.summary,
    description: paragraphs(s.description),
    startingPricePence: s.startingPricePence,
    priceBasis: s.priceBasis,
    priceText: startingPriceText(s.startingPricePence, s.priceBasis),
    quoteBasis: quoteBasisOf(s.priceBasis),
    icon: s.icon,
    process: s.process,
    features: s.features,
    page: s.page,
  };
}

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
  services: readonly ServiceContent[];
  faqs: readonly (Listed & { question: string; answer: string })[];
  team: readonly (Listed & {
    id?: number;
    name: string;
    role: string;
    bio: string;
    image: string | null;
    sample: boolean;
  })[];
  towns: readonly (Listed & { name: string })[];
  gallery?: readonly GalleryDraft[];
}): PublicSite {
  return {
    faqs: shown(content.faqs).map((f) => ({
      question: f.question,
      answerHtml: answerHtml(f.answer),
      answerText: answerText(f.answer),
    })),
    towns: shown(content.towns).map((t) => t.name),
    services: shown(content.services).map(publicService),
    goneServices: content.services.filter((s) => s.hidden).map((s) => ({ slug: s.slug, name: s.name })),
    team: shown(content.team).map((m, index) => ({
      id: m.id ?? index + 1,
      name: m.name,
      role: m.role,
      bio: m.bio,
      image: m.image,
      sample: m.sample,
    })),
    gallery: publicGallery(content.gallery ?? [], content.services),
  };
}

/** The content without the photos of jobs whose customer has withdrawn consent to show them. */
async function withoutWithdrawn<C extends { gallery: readonly GalleryDraft[] }>(
  content: C,
  ctx: ServiceContext,
): Promise<C> {
  const jobs = content.gallery.flatMap((g) => (g.submissionId === null ? [] : [g.submissionId]));
  const withdrawn = await withdrawnJobs(jobs, ctx.db);
  if (withdrawn.size === 0) return content;
  return {
    ...content,
    gallery: content.gallery.filter((g) => g.submissionId === null || !withdrawn.has(g.submissionId)),
  };
}

/** The published content (the version being published, else the live one). */
export async function publicSite(ctx: ServiceContext): Promise<PublicSite> {
  const content = await publishedContent(ctx);
  return publicSiteOf(content ? await withoutWithdrawn(content, ctx) : firstContent());
}

/** What a site with no database shows: the content it was written with. */
export function firstPublicSite(): PublicSite {
  return publicSiteOf(firstContent());
}

/**
 * The services a booking may name: those shown by the live site or by the version being
 * published (while a rebuild runs, a visitor may still have either site's form open).
 */
export async function bookableServices(ctx: ServiceContext): Promise<PublicService[]> {
  await ensureSiteContent(ctx);
  const rows = [
    await repo.currentPublication(ctx.db),
    await repo.currentPublication(ctx.db, { orPublishing: true }),
  ];
  const bySlug = new Map<string, PublicService>();
  for (const row of rows) {
    if (!row) continue;
    for (const s of publicSiteOf(publishedSiteSchema.parse(row.content)).services) bySlug.set(s.slug, s);
  }
  return [...bySlug.values()];
}

/**
 * Every service's name by slug, hidden ones included, as the owner's screens and the e-mails name
 * a request's service: the drafts' names under the live version's (what the customer chose from).
 */
export async function serviceNames(ctx: ServiceContext): Promise<Map<string, string>> {
  await ensureSiteContent(ctx);
  return savedServiceNames(ctx.db);
}

/**
 * The same without seeding a fresh install (a read only, safe inside any transaction): empty
 * before the first content, where the callers fall back to the first services' titles.
 */
export async function savedServiceNames(db: Db): Promise<Map<string, string>> {
  const names = new Map((await repo.drafts(db)).services.map((s) => [s.slug, s.name]));
  const live = await repo.currentPublication(db);
  if (live) for (const s of publishedSiteSchema.parse(live.content).services) names.set(s.slug, s.name);
  return names;
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

/**
 * The drafts as the pages would show them once published: what the preview renders
 * (docs/decisions/057-draft-preview-and-local-rebuilds.md). The same `publicSiteOf` as a published
 * version, so the preview can never differ from what Publish would put live.
 */
export async function draftPublicSite(ctx: ServiceContext): Promise<PublicSite> {
  await ensureSiteContent(ctx);
  return publicSiteOf(await withoutWithdrawn(snapshotOf(await repo.drafts(ctx.db)), ctx));
}
