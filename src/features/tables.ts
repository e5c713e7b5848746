/**
 * The database schema. SQL names are snake_case and
 * TypeScript names camelCase; Drizzle maps them here, once. Migrations in supabase/migrations/ are
 * generated from this file with `npm run db:generate`.
 *
 * CHECK constraints repeat the limits in src/lib/form-fields/limits.ts so that no path into the
 * database (a bug, a script, the Supabase SQL editor) can store a row the API would refuse.
 * `char_length` counts code points, as the shared zod schemas do (src/lib/form-fields/text.ts).
 *
 * Row Level Security is enabled on every table with no policy at all: Supabase's public REST
 * endpoint (roles anon/authenticated) sees and changes nothing, while the functions connect as the
 * table owner, which RLS does not restrict.
 */
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  sql,
} from "../platform/db/orm";
import { reviewRejectReasonIds } from "./reviews/contract/forms";
import { mailKinds } from "./mail/kinds";
import type { MailAttachment } from "../platform/mail/message";

export { mailKinds };
export type { MailAttachment };
import { appointmentStatuses } from "./appointments/contract/status";
import { windowIds } from "./appointments/contract/windows";
import { requestActors, requestStates } from "./requests/contract/states";

/** `'a', 'b', …` for a CHECK … IN (…) over a fixed list of names. */
const sqlList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));

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
const searchDocument = `"name" || ' ' || "email" || ' ' || translate("email", '@.', '  ') || ' ' || "phone" || ' ' || ${phoneDigitsExpr} || ' ' || coalesce("address", '') || ' ' || "message"`;
const searchVectorExpr = `to_tsvector('simple'::regconfig, ${searchDocument}) || to_tsvector('english'::regconfig, ${searchDocument})`;

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

export const testimonials = pgTable(
  "testimonials",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    location: text("location").notNull(),
    rating: smallint("rating").notNull(),
    text: text("text").notNull(),
    image: text("image"),
    approved: boolean("approved").notNull().default(false),
    idempotencyKey: text("idempotency_key"),
    ...timestamps,
    /**
     * Set only for a review that came through a review invitation (docs/decisions/020-verified-reviews.md):
     * when the job it is about was finished. Null for a review through the open form.
     */
    jobCompletedAt: timestamp("job_completed_at", { withTimezone: true }),
    /** Why and when the owner rejected it (a reason id from src/data/legal.ts); null unless rejected. */
    rejectedReason: text("rejected_reason"),
    rejectedAt: timestamp("rejected_at", { withTimezone: true }),
    /** The owner's one public reply, shown under the review as text. */
    replyText: text("reply_text"),
    replyUpdatedAt: timestamp("reply_updated_at", { withTimezone: true }),
  },
  (t) => [
    check("testimonials_rating_range", sql`${t.rating} between 1 and 5`),
    check("testimonials_name_length", sql`char_length(${t.name}) between 2 and 100`),
    check("testimonials_location_length", sql`char_length(${t.location}) between 2 and 100`),
    check("testimonials_text_length", sql`char_length(${t.text}) between 10 and 2000`),
    check(
      "testimonials_idempotency_key_length",
      sql`${t.idempotencyKey} is null or char_length(${t.idempotencyKey}) between 1 and 200`,
    ),
    check(
      "testimonials_rejected_reason",
      sql`${t.rejectedReason} is null or ${t.rejectedReason} in (${sqlList(reviewRejectReasonIds)})`,
    ),
    check("testimonials_rejection_complete", sql`(${t.rejectedReason} is null) = (${t.rejectedAt} is null)`),
    check("testimonials_rejected_not_approved", sql`not (${t.approved} and ${t.rejectedAt} is not null)`),
    check(
      "testimonials_reply_length",
      sql`${t.replyText} is null or char_length(${t.replyText}) between 1 and 2000`,
    ),
    check("testimonials_reply_complete", sql`(${t.replyText} is null) = (${t.replyUpdatedAt} is null)`),
    uniqueIndex("testimonials_idempotency_key_unique").on(t.idempotencyKey),
    index("testimonials_public_idx").on(
      t.approved,
      t.rating.desc().nullsFirst(),
      t.createdAt.desc().nullsFirst(),
    ),
  ],
).enableRLS();

export const formSubmissions = pgTable(
  "form_submissions",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    message: text("message").notNull(),
    formType: text("form_type").notNull(),
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
  },
  (t) => [
    check("form_submissions_form_type", sql`${t.formType} in ('contact', 'booking')`),
    check("form_submissions_state", sql`${t.state} in (${sqlList(requestStates)})`),
    check("form_submissions_name_length", sql`char_length(${t.name}) between 1 and 100`),
    check("form_submissions_email_length", sql`char_length(${t.email}) between 3 and 254`),
    check("form_submissions_phone_length", sql`char_length(${t.phone}) between 1 and 30`),
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
  ],
).enableRLS();

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

/**
 * Fixed-window rate-limit counters, keyed by bucket (e.g. "contact:<client hash>") and window start.
 * Kept in Postgres because function instances share nothing.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    bucket: text("bucket").notNull(),
    windowStart: bigint("window_start", { mode: "number" }).notNull(),
    hits: integer("hits").notNull().default(0),
  },
  (t) => [
    uniqueIndex("rate_limits_bucket_window_unique").on(t.bucket, t.windowStart),
    index("rate_limits_window_start_idx").on(t.windowStart),
  ],
).enableRLS();

/**
 * Transactional outbox for e-mail. A row is written in the same transaction as the
 * submission or review it tells about, so a request is never stored without its notification and
 * a mail outage never loses or fails a request. Delivery claims rows with a lease (next_attempt_at)
 * so two senders never send the same row at once. Deleting the submission or review deletes its
 * e-mails with it, pending (never sent) and sent copies alike (UK GDPR: nothing of a deleted
 * request stays behind).
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").notNull(),
    submissionId: integer("submission_id").references(() => formSubmissions.id, { onDelete: "cascade" }),
    testimonialId: integer("testimonial_id").references(() => testimonials.id, { onDelete: "cascade" }),
    toAddress: text("to_address").notNull(),
    toName: text("to_name").notNull().default(""),
    replyToAddress: text("reply_to_address"),
    replyToName: text("reply_to_name"),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body").notNull(),
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    /** Files sent with the message (an appointment's .ics), as `[{ filename, contentType, content }]`. */
    attachments: jsonb("attachments").$type<MailAttachment[]>(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check("mail_outbox_status", sql`${t.status} in ('pending', 'sent', 'failed')`),
    check("mail_outbox_kind", sql`${t.kind} in (${sqlList(mailKinds)})`),
    index("mail_outbox_due_idx").on(t.status, t.nextAttemptAt),
    index("mail_outbox_submission_idx").on(t.submissionId),
  ],
).enableRLS();

/**
 * One-time links inviting the customer of a finished job to review it
 * (docs/decisions/020-verified-reviews.md). Only the SHA-256 of the token is stored; the link in
 * the e-mail is the only copy of the token. `name` and `location` prefill the review form;
 * `job_completed_at` is when the request was marked done, shown on the review as "job completed
 * <month>". A link is spent once a review is stored through it (`used_at`, `testimonial_id`) and
 * refused after `expires_at`. Deleting the request deletes its invitations; deleting the review
 * leaves the invitation spent.
 */
export const reviewInvitations = pgTable(
  "review_invitations",
  {
    id: serial("id").primaryKey(),
    submissionId: integer("submission_id")
      .notNull()
      .references(() => formSubmissions.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    name: text("name").notNull(),
    location: text("location").notNull(),
    jobCompletedAt: timestamp("job_completed_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    testimonialId: integer("testimonial_id").references(() => testimonials.id, { onDelete: "set null" }),
    /** The e-mail that carried the link (its delivery status shows in the admin). */
    mailId: integer("mail_id").references(() => mailOutbox.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("review_invitations_token_hash_unique").on(t.tokenHash),
    index("review_invitations_submission_idx").on(t.submissionId),
    check("review_invitations_name_length", sql`char_length(${t.name}) <= 100`),
    check("review_invitations_location_length", sql`char_length(${t.location}) <= 100`),
  ],
).enableRLS();

/**
 * Photos attached to a contact message or booking request (docs/decisions/017-photos.md). The
 * images themselves live in Netlify Blobs (full size and thumbnail, re-encoded, no metadata); this
 * row holds what the admin needs to list and serve them. `id` is random and unguessable; an upload
 * has no submission until a form claims it, and unclaimed uploads are deleted after a day. Deleting
 * a submission deletes its photo rows (and the code deleting it removes the blobs).
 */
export const photos = pgTable(
  "photos",
  {
    id: text("id").primaryKey(),
    submissionId: integer("submission_id").references(() => formSubmissions.id, { onDelete: "cascade" }),
    blobKey: text("blob_key").notNull(),
    thumbKey: text("thumb_key").notNull(),
    bytes: integer("bytes").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    contentHash: text("content_hash").notNull(),
    format: text("format").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
  },
  (t) => [
    check("photos_id_format", sql`${t.id} ~ '^[A-Za-z0-9_-]{16,64}$'`),
    check("photos_format", sql`${t.format} in ('jpeg', 'webp')`),
    check("photos_bytes_positive", sql`${t.bytes} > 0`),
    check("photos_dimensions_positive", sql`${t.width} > 0 and ${t.height} > 0`),
    check("photos_claimed_consistent", sql`(${t.submissionId} is null) = (${t.claimedAt} is null)`),
    index("photos_submission_idx").on(t.submissionId),
    index("photos_unclaimed_idx")
      .on(t.createdAt)
      .where(sql`${t.submissionId} is null`),
  ],
).enableRLS();

/**
 * Every state change of a request: from (null for how it arrived), to, when, by whom, and an
 * optional note. Deleted with the request.
 */
export const submissionHistory = pgTable(
  "submission_history",
  {
    id: serial("id").primaryKey(),
    submissionId: integer("submission_id")
      .notNull()
      .references(() => formSubmissions.id, { onDelete: "cascade" }),
    fromState: text("from_state"),
    toState: text("to_state").notNull(),
    actor: text("actor").notNull(),
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
export const submissionNotes = pgTable(
  "submission_notes",
  {
    id: serial("id").primaryKey(),
    submissionId: integer("submission_id")
      .notNull()
      .references(() => formSubmissions.id, { onDelete: "cascade" }),
    body: text("body").notNull(),
    ...timestamps,
  },
  (t) => [
    check("submission_notes_body_length", sql`char_length(${t.body}) between 1 and 2000`),
    index("submission_notes_submission_idx").on(t.submissionId, t.id),
  ],
).enableRLS();

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

/**
 * Scheduled work that must happen at most once per period (the owner's daily digest, the daily
 * retention run): one row per job and key (e.g. the London date), claimed in the job's transaction.
 */
export const jobRuns = pgTable(
  "job_runs",
  {
    job: text("job").notNull(),
    runKey: text("run_key").notNull(),
    outcome: text("outcome").notNull().default("started"),
    ranAt: timestamp("ran_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("job_runs_job_key_unique").on(t.job, t.runKey),
    check("job_runs_outcome_length", sql`char_length(${t.outcome}) between 1 and 200`),
  ],
).enableRLS();

/**
 * What a booking asked for beyond the contact fields: one to three preferred options (a date and an
 * arrival window each), whether it is urgent, and access notes. One row per booking, deleted with it
 * (docs/decisions/018-appointments-stored.md).
 */
export const bookingDetails = pgTable(
  "booking_details",
  {
    submissionId: integer("submission_id")
      .primaryKey()
      .references(() => formSubmissions.id, { onDelete: "cascade" }),
    /** `[{ "date": "YYYY-MM-DD", "window": "morning" | "afternoon" | "any" }]`, in the customer's order. */
    preferredOptions: jsonb("preferred_options").$type<{ date: string; window: string }[]>().notNull(),
    urgent: boolean("urgent").notNull().default(false),
    accessNotes: text("access_notes"),
  },
  (t) => [
    check(
      "booking_details_options_count",
      sql`jsonb_typeof(${t.preferredOptions}) = 'array' and jsonb_array_length(${t.preferredOptions}) between 1 and 3`,
    ),
    check(
      "booking_details_access_notes_length",
      sql`${t.accessNotes} is null or char_length(${t.accessNotes}) between 1 and 500`,
    ),
  ],
).enableRLS();

/**
 * An appointment for a request: a date and an arrival window in Europe/London
 * (docs/decisions/014-appointments-and-calendar.md). `proposed` (the owner offered a time) and
 * `confirmed` are live; a request has at most one live appointment (the partial unique index), so
 * two confirmations racing from two tabs leave one. The UID stays for the appointment's life and
 * SEQUENCE goes up on every change sent to the customer, so their calendar updates one event.
 * A declined booking keeps a row with the reason and no date.
 */
export const appointments = pgTable(
  "appointments",
  {
    id: serial("id").primaryKey(),
    submissionId: integer("submission_id")
      .notNull()
      .references(() => formSubmissions.id, { onDelete: "cascade" }),
    uid: text("uid").notNull(),
    sequence: integer("sequence").notNull().default(0),
    date: date("date", { mode: "string" }),
    window: text("window"),
    status: text("status").notNull(),
    /** The owner's words to the customer: a proposal's message, a decline's or cancellation's reason. */
    message: text("message"),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    reminderSentAt: timestamp("reminder_sent_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("appointments_uid_unique").on(t.uid),
    uniqueIndex("appointments_one_live_per_request")
      .on(t.submissionId)
      .where(sql`${t.status} in ('proposed', 'confirmed')`),
    check("appointments_status", sql`${t.status} in (${sqlList(appointmentStatuses)})`),
    check("appointments_window", sql`${t.window} is null or ${t.window} in (${sqlList(windowIds)})`),
    check(
      "appointments_date_when_live",
      sql`${t.status} = 'declined' or (${t.date} is not null and ${t.window} is not null)`,
    ),
    check("appointments_sequence", sql`${t.sequence} >= 0`),
    check(
      "appointments_message_length",
      sql`${t.message} is null or char_length(${t.message}) between 1 and 1000`,
    ),
    index("appointments_date_idx").on(t.date, t.status),
    index("appointments_submission_idx").on(t.submissionId, t.id),
  ],
).enableRLS();

/**
 * The owner's booking settings: one row (id 1). A null column means "the site config's default"
 * (src/config/site.ts, `booking` and `hours.weekly`). The private calendar feed's secret is stored
 * only as its SHA-256.
 */
export const bookingSettings = pgTable(
  "booking_settings",
  {
    id: smallint("id").primaryKey().default(1),
    /** Worked weekdays (0 = Sunday … 6 = Saturday), or null for the config's weekly hours. */
    workingDays: jsonb("working_days").$type<number[]>(),
    dailyCap: integer("daily_cap"),
    minimumNoticeWorkingDays: integer("minimum_notice_working_days"),
    horizonWeeks: integer("horizon_weeks"),
    calendarFeedHash: text("calendar_feed_hash"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("booking_settings_single_row", sql`${t.id} = 1`),
    check("booking_settings_daily_cap", sql`${t.dailyCap} is null or ${t.dailyCap} between 0 and 20`),
    check(
      "booking_settings_notice",
      sql`${t.minimumNoticeWorkingDays} is null or ${t.minimumNoticeWorkingDays} between 0 and 30`,
    ),
    check("booking_settings_horizon", sql`${t.horizonWeeks} is null or ${t.horizonWeeks} between 1 and 52`),
  ],
).enableRLS();

/** Dates the owner does not work (holidays), with an optional label customers see. */
export const blockedDates = pgTable(
  "blocked_dates",
  {
    date: date("date", { mode: "string" }).primaryKey(),
    label: text("label"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("blocked_dates_label_length", sql`${t.label} is null or char_length(${t.label}) between 1 and 100`),
  ],
).enableRLS();

/**
 * Private links to a request's own page (docs/decisions/019-customer-page.md). Only the SHA-256 of
 * a token is stored; a request has one per customer e-mail that carried a link. `mail_id` is the
 * outbox row that carried it, so the admin can say which e-mail sent it and when. Deleted with the
 * request.
 */
export const customerLinks = pgTable(
  "customer_links",
  {
    id: serial("id").primaryKey(),
    submissionId: integer("submission_id")
      .notNull()
      .references(() => formSubmissions.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    mailId: integer("mail_id").references(() => mailOutbox.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("customer_links_token_hash_unique").on(t.tokenHash),
    index("customer_links_submission_idx").on(t.submissionId, t.id),
    check("customer_links_token_hash_format", sql`${t.tokenHash} ~ '^[0-9a-f]{64}$'`),
  ],
).enableRLS();
