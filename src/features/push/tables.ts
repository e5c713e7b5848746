/** The owner's devices and the notifications waiting for them. Part of the schema (src/features/tables.ts). */
import {
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  sql,
} from "../../platform/db/orm";
import { sqlList, timestamps } from "../../platform/db/columns";
import { requestKey } from "../../platform/db/keys";
import { pushKinds } from "./contract/kinds";

/**
 * A browser the owner turned notifications on in: the push service's endpoint and the two keys
 * the browser made for it (RFC 8291), a name the owner can change, and how its last deliveries went.
 */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: serial("id").primaryKey(),
    endpoint: text("endpoint").notNull(),
    /** The browser's P-256 public key, base64url (65 bytes). */
    p256dh: text("p256dh").notNull(),
    /** The browser's authentication secret, base64url (16 bytes). */
    auth: text("auth").notNull(),
    name: text("name").notNull(),
    lastSuccessAt: timestamp("last_success_at", { withTimezone: true }),
    /** Attempts that failed in a row (0 after a delivery). */
    failures: integer("failures").notNull().default(0),
    lastError: text("last_error"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("push_subscriptions_endpoint_idx").on(t.endpoint),
    check("push_subscriptions_name", sql`char_length(${t.name}) between 1 and 60`),
    check("push_subscriptions_endpoint_len", sql`char_length(${t.endpoint}) <= 1000`),
  ],
).enableRLS();

/**
 * Push outbox: one row per notification and device, written in the same transaction as the event
 * it tells about (like mail_outbox). `event_key` groups the rows of one event, so the e-mail
 * fallback knows when no device got it. Deleting a device or a request deletes its rows.
 */
export const pushOutbox = pgTable(
  "push_outbox",
  {
    id: serial("id").primaryKey(),
    eventKey: text("event_key").notNull(),
    kind: text("kind").notNull(),
    subscriptionId: integer("subscription_id")
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: "cascade" }),
    submissionId: integer("submission_id").references(requestKey, { onDelete: "cascade" }),
    title: text("title").notNull(),
    body: text("body").notNull(),
    /** The admin address a tap opens, e.g. /admin/requests/42. */
    url: text("url").notNull(),
    urgency: text("urgency").notNull().default("normal"),
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    /** Due time; in quiet hours the next morning; while claimed, the end of the lease. */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check("push_outbox_status", sql`${t.status} in ('pending', 'sent', 'failed')`),
    check("push_outbox_urgency", sql`${t.urgency} in ('normal', 'high')`),
    check("push_outbox_kind", sql`${t.kind} in (${sqlList(pushKinds)})`),
    index("push_outbox_due_idx").on(t.status, t.nextAttemptAt),
    index("push_outbox_event_idx").on(t.eventKey),
    index("push_outbox_subscription_idx").on(t.subscriptionId),
    index("push_outbox_submission_idx").on(t.submissionId),
  ],
).enableRLS();
