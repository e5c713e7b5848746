/** The admin's settings (the password hash) and sessions. Part of the database schema (src/features/tables.ts). */
import { check, index, pgTable, serial, text, timestamp, uniqueIndex, sql } from "../../platform/db/orm";
import { timestamps } from "../../platform/db/columns";

export const adminSettings = pgTable(
  "admin_settings",
  {
    id: serial("id").primaryKey(),
    settingKey: text("setting_key").notNull(),
    settingValue: text("setting_value").notNull(),
    ...timestamps,
  },
  (t) => [
    check("admin_settings_setting_key_length", sql`char_length(${t.settingKey}) between 1 and 100`),
    uniqueIndex("admin_settings_setting_key_unique").on(t.settingKey),
  ],
).enableRLS();

/** Server-issued admin sessions. Only the SHA-256 of the token is stored. */
export const adminSessions = pgTable(
  "admin_sessions",
  {
    id: serial("id").primaryKey(),
    tokenHash: text("token_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("admin_sessions_token_hash_unique").on(t.tokenHash),
    index("admin_sessions_expires_at_idx").on(t.expiresAt),
  ],
).enableRLS();
