/**
 * admin_settings table: one value per key (the admin password hash lives here).
 *
 *   getSetting(key)                 the value, or null when the key is not stored
 *   upsertSetting(key, value)       insert or replace (one statement, `ON CONFLICT … DO UPDATE`)
 *   deleteSetting(key)              true when a row was deleted
 */
import { eq, sql } from "../../platform/db/orm";
import { getDb, type Db } from "../../platform/db/client";
import { adminSettings } from "../tables";

export async function getSetting(key: string, db: Db = getDb()): Promise<string | null> {
  const rows = await db
    .select({ value: adminSettings.settingValue })
    .from(adminSettings)
    .where(eq(adminSettings.settingKey, key))
    .limit(1);
  return rows[0]?.value ?? null;
}

export async function upsertSetting(key: string, value: string, db: Db = getDb()): Promise<void> {
  await db
    .insert(adminSettings)
    .values({ settingKey: key, settingValue: value })
    .onConflictDoUpdate({
      target: adminSettings.settingKey,
      set: { settingValue: value, updatedAt: sql`now()` },
    });
}

export async function deleteSetting(key: string, db: Db = getDb()): Promise<boolean> {
  const rows = await db
    .delete(adminSettings)
    .where(eq(adminSettings.settingKey, key))
    .returning({ id: adminSettings.id });
  return rows.length > 0;
}
