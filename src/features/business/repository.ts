/**
 * business_settings_versions: every save of the business details, whole, newest last
 * (docs/decisions/045-business-details.md).
 *
 *   latestVersion()            the settings that apply now, or null before the first save
 *   versionAt(instant)         the settings in force at that instant, or null before the first save
 *   listVersions(limit)        the newest `limit` saves, newest first (the audit trail)
 *   insertVersion(row)         a new save
 *   firstIssuedInvoiceOn()     the date of the firm's first issued invoice or credit note, or null
 *
 * business_published_facts: the public facts of each website version that went live, newest last.
 *
 *   latestPublishedFacts()     the facts live now, or null before the first publish
 *   publishedFactsAt(instant)  the facts live at that instant, or null before the first publish
 *   insertPublishedFacts(row)  a version went live with these facts
 */
import { asc, desc, isNotNull, lte } from "../../platform/db/orm";
import { getDb, type Db } from "../../platform/db/client";
import { businessPublishedFacts, businessSettingsVersions, invoices } from "../tables";

export type BusinessVersionRow = typeof businessSettingsVersions.$inferSelect;
export type NewBusinessVersion = typeof businessSettingsVersions.$inferInsert;

export async function latestVersion(db: Db = getDb()): Promise<BusinessVersionRow | null> {
  const rows = await db
    .select()
    .from(businessSettingsVersions)
    .orderBy(desc(businessSettingsVersions.id))
    .limit(1);
  return rows[0] ?? null;
}

export async function versionAt(instant: Date, db: Db = getDb()): Promise<BusinessVersionRow | null> {
  const rows = await db
    .select()
    .from(businessSettingsVersions)
    .where(lte(businessSettingsVersions.savedAt, instant))
    .orderBy(desc(businessSettingsVersions.savedAt), desc(businessSettingsVersions.id))
    .limit(1);
  return rows[0] ?? null;
}

export async function listVersions(limit: number, db: Db = getDb()): Promise<BusinessVersionRow[]> {
  return db.select().from(businessSettingsVersions).orderBy(desc(businessSettingsVersions.id)).limit(limit);
}

export async function insertVersion(row: NewBusinessVersion, db: Db = getDb()): Promise<BusinessVersionRow> {
  const [inserted] = await db.insert(businessSettingsVersions).values(row).returning();
  return inserted!;
}

export async function firstIssuedInvoiceOn(db: Db = getDb()): Promise<string | null> {
  const rows = await db
    .select({ on: invoices.issuedOn })
    .from(invoices)
    .where(isNotNull(invoices.issuedOn))
    .orderBy(asc(invoices.issuedOn))
    .limit(1);
  return rows[0]?.on ?? null;
}

export type PublishedFactsRow = typeof businessPublishedFacts.$inferSelect;

export async function latestPublishedFacts(db: Db = getDb()): Promise<PublishedFactsRow | null> {
  const rows = await db
    .select()
    .from(businessPublishedFacts)
    .orderBy(desc(businessPublishedFacts.id))
    .limit(1);
  return rows[0] ?? null;
}

export async function publishedFactsAt(instant: Date, db: Db = getDb()): Promise<PublishedFactsRow | null> {
  const rows = await db
    .select()
    .from(businessPublishedFacts)
    .where(lte(businessPublishedFacts.liveAt, instant))
    .orderBy(desc(businessPublishedFacts.liveAt), desc(businessPublishedFacts.id))
    .limit(1);
  return rows[0] ?? null;
}

export async function insertPublishedFacts(
  row: typeof businessPublishedFacts.$inferInsert,
  db: Db = getDb(),
): Promise<void> {
  await db.insert(businessPublishedFacts).values(row);
}
