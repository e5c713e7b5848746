/**
 * audit_log: what was done with personal data and when (a person looked up, exported or erased;
 * the retention job's deletes), with a count of items. Never the address or any other data.
 */
import { desc } from "../../platform/db/orm";
import type { RequestActor } from "../requests/contract/states";
import type { AdminAuditEntry } from "../requests/contract/endpoints";
import { getDb, type Db } from "../../platform/db/client";
import { auditLog } from "../tables";

export type AuditAction = AdminAuditEntry["action"];

export async function record(
  action: AuditAction,
  actor: RequestActor,
  itemCount: number,
  db: Db = getDb(),
): Promise<void> {
  await db.insert(auditLog).values({ action, actor, itemCount });
}

export async function listRecent(limit = 50, db: Db = getDb()): Promise<AdminAuditEntry[]> {
  const rows = await db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(limit);
  return rows.map((r) => ({
    id: r.id,
    action: r.action as AuditAction,
    actor: r.actor as RequestActor,
    itemCount: r.itemCount,
    createdAt: r.createdAt.toISOString(),
  }));
}
