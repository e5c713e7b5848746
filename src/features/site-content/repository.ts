/**
 * All the SQL of the website's content: the four draft tables and the published versions
 * (./tables.ts). Plain objects out; `Db` (the database or a transaction) last.
 */
import type { Db } from "../../platform/db/client";
import { and, asc, desc, eq, inArray, lt, ne, sql } from "../../platform/db/orm";
import { siteFaqs, sitePublications, siteServices, siteTeam, siteTowns } from "./tables";
import { siteGallery } from "./tables-gallery";
import type { GalleryItemRecord } from "./repository-gallery";

export type ServiceRecord = typeof siteServices.$inferSelect;
export type ServiceInsert = typeof siteServices.$inferInsert;
export type FaqRecord = typeof siteFaqs.$inferSelect;
export type FaqInsert = typeof siteFaqs.$inferInsert;
export type TeamRecord = typeof siteTeam.$inferSelect;
export type TeamInsert = typeof siteTeam.$inferInsert;
export type TownRecord = typeof siteTowns.$inferSelect;
export type TownInsert = typeof siteTowns.$inferInsert;
/** A change: only the fields given (undefined ones are left alone). */
type Patch<T> = { [K in keyof T]?: T[K] | undefined };

export type PublicationRecord = typeof sitePublications.$inferSelect;

/** The four draft tables by the name the API uses. */
export const draftTables = {
  services: siteServices,
  faqs: siteFaqs,
  team: siteTeam,
  towns: siteTowns,
} as const;
export type DraftKind = keyof typeof draftTables;

export interface Drafts {
  services: ServiceRecord[];
  faqs: FaqRecord[];
  team: TeamRecord[];
  towns: TownRecord[];
  gallery: GalleryItemRecord[];
}

/** Every draft, each list in the owner's order. */
export async function drafts(db: Db): Promise<Drafts> {
  const [services, faqs, team, towns, gallery] = await Promise.all([
    db.select().from(siteServices).orderBy(asc(siteServices.position), asc(siteServices.id)),
    db.select().from(siteFaqs).orderBy(asc(siteFaqs.position), asc(siteFaqs.id)),
    db.select().from(siteTeam).orderBy(asc(siteTeam.position), asc(siteTeam.id)),
    db.select().from(siteTowns).orderBy(asc(siteTowns.position), asc(siteTowns.id)),
    db.select().from(siteGallery).orderBy(asc(siteGallery.position), asc(siteGallery.id)),
  ]);
  return { services, faqs, team, towns, gallery };
}

/** The next position at the end of a list. */
export async function nextPosition(kind: DraftKind, db: Db): Promise<number> {
  const table = draftTables[kind];
  const [row] = await db.select({ n: sql<number>`coalesce(max(${table.position}) + 1, 0)::int` }).from(table);
  return row?.n ?? 0;
}

export async function insertService(values: ServiceInsert, db: Db): Promise<ServiceRecord> {
  const [row] = await db.insert(siteServices).values(values).returning();
  return row!;
}

export async function updateService(
  id: number,
  values: Patch<ServiceInsert>,
  db: Db,
): Promise<ServiceRecord | undefined> {
  const [row] = await db
    .update(siteServices)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(siteServices.id, id))
    .returning();
  return row;
}

/** The service using this slug, other than `exceptId`. */
export async function serviceBySlug(slug: string, db: Db): Promise<ServiceRecord | undefined> {
  const [row] = await db.select().from(siteServices).where(eq(siteServices.slug, slug));
  return row;
}

export async function insertFaq(values: FaqInsert, db: Db): Promise<FaqRecord> {
  const [row] = await db.insert(siteFaqs).values(values).returning();
  return row!;
}

export async function updateFaq(
  id: number,
  values: Patch<FaqInsert>,
  db: Db,
): Promise<FaqRecord | undefined> {
  const [row] = await db
    .update(siteFaqs)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(siteFaqs.id, id))
    .returning();
  return row;
}

export async function insertTeamMember(values: TeamInsert, db: Db): Promise<TeamRecord> {
  const [row] = await db.insert(siteTeam).values(values).returning();
  return row!;
}

export async function updateTeamMember(
  id: number,
  values: Patch<TeamInsert>,
  db: Db,
): Promise<TeamRecord | undefined> {
  const [row] = await db
    .update(siteTeam)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(siteTeam.id, id))
    .returning();
  return row;
}

export async function insertTown(values: TownInsert, db: Db): Promise<TownRecord> {
  const [row] = await db.insert(siteTowns).values(values).returning();
  return row!;
}

export async function updateTown(
  id: number,
  values: Patch<TownInsert>,
  db: Db,
): Promise<TownRecord | undefined> {
  const [row] = await db
    .update(siteTowns)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(siteTowns.id, id))
    .returning();
  return row;
}

/** Replaces the FAQs, team and towns with these rows (ids kept), for a restore. */
export async function replaceDrafts(
  rows: { faqs: FaqInsert[]; team: TeamInsert[]; towns: TownInsert[] },
  db: Db,
): Promise<void> {
  await db.delete(siteFaqs);
  await db.delete(siteTeam);
  await db.delete(siteTowns);
  if (rows.faqs.length) await db.insert(siteFaqs).values(rows.faqs);
  if (rows.team.length) await db.insert(siteTeam).values(rows.team);
  if (rows.towns.length) await db.insert(siteTowns).values(rows.towns);
  // Rows put back with their old ids: new rows must number after them.
  for (const table of ["site_faqs", "site_team", "site_towns"]) {
    await db.execute(
      sql.raw(
        `select setval(pg_get_serial_sequence('${table}', 'id'), greatest((select coalesce(max(id), 0) from ${table}), 1))`,
      ),
    );
  }
}

/** Hides every service not in `keepIds` (a restore never deletes a service: its address stays). */
export async function hideServicesExcept(keepIds: number[], db: Db): Promise<void> {
  await db
    .update(siteServices)
    .set({ hidden: true, updatedAt: sql`now()` })
    .where(keepIds.length ? sql`${siteServices.id} not in ${keepIds}` : sql`true`);
}

export async function hasAnyContent(db: Db): Promise<boolean> {
  const [published] = await db.select({ id: sitePublications.id }).from(sitePublications).limit(1);
  if (published) return true;
  const [service] = await db.select({ id: siteServices.id }).from(siteServices).limit(1);
  return Boolean(service);
}

/** Serialises first-time setup between two callers (a transaction-scoped advisory lock). */
export async function lockSetup(db: Db): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('site_content_setup'))`);
}

export async function insertPublication(
  values: typeof sitePublications.$inferInsert,
  db: Db,
): Promise<PublicationRecord> {
  const [row] = await db.insert(sitePublications).values(values).returning();
  return row!;
}

export async function updatePublication(
  id: number,
  values: Partial<typeof sitePublications.$inferInsert>,
  db: Db,
): Promise<PublicationRecord | undefined> {
  const [row] = await db.update(sitePublications).set(values).where(eq(sitePublications.id, id)).returning();
  return row;
}

/** The newest version, whatever its state. */
export async function latestPublication(db: Db): Promise<PublicationRecord | undefined> {
  const [row] = await db.select().from(sitePublications).orderBy(desc(sitePublications.id)).limit(1);
  return row;
}

/** The newest version that went live (or, with `orPublishing`, that is being published). */
export async function currentPublication(
  db: Db,
  { orPublishing = false } = {},
): Promise<PublicationRecord | undefined> {
  const states = orPublishing ? ["live", "publishing"] : ["live"];
  const [row] = await db
    .select()
    .from(sitePublications)
    .where(inArray(sitePublications.state, states))
    .orderBy(desc(sitePublications.id))
    .limit(1);
  return row;
}

/** The live version before `id`. */
export async function liveBefore(id: number, db: Db): Promise<PublicationRecord | undefined> {
  const [row] = await db
    .select()
    .from(sitePublications)
    .where(and(eq(sitePublications.state, "live"), lt(sitePublications.id, id)))
    .orderBy(desc(sitePublications.id))
    .limit(1);
  return row;
}

export async function publishingNow(db: Db): Promise<PublicationRecord | undefined> {
  const [row] = await db.select().from(sitePublications).where(eq(sitePublications.state, "publishing"));
  return row;
}

/** Marks a publish that never heard back as failed. */
export async function failStalePublishing(before: Date, error: string, db: Db): Promise<void> {
  await db
    .update(sitePublications)
    .set({ state: "failed", error, finishedAt: sql`now()` })
    .where(and(eq(sitePublications.state, "publishing"), lt(sitePublications.startedAt, before)));
}

/** How many versions went live other than `id`. */
export async function otherLiveCount(id: number, db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(sitePublications)
    .where(and(eq(sitePublications.state, "live"), ne(sitePublications.id, id)));
  return row?.n ?? 0;
}
