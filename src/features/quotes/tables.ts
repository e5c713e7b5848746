/**
 * Quotes, their lines and the owner's price list (docs/decisions/029-quotes.md). Part of the
 * database schema (src/features/tables.ts). Money is whole pence, a quantity whole hundredths
 * (2.5 is 250) and a VAT rate hundredths of a percent (20% is 2000), so nothing is a float. The
 * CHECK constraints repeat the contract's limits (src/features/quotes/contract/rules.ts).
 */
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
import { maxStartWithinWorkingDays, quoteStatuses } from "./contract/rules";
import { requests } from "../requests/tables";
import { documentLineChecks, documentLineColumns, vatRateCheck, vatRateColumn } from "../billing/tables";
import type { Hundredths } from "../billing/contract/hundredths";

/** What an acceptance keeps as evidence; written once with the acceptance and never changed. */
export interface AcceptanceEvidence {
  /** ISO instant of the acceptance. */
  at: string;
  /** The lines exactly as shown: description, quantity, unit price, VAT rate, optional, chosen. */
  lines: {
    id: number;
    description: string;
    quantityHundredths: Hundredths;
    unitPence: number;
    vatRateHundredths: Hundredths | null;
    optional: boolean;
    chosen: boolean;
    netPence: number;
  }[];
  optionalLinesChosen: number[];
  netPence: number;
  vatByRate: { rate: number; netPence: number; vatPence: number }[];
  vatPence: number;
  totalPence: number;
  depositPence: number;
  expressStart: boolean;
  urgentRepair: boolean;
  /** Last day to cancel (YYYY-MM-DD, Europe/London); null for an urgent repair. */
  cancelUntil: string | null;
  /** SHA-256 (hex) of the rendered pre-contract and terms text the customer was shown. */
  termsHash: string;
  /** The valid-until date the quote carried. */
  validUntil: string;
  /**
   * How the customer accepted: on the request's page (absent on acceptances stored before this
   * field), or told the owner by phone or in person, who recorded it.
   */
  method?: AcceptanceMethod;
  /** Who recorded it: the customer on the page, or the owner for a verbal acceptance. */
  recordedBy?: "customer" | "owner";
  /** A verbal acceptance: the name of the person who accepted, as the owner wrote it. */
  acceptedBy?: string | null;
  /** A verbal acceptance: when the owner recorded it (ISO instant); `at` is when it was given. */
  recordedAt?: string;
}

/** How a quote was accepted. */
export type AcceptanceMethod = "page" | "phone" | "in_person";

/**
 * One version of a request's quote. Versions of one request share its number and count up; at
 * most one version is live (draft, sent or viewed) at a time. An acceptance's evidence is a JSON
 * document written with the acceptance; the cancellation columns are filled once, beside it.
 */
export const quotes = pgTable(
  "quotes",
  {
    id: serial("id").primaryKey(),
    submissionId: integer("submission_id")
      .notNull()
      .references(() => requests.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    status: text("status").notNull().default("draft"),
    /** The VAT setting the quote was written under: its prices are ex-VAT when true. */
    vatRegistered: boolean("vat_registered").notNull(),
    note: text("note"),
    validUntil: date("valid_until", { mode: "string" }).notNull(),
    depositPence: integer("deposit_pence"),
    /** A percentage deposit in hundredths of a percent (10% is 1000). */
    depositPercentHundredths: integer("deposit_percent_hundredths").$type<Hundredths>(),
    urgentRepair: boolean("urgent_repair").notNull().default(false),
    /** When the work will be done (docs/decisions/045-business-details.md): a start date… */
    startDate: date("start_date", { mode: "string" }),
    /** …or a promise to start within this many working days of acceptance (not both). */
    startWithinWorkingDays: smallint("start_within_working_days"),
    /** Without the optional lines, as last computed from the lines (for lists and the digest). */
    totalPence: integer("total_pence").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    viewedAt: timestamp("viewed_at", { withTimezone: true }),
    /** When it left the live statuses (accepted, declined, expired, superseded, cancelled). */
    closedAt: timestamp("closed_at", { withTimezone: true }),
    followUpSentAt: timestamp("follow_up_sent_at", { withTimezone: true }),
    declineReason: text("decline_reason"),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptance: jsonb("acceptance").$type<AcceptanceEvidence>(),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    cancelledBy: text("cancelled_by"),
    cancelReason: text("cancel_reason"),
    /** Owed for work done before a cancellation (started early at the customer's request). */
    amountOwedPence: integer("amount_owed_pence"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("quotes_submission_version_unique").on(t.submissionId, t.version),
    uniqueIndex("quotes_one_live_per_request")
      .on(t.submissionId)
      .where(sql`${t.status} in ('draft', 'sent', 'viewed')`),
    index("quotes_open_idx").on(t.status, t.validUntil),
    check("quotes_status", sql`${t.status} in (${sqlList(quoteStatuses)})`),
    check("quotes_version_positive", sql`${t.version} >= 1`),
    check(
      "quotes_work_start",
      sql`(${t.startDate} is null or ${t.startWithinWorkingDays} is null) and (${t.startWithinWorkingDays} is null or ${t.startWithinWorkingDays} between 1 and ${sql.raw(String(maxStartWithinWorkingDays))})`,
    ),
    check("quotes_note_length", sql`${t.note} is null or char_length(${t.note}) between 1 and 2000`),
    check(
      "quotes_deposit",
      sql`(${t.depositPence} is null or ${t.depositPence} >= 0) and (${t.depositPercentHundredths} is null or ${t.depositPercentHundredths} between 1 and 10000) and (${t.depositPence} is null or ${t.depositPercentHundredths} is null)`,
    ),
    check(
      "quotes_decline_reason_length",
      sql`${t.declineReason} is null or char_length(${t.declineReason}) between 1 and 1000`,
    ),
    check(
      "quotes_cancel_reason_length",
      sql`${t.cancelReason} is null or char_length(${t.cancelReason}) between 1 and 1000`,
    ),
    check("quotes_cancelled_by", sql`${t.cancelledBy} is null or ${t.cancelledBy} in ('customer', 'owner')`),
    check("quotes_amount_owed", sql`${t.amountOwedPence} is null or ${t.amountOwedPence} >= 0`),
    check(
      "quotes_accepted_has_evidence",
      sql`${t.status} not in ('accepted', 'cancelled') or ${t.acceptance} is not null`,
    ),
  ],
).enableRLS();

/** A line of one quote version, in order. */
export const quoteLines = pgTable(
  "quote_lines",
  {
    id: serial("id").primaryKey(),
    quoteId: integer("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    ...documentLineColumns(),
    optional: boolean("optional").notNull().default(false),
  },
  (t) => [
    uniqueIndex("quote_lines_position_unique").on(t.quoteId, t.position),
    ...documentLineChecks("quote_lines", t, { maxPosition: 99, unitPence: [0, 10_000_000] }),
  ],
).enableRLS();

/** The owner's usual items and labour rates; one tap adds one as a quote line. */
export const priceListItems = pgTable(
  "price_list_items",
  {
    id: serial("id").primaryKey(),
    description: text("description").notNull(),
    unitPence: integer("unit_pence").notNull(),
    unit: text("unit"),
    vatRateHundredths: vatRateColumn(),
    ...timestamps,
  },
  (t) => [
    check("price_list_items_description_length", sql`char_length(${t.description}) between 1 and 500`),
    check("price_list_items_unit_pence", sql`${t.unitPence} between 0 and 10000000`),
    check("price_list_items_unit_length", sql`${t.unit} is null or char_length(${t.unit}) between 1 and 30`),
    vatRateCheck("price_list_items_vat_rate", t.vatRateHundredths),
  ],
).enableRLS();
