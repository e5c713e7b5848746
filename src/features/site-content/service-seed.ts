/**
 * The content a fresh install starts with: the services, FAQs, team and towns the site was written
 * with (src/data/*, src/config/site.ts), stored once as the drafts and published as version 1, so a
 * new site looks exactly as before until the owner changes something
 * (docs/decisions/050-site-content.md).
 */
import { site } from "../../config/site";
import { faqs } from "../../data/faqs";
import { services } from "../../data/services";
import { team } from "../../data/team";
import { inTransaction, type ServiceContext } from "../../platform/context";
import type { PriceBasis } from "./contract/rules";
import * as repo from "./repository";
import { businessPublishPart, recordPublishedFacts } from "../business";
import { snapshotOf } from "./service-model";

const basisByUnit: Record<string, PriceBasis> = {
  room: "per-room",
  hour: "per-hour",
  day: "per-day",
  project: "per-project",
  item: "per-item",
  "square foot": "per-square-foot",
  "square metre": "per-square-metre",
};

/** The first content, as rows to insert. */
export function firstContent() {
  return {
    services: services.map((s, position) => ({
      slug: s.id,
      name: s.title,
      summary: s.shortDescription,
      description: s.fullDescription,
      startingPricePence: s.fromPence,
      priceBasis: basisByUnit[s.per] ?? "fixed",
      icon: s.icon,
      process: s.process.map((p) => ({ title: p.title, description: p.description })),
      features: [...s.features],
      page: {
        overview: [...s.overview],
        typicalJobs: [...s.typicalJobs],
        image: s.image,
        imageAlt: s.imageAlt,
      },
      position,
    })),
    faqs: faqs.map((f, position) => ({ question: f.question, answer: f.answer, position })),
    team: team.map((m, position) => ({
      name: m.name,
      role: m.position,
      bio: m.bio,
      image: m.image,
      sample: m.sample,
      position,
    })),
    towns: site.serviceArea.towns.map((t, position) => ({ ...t, position })),
  };
}

/**
 * Stores the first content and publishes it as version 1 when the site has none yet. Safe to call
 * from every entry point: the first caller does it, under a lock; the rest find it done.
 */
export async function ensureSiteContent(ctx: ServiceContext): Promise<void> {
  if (await repo.hasAnyContent(ctx.db)) return;
  await inTransaction(ctx, async (tx) => {
    await repo.lockSetup(tx);
    if (await repo.hasAnyContent(tx)) return;
    const first = firstContent();
    for (const s of first.services) await repo.insertService(s, tx);
    for (const f of first.faqs) await repo.insertFaq(f, tx);
    for (const m of first.team) await repo.insertTeamMember(m, tx);
    for (const t of first.towns) await repo.insertTown(t, tx);
    const business = await businessPublishPart(tx);
    const version = await repo.insertPublication(
      {
        content: { ...snapshotOf(await repo.drafts(tx)), business },
        state: "live",
        publishedBy: "first install",
        startedAt: ctx.now,
        liveAt: ctx.now,
        finishedAt: ctx.now,
      },
      tx,
    );
    await recordPublishedFacts(version.id, business, ctx.now, tx);
  });
}
