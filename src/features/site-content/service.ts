/**
 * The owner's edits to the website's drafts (docs/decisions/050-site-content.md):
 *   getSite: every draft, what changed since the last publish and the publish state
 *   addService, updateService, addFaq, updateFaq, addTeamMember, updateTeamMember, addTown, updateTown
 * A service's slug is made from its first name and never changes (its address stays); one whose
 * name would make another's slug is refused. A town must lie inside the service area.
 */
import { milesBetween, site } from "../../config/site";
import { inTransaction, type ServiceContext } from "../../platform/context";
import { pgErrorCode } from "../../platform/db/errors";
import { Invalid, NotFound } from "../../platform/domain-errors";
import type { SiteContent, SiteFaq, SiteService, SiteTeamMember, SiteTown } from "./contract";
import {
  slugOf,
  type faqInputSchema,
  type faqPatchSchema,
  type serviceInputSchema,
  type servicePatchSchema,
  type teamInputSchema,
  type teamPatchSchema,
  type townInputSchema,
  type townPatchSchema,
} from "./contract";
import type { z } from "zod";
import * as repo from "./repository";
import {
  changesBetween,
  publishedSiteSchema,
  snapshotOf,
  toFaq,
  toService,
  toTeamMember,
  toTown,
} from "./service-model";
import { ensureSiteContent } from "./service-seed";
import { businessPartOf, publishStatus } from "./service-publish";
import { siteBusiness } from "../business";
import { galleryDrafts } from "./service-gallery";

export async function getSite(ctx: ServiceContext): Promise<SiteContent> {
  await ensureSiteContent(ctx);
  const d = await repo.drafts(ctx.db);
  const current = await repo.currentPublication(ctx.db, { orPublishing: true });
  const live = await repo.currentPublication(ctx.db);
  const published = current ? publishedSiteSchema.parse(current.content) : null;
  const business = await siteBusiness(businessPartOf(current?.content), ctx.db);
  return {
    services: d.services.map(toService),
    faqs: d.faqs.map(toFaq),
    team: d.team.map(toTeamMember),
    towns: d.towns.map(toTown),
    gallery: await galleryDrafts(ctx),
    draftChanges: changesBetween(snapshotOf(d), published) + business.drafts.length,
    published: live ? { at: (live.liveAt ?? live.startedAt).toISOString(), by: live.publishedBy } : null,
    canRestore: live ? Boolean(await repo.liveBefore(live.id, ctx.db)) : false,
    status: await publishStatus(ctx),
    business,
  };
}

const notFound = (what: string) => new NotFound(`There is no such ${what}.`);

function slugTaken(slug: string): Invalid {
  return new Invalid("Please check the highlighted fields.", {
    fields: {
      name: `Another service already uses the address /services/${slug}. Please choose a different name.`,
    },
  });
}

export async function addService(
  body: z.output<typeof serviceInputSchema>,
  ctx: ServiceContext,
): Promise<SiteService> {
  const slug = slugOf(body.name);
  if (!slug) {
    throw new Invalid("Please check the highlighted fields.", {
      fields: { name: "The name needs some letters or numbers." },
    });
  }
  await ensureSiteContent(ctx);
  if (await repo.serviceBySlug(slug, ctx.db)) throw slugTaken(slug);
  try {
    const row = await inTransaction(ctx, async (tx) =>
      repo.insertService(
        {
          ...body,
          slug,
          page: { overview: [], typicalJobs: [], image: null, imageAlt: null },
          position: body.position ?? (await repo.nextPosition("services", tx)),
        },
        tx,
      ),
    );
    return toService(row);
  } catch (error) {
    if (pgErrorCode(error) === "23505") throw slugTaken(slug);
    throw error;
  }
}

export async function updateService(
  id: number,
  patch: z.output<typeof servicePatchSchema>,
  ctx: ServiceContext,
): Promise<SiteService> {
  const row = await repo.updateService(id, patch, ctx.db);
  if (!row) throw notFound("service");
  return toService(row);
}

export async function addFaq(body: z.output<typeof faqInputSchema>, ctx: ServiceContext): Promise<SiteFaq> {
  await ensureSiteContent(ctx);
  const position = body.position ?? (await repo.nextPosition("faqs", ctx.db));
  return toFaq(await repo.insertFaq({ ...body, position }, ctx.db));
}

export async function updateFaq(
  id: number,
  patch: z.output<typeof faqPatchSchema>,
  ctx: ServiceContext,
): Promise<SiteFaq> {
  const row = await repo.updateFaq(id, patch, ctx.db);
  if (!row) throw notFound("question");
  return toFaq(row);
}

export async function addTeamMember(
  body: z.output<typeof teamInputSchema>,
  ctx: ServiceContext,
): Promise<SiteTeamMember> {
  await ensureSiteContent(ctx);
  const position = body.position ?? (await repo.nextPosition("team", ctx.db));
  return toTeamMember(await repo.insertTeamMember({ ...body, position, image: null, sample: false }, ctx.db));
}

export async function updateTeamMember(
  id: number,
  patch: z.output<typeof teamPatchSchema>,
  ctx: ServiceContext,
): Promise<SiteTeamMember> {
  const body = patch;
  // Once the owner writes a person's name, role or bio, they are no longer the invented sample.
  const real = body.name !== undefined || body.role !== undefined || body.bio !== undefined;
  const row = await repo.updateTeamMember(id, { ...body, ...(real ? { sample: false } : {}) }, ctx.db);
  if (!row) throw notFound("team member");
  return toTeamMember(row);
}

/** A town outside the service area would contradict the radius the site states. */
function checkInArea(point: { latitude: number; longitude: number }): void {
  const miles = milesBetween(site.address.geo, point);
  if (miles > site.serviceArea.radiusMiles) {
    throw new Invalid("Please check the highlighted fields.", {
      fields: {
        latitude: `That place is ${Math.round(miles)} miles from ${site.address.locality}, outside the ${site.serviceArea.radiusMiles}-mile area the site covers.`,
      },
    });
  }
}

export async function addTown(
  body: z.output<typeof townInputSchema>,
  ctx: ServiceContext,
): Promise<SiteTown> {
  checkInArea(body);
  await ensureSiteContent(ctx);
  const position = body.position ?? (await repo.nextPosition("towns", ctx.db));
  return toTown(await repo.insertTown({ ...body, position }, ctx.db));
}

export async function updateTown(
  id: number,
  patch: z.output<typeof townPatchSchema>,
  ctx: ServiceContext,
): Promise<SiteTown> {
  const body = patch;
  if (body.latitude !== undefined || body.longitude !== undefined) {
    const [current] = (await repo.drafts(ctx.db)).towns.filter((t) => t.id === id);
    if (!current) throw notFound("town");
    checkInArea({
      latitude: body.latitude ?? current.latitude,
      longitude: body.longitude ?? current.longitude,
    });
  }
  const row = await repo.updateTown(id, body, ctx.db);
  if (!row) throw notFound("town");
  return toTown(row);
}
