/** The audit log of the person tools (find, export, erase). Part of the database schema (src/features/tables.ts). */
import { check, index, integer, pgTable, serial, text, timestamp, sql } from "../../platform/db/orm";
import { sqlList } from "../../platform/db/columns";
import { requestActors } from "../requests/contract/states";

/**
 * What was done with personal data, and when: a person's data looked up, exported or erased, and
 * what the retention job deleted. Counts only; never an address, a name or any other data.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: serial("id").primaryKey(),
    action: text("action").notNull(),
    actor: text("actor").notNull(),
    itemCount: integer("item_count").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      "audit_log_action",
      sql`${t.action} in ('person_search', 'person_export', 'person_erase', 'retention')`,
    ),
    check("audit_log_actor", sql`${t.actor} in (${sqlList(requestActors)})`),
    index("audit_log_created_at_idx").on(t.createdAt),
  ],
).enableRLS();
