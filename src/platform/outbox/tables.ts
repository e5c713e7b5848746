/**
 * The platform's generic outbox (./outbox.ts, docs/decisions/048-card-payments-stripe.md): work that
 * was accepted and must be done once, even when the process that accepted it dies or the database is
 * slow. A row is stored first (in the transaction that accepts the work, or on its own), then a
 * worker claims it with a lease, does it and marks it done; a failure waits with backoff and, past
 * the caller's give-up rule, is marked failed for a person to look at.
 *
 * `topic` says whose work it is (e.g. `stripe.event`); `key` is the caller's idempotency key within
 * the topic (a provider's event id): storing the same key twice stores it once. Part of the schema
 * through src/features/tables.ts.
 */
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, sql } from "../db/orm";
import { sqlList } from "../db/columns";

export const outboxStatuses = ["pending", "done", "failed"] as const;
export type OutboxStatus = (typeof outboxStatuses)[number];

export const outboxItems = pgTable(
  "outbox_items",
  {
    id: serial("id").primaryKey(),
    topic: text("topic").notNull(),
    key: text("key").notNull(),
    payload: jsonb("payload").$type<unknown>().notNull(),
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    /** When it may next be claimed (now for new work; later after a failure or while leased). */
    availableAt: timestamp("available_at", { withTimezone: true }).notNull().defaultNow(),
    /** The last failure's error name and short message (never the payload). */
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp("done_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("outbox_items_topic_key_unique").on(t.topic, t.key),
    index("outbox_items_due_idx")
      .on(t.topic, t.availableAt)
      .where(sql`${t.status} = 'pending'`),
    check("outbox_items_status", sql`${t.status} in (${sqlList(outboxStatuses)})`),
    check("outbox_items_topic_length", sql`char_length(${t.topic}) between 1 and 100`),
    check("outbox_items_key_length", sql`char_length(${t.key}) between 1 and 255`),
    check(
      "outbox_items_last_error_length",
      sql`${t.lastError} is null or char_length(${t.lastError}) <= 500`,
    ),
  ],
).enableRLS();
