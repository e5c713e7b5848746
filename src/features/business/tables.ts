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
