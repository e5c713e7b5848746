/**
 * The website content's shapes between the database, the API and a published version: rows to the
 * contract's objects, the drafts to a snapshot, and how many items differ between two snapshots
 * (docs/decisions/050-site-content.md).
 */
import { z } from "zod";
import { priceBases, siteIconKeys } from "./contract/rules";
import { galleryKinds } from "./contract/gallery-rules";
import type { SiteFaq, SiteService, SiteTeamMember, SiteTown } from "./contract";
import { answerHtml } from "./markdown";
import type { Drafts, FaqRecord, ServiceRecord, TeamRecord, TownRecord } from "./repository";

export function toService(r: ServiceRecord): SiteService {
  return {
    id: r.id,
    slug: r.slug,
    name: r.name,
    summary: r.summary,
    description: r.description,
    startingPricePence: r.startingPricePence,
    priceBasis: r.priceBasis as SiteService["priceBasis"],
    icon: r.icon as SiteService["icon"],
    process: r.process,
    features: r.features,
    hidden: r.hidden,
    position: r.position,
    updatedAt: r.updatedAt.toISOString(),
  };
}

export function toFaq(r: FaqRecord): SiteFaq {
  return {
    id: r.id,
    question: r.question,
    answer: r.answer,
    answerHtml: answerHtml(r.answer),
    hidden: r.hidden,
    position: r.position,
    updatedAt: r.updatedAt.toISOString(),
  };
}

export function toTeamMember(r: TeamRecord): SiteTeamMember {
  return {
    id: r.id,
    name: r.name,
    role: r.role,
    bio: r.bio,
    image: r.image,
    sample: r.sample,
    hidden: r.hidden,
    position: r.position,
    updatedAt: r.updatedAt.toISOString(),
  };
}

export function toTown(r: TownRecord): SiteTown {
  return {
    id: r.id,
    name: r.name,
    latitude: r.latitude,
    longitude: r.longitude,
    hidden: r.hidden,
    position: r.position,
    updatedAt: r.updatedAt.toISOString(),
  };
}

const ordered = { id: z.number().int(), hidden: z.boolean(), position: z.number().int() };

/**
 * One published version: every item as the owner left it, hidden ones included (a hidden
 * service's address must still redirect). Checked when read back, so a build never renders a
 * snapshot it does not understand.
 */
export const publishedSiteSchema = z.object({
  version: z.literal(1),
  services: z.array(
    z.object({
      ...ordered,
      slug: z.string(),
      name: z.string(),
      summary: z.string(),
      description: z.string(),
      startingPricePence: z.number().int(),
      priceBasis: z.enum(priceBases),
      icon: z.enum(siteIconKeys),
      process: z.array(z.object({ title: z.string(), description: z.string() })),
      features: z.array(z.string()),
      page: z.object({
        overview: z.array(z.string()),
        typicalJobs: z.array(z.string()),
        image: z.string().nullable(),
        imageAlt: z.string().nullable(),
      }),
    }),
  ),
  faqs: z.array(z.object({ ...ordered, question: z.string(), answer: z.string() })),
  team: z.array(
    z.object({
      ...ordered,
      name: z.string(),
      role: z.string(),
      bio: z.string(),
      image: z.string().nullable(),
      sample: z.boolean(),
    }),
  ),
  towns: z.array(z.object({ ...ordered, name: z.string(), latitude: z.number(), longitude: z.number() })),
  /** The gallery (docs/decisions/058-gallery.md); a version published before it had none. */
  gallery: z
    .array(
      z.object({
        ...ordered,
        kind: z.enum(galleryKinds),
        caption: z.string(),
        town: z.string(),
        service: z.string(),
        beforeImageId: z.string().nullable(),
        afterImageId: z.string().nullable(),
        photoImageId: z.string().nullable(),
        submissionId: z.number().int().nullable(),
      }),
    )
    .default([]),
});
export type PublishedSite = z.infer<typeof publishedSiteSchema>;

const without = <T extends { createdAt: Date; updatedAt: Date }>({ createdAt, updatedAt, ...rest }: T) => {
  void createdAt;
  void updatedAt;
  return rest;
};

/** The drafts as a published version. */
export function snapshotOf(d: Drafts): PublishedSite {
  return publishedSiteSchema.parse({
    version: 1,
    services: d.services.map(without),
    faqs: d.faqs.map(without),
    team: d.team.map(without),
    towns: d.towns.map(without),
    gallery: d.gallery.map(without),
  });
}

/** How many items were added, changed or removed between two versions. */
export function changesBetween(a: PublishedSite, b: PublishedSite | null): number {
  let n = 0;
  for (const kind of ["services", "faqs", "team", "towns", "gallery"] as const) {
    const before = new Map((b?.[kind] ?? []).map((item) => [item.id, JSON.stringify(item)]));
    for (const item of a[kind]) {
      if (before.get(item.id) !== JSON.stringify(item)) n++;
      before.delete(item.id);
    }
    n += before.size;
  }
  return n;
}
