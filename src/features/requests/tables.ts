/** Requests (contact messages and booking requests), their history and the owner's notes. Part of the database schema (src/features/tables.ts). */
import {
  customType,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  sql,
} from "../../platform/db/orm";
import { sqlList, timestamps } from "../../platform/db/columns";
import type { Actor } from "../../platform/context";
import { requestActors, requestSources } from "./contract/states";
import { requestStates } from "./contract/states";
import { customerKey, keyedTables } from "../../platform/db/keys";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * A phone number as digits only, with a leading +44 or 0044 written as 0, so "07700 900123",
 * "07700900123" and "+44 7700 900123" are one value. src/features/requests/repository-search.ts
 * normalises what the owner types the same way.
 */
const phoneDigitsExpr = `regexp_replace(regexp_replace(regexp_replace("phone", '[^0-9+]', '', 'g'), '^(\\+|00)44', '0'), '[^0-9]', '', 'g')`;

/**
 * What the inbox search looks through: name, e-mail (whole, and split at @ and dots), phone (as
 * typed and as digits), address and message, twice: with the 'simple' configuration (no
 * stemming: names, towns, numbers) and with English stemming ("painted" finds "painting").
 */
const searchDocument = `"name" || ' ' || coalesce("email", '') || ' ' || translate(coalesce("email", ''), '@.', '  ') || ' ' || coalesce("phone", '') || ' ' || coalesce(${phoneDigitsExpr}, '') || ' ' || coalesce("address", '') || ' ' || "message"`;
const searchVectorExpr = `to_tsvector('simple'::regconfig, ${searchDocument}) || to_tsvector('english'::regconfig, ${searchDocument})`;

export const requests = pgTable(
  keyedTables.requests,
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    /** Either may be missing on a job the owner added by hand, never both (the customer must be reachable). */
    email: text("email"),
    phone: text("phone"),
    message: text("message").notNull(),
    formType: text("form_type").notNull(),
    /** How it arrived (src/features/requests/contract/states.ts `requestSources`). */
    source: text("source").notNull().default("web"),
    address: text("address"),
    service: text("service"),
    submittedAt: timestamp("submitted_at", { withTimezone: true }).notNull().defaultNow(),
    isRead: boolean("is_read").notNull().default(false),
    idempotencyKey: text("idempotency_key"),
    ...timestamps,
    /** Where the request is in its lifecycle (src/features/requests/contract/states.ts). */
    state: text("state").notNull().default("new"),
    /** When `state` last changed; for a closed request, when it was closed (retention counts from it). */
    stateChangedAt: timestamp("state_changed_at", { withTimezone: true }).notNull().defaultNow(),
    /** Hidden from the default inbox view when set; never deletes anything. */
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    phoneDigits: text("phone_digits").generatedAlwaysAs(sql.raw(phoneDigitsExpr)),
    searchVector: tsvector("search_vector").generatedAlwaysAs(sql.raw(searchVectorExpr)),
    /** The person behind the request (src/features/customers/tables.ts); set as it is stored. */
    customerId: integer("customer_id").references(customerKey, { onDelete: "set null" }),
    /**
     * When the owner anonymised it: the customer's details are gone, the request stays for the
     * invoices it carries (docs/decisions/046-after-the-work.md). No longer reachable then.
     */
    anonymisedAt: timestamp("anonymised_at", { withTimezone: true }),
  },
  (t) => [
    check("form_submissions_form_type", sql`${t.formType} in ('contact', 'booking')`),
    check("form_submissions_state", sql`${t.state} in (${sqlList(requestStates)})`),
    check("form_submissions_name_length", sql`char_length(${t.name}) between 1 and 100`),
    check("form_submissions_source", sql`${t.source} in (${sqlList(requestSources)})`),
    check(
      "form_submissions_reachable",
      sql`${t.email} is not null or ${t.phone} is not null or ${t.anonymisedAt} is not null`,
    ),
    check(
      "form_submissions_email_length",
      sql`${t.email} is null or char_length(${t.email}) between 3 and 254`,
    ),
    check(
      "form_submissions_phone_length",
      sql`${t.phone} is null or char_length(${t.phone}) between 1 and 30`,
    ),
    check("form_submissions_message_length", sql`char_length(${t.message}) between 1 and 5000`),
    check("form_submissions_address_length", sql`${t.address} is null or char_length(${t.address}) <= 300`),
    check("form_submissions_service_length", sql`${t.service} is null or char_length(${t.service}) <= 100`),
    check(
      "form_submissions_booking_fields",
      sql`${t.formType} <> 'booking' or (${t.address} is not null and ${t.service} is not null)`,
    ),
    check(
      "form_submissions_idempotency_key_length",
      sql`${t.idempotencyKey} is null or char_length(${t.idempotencyKey}) between 1 and 200`,
    ),
    uniqueIndex("form_submissions_idempotency_key_unique").on(t.idempotencyKey),
    // Keyset pagination: (submitted_at, id) in either direction, overall and within one state.
    index("form_submissions_inbox_idx").on(t.submittedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("form_submissions_state_idx").on(
      t.state,
      t.submittedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("form_submissions_state_changed_idx").on(t.state, t.stateChangedAt),
    index("form_submissions_unread_idx").on(t.isRead),
    index("form_submissions_search_idx").using("gin", t.searchVector),
    index("form_submissions_phone_digits_idx").on(t.phoneDigits),
    index("form_submissions_email_lower_idx").on(sql`lower(${t.email})`),
    index("form_submissions_customer_idx").on(t.customerId, t.submittedAt),
  ],
).enableRLS();

/**
 * Every state change of a request: from (null for how it arrived), to, when, by whom, and an
 * optional note. Deleted with the request.
 */
export const requestHistory = pgTable(
  "submission_history",
  {
    id: serial("id").primaryKey(),
    submissionId: integer("submission_id")
      .notNull()
      .references(() => requests.id, { onDelete: "cascade" }),
    fromState: text("from_state"),
    toState: text("to_state").notNull(),
    /** The actor's role: owner, customer, website or system. */
    actor: text("actor").notNull(),
    /** Who exactly (src/platform/context.ts `Actor`): which job, link, form or member of staff. */
    actedBy: jsonb("acted_by").$type<Actor>(),
    note: text("note"),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      "submission_history_from_state",
      sql`${t.fromState} is null or ${t.fromState} in (${sqlList(requestStates)})`,
    ),
    check("submission_history_to_state", sql`${t.toState} in (${sqlList(requestStates)})`),
    check("submission_history_actor", sql`${t.actor} in (${sqlList(requestActors)})`),
    check(
      "submission_history_note_length",
      sql`${t.note} is null or char_length(${t.note}) between 1 and 1000`,
    ),
    index("submission_history_submission_idx").on(t.submissionId, t.id),
  ],
).enableRLS();

/** The owner's private notes on a request; never shown to the customer. Deleted with the request. */
export const requestNotes = pgTable(
  "submission_notes",
  {
    id: serial("id").primaryKey(),
    submissionId: integer("submission_id")
      .notNull()
      .references(() => requests.id, { onDelete: "cascade" }),
    body: text("body").notNull(),
    ...timestamps,
  },
  (t) => [
    check("submission_notes_body_length", sql`char_length(${t.body}) between 1 and 2000`),
    index("submission_notes_submission_idx").on(t.submissionId, t.id),
  ],
).enableRLS();
