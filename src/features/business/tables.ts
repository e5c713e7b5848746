/**
 * The owner's business details (docs/decisions/045-business-details.md). Part of the database
 * schema (src/features/tables.ts).
 *
 * One append-only table: every save is a new row holding the whole settings as they stood after it
 * (`settings`), what it changed (`changes`, field by field, before and after) and who saved it. The
 * newest row is what applies now; the row in force at an instant is the newest saved at or before
 * it, so a paper issued then is named and taxed as it was, whatever changes later. No row at all: the
 * defaults from src/config/site.ts apply. The settings are JSON so that the website's own facts
 * (phone, address, …) join the same resource later without a new table.
 */
import { check, index, integer, jsonb, pgTable, serial, sql, text, timestamp } from "../../platform/db/orm";

export const businessSettingsVersions = pgTable(
  "business_settings_versions",
  {
    id: serial("id").primaryKey(),
    settings: jsonb("settings").$type<Record<string, unknown>>().notNull(),
    changes: jsonb("changes").$type<{ field: string; from: unknown; to: unknown }[]>().notNull(),
    actor: text("actor").notNull(),
    /** The admin session that saved it (null when a script did). */
    sessionId: integer("session_id"),
    savedAt: timestamp("saved_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("business_settings_versions_settings", sql`jsonb_typeof(${t.settings}) = 'object'`),
    check("business_settings_versions_changes", sql`jsonb_typeof(${t.changes}) = 'array'`),
    check("business_settings_versions_actor", sql`${t.actor} in ('owner', 'system')`),
    index("business_settings_versions_saved_at_idx").on(t.savedAt),
  ],
).enableRLS();

/**
 * The public facts as each website version that went live stated them, newest last: written by the
 * website's publish when a version goes live (src/features/site-content/service-publish.ts), read
 * by every e-mail and function answer (`publishedPublicFacts`), so what they state is what the live
 * pages state, never a draft (docs/decisions/071-published-facts-everywhere.md). No row: nothing was
 * ever published, and the defaults of src/config/site.ts apply, as on a site built without a database.
 */
export const businessPublishedFacts = pgTable(
  "business_published_facts",
  {
    id: serial("id").primaryKey(),
    facts: jsonb("facts").$type<Record<string, unknown>>().notNull(),
    /** The website version (site_publications.id) that put them live. */
    publicationId: integer("publication_id").notNull(),
    liveAt: timestamp("live_at", { withTimezone: true }).notNull(),
  },
  (t) => [check("business_published_facts_facts", sql`jsonb_typeof(${t.facts}) = 'object'`)],
).enableRLS();
