/** Bookings' preferred options, appointments, the owner's booking settings and blocked dates. Part of the database schema (src/features/tables.ts). */
import {
  boolean,
  check,
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
} from "../../platform/db/orm";
import { sqlList, timestamps } from "../../platform/db/columns";
import { appointmentStatuses } from "./contract/status";
import { windowIds } from "./contract/windows";
import { requests } from "../requests/tables";

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
      .references(() => requests.id, { onDelete: "cascade" }),
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
      .references(() => requests.id, { onDelete: "cascade" }),
    uid: text("uid").notNull(),
    sequence: integer("sequence").notNull().default(0),
    date: date("date", { mode: "string" }),
    window: text("window"),
    status: text("status").notNull(),
    /** The owner's words to the customer: a proposal's message, a decline's or cancellation's reason. */
    message: text("message"),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    reminderSentAt: timestamp("reminder_sent_at", { withTimezone: true }),
    /** When the owner recorded the visit as done (status `completed`). */
    completedAt: timestamp("completed_at", { withTimezone: true }),
    /**
     * On the day (docs/decisions/040-on-the-day.md): when the owner told the customer he was on the
     * way, and the arrival he last gave them ("on my way", then any "running late").
     */
    onMyWayAt: timestamp("on_my_way_at", { withTimezone: true }),
    etaAt: timestamp("eta_at", { withTimezone: true }),
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
    check("appointments_eta_with_on_my_way", sql`${t.etaAt} is null or ${t.onMyWayAt} is not null`),
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
 * Bank holidays the owner opened for work: a holiday on this list is offered like any working day
 * (src/features/appointments/holidays.ts). Removing the row blocks it again.
 */
export const holidayOpenings = pgTable("holiday_openings", {
  date: date("date", { mode: "string" }).primaryKey(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
}).enableRLS();
