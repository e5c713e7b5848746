/**
 * Customers: one person across their requests, matched by e-mail address or UK phone number
 * (docs/decisions/038-customers.md). Part of the database schema (src/features/tables.ts). A request
 * points at its customer (form_submissions.customer_id); the matching itself is the database
 * function assign_customer(request_id), defined in the migration that added this table, so the live
 * path (src/features/customers/service.ts) and the backfill of older requests follow one rule.
 */
import { customType, check, index, pgTable, serial, text, timestamp, sql } from "../../platform/db/orm";
import { timestamps } from "../../platform/db/columns";
import { keyedTables } from "../../platform/db/keys";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * The UK postcode in the address, upper case without spaces ("KY1 2AB" is KY12AB); null when the
 * address holds none. The screens write it back with its space.
 */
const postcodeExpr = `upper(regexp_replace(substring("address" from '(?i)\\m[a-z]{1,2}[0-9][a-z0-9]? *[0-9][a-z]{2}\\M'), '\\s', '', 'g'))`;

/** What the customer search looks through by word: name, e-mail (whole and split), phone, address. */
const searchDocument = `"name" || ' ' || coalesce("email", '') || ' ' || translate(coalesce("email", ''), '@.', '  ') || ' ' || coalesce("phone", '') || ' ' || coalesce("phone_digits", '') || ' ' || coalesce("address", '')`;

export const customers = pgTable(
  keyedTables.customers,
  {
    id: serial("id").primaryKey(),
    /** As on their latest request. */
    name: text("name").notNull(),
    /** Lower case; null when no request of theirs gave one. */
    email: text("email"),
    /** As first typed, for display and tap-to-call. */
    phone: text("phone"),
    /** Digits only, +44 and 0044 written as 0, as form_submissions.phone_digits. */
    phoneDigits: text("phone_digits"),
    /** As on their latest request that gave one. */
    address: text("address"),
    postcode: text("postcode").generatedAlwaysAs(sql.raw(postcodeExpr)),
    /** The owner's own notes on the person (never shown to them). */
    notes: text("notes"),
    /** When their latest request arrived: the list's order. */
    lastActivityAt: timestamp("last_activity_at", { withTimezone: true }).notNull().defaultNow(),
    searchVector: tsvector("search_vector").generatedAlwaysAs(
      sql.raw(`to_tsvector('simple'::regconfig, ${searchDocument})`),
    ),
    ...timestamps,
  },
  (t) => [
    check("customers_name_length", sql`char_length(${t.name}) between 1 and 100`),
    check(
      "customers_email_lower",
      sql`${t.email} is null or (${t.email} = lower(${t.email}) and char_length(${t.email}) between 3 and 254)`,
    ),
    check("customers_phone_length", sql`${t.phone} is null or char_length(${t.phone}) between 1 and 30`),
    check("customers_address_length", sql`${t.address} is null or char_length(${t.address}) <= 300`),
    check("customers_notes_length", sql`${t.notes} is null or char_length(${t.notes}) between 1 and 2000`),
    index("customers_email_idx").on(t.email),
    // text_pattern_ops: a phone number or postcode typed in part matches as a prefix (LIKE 'x%').
    index("customers_phone_digits_idx").on(sql`${t.phoneDigits} text_pattern_ops`),
    index("customers_postcode_idx").on(sql`${t.postcode} text_pattern_ops`),
    index("customers_search_idx").using("gin", t.searchVector),
    index("customers_activity_idx").on(t.lastActivityAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
).enableRLS();
