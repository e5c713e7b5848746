/**
 * The primary keys that a lower feature's foreign keys point at in a higher feature's table
 * (docs/decisions/073-no-feature-imports-a-higher-one.md).
 *
 * A foreign key runs against the order between features: `mail_outbox.submission_id` points at a
 * request, yet requests queue mail, so mail sits below requests and may not import its tables. The
 * column and its constraint stay where they are (drizzle-kit still generates and keeps every
 * constraint, with its ON DELETE); what the lower table names is the key declared here, below
 * every feature. The owning feature builds its table with the same name (`keyedTables`), so the
 * two cannot drift apart.
 *
 * Each key is a one-column table object that drizzle-kit never sees as a table (it reads only what
 * src/features/tables.ts exports); a foreign key needs no more than the referenced table's name and
 * column. tests/integration/foreign-keys.test.ts reads every constraint back from the catalogue.
 */
import { pgTable, serial } from "./orm";

/** The SQL names of the tables other features' foreign keys point at. */
export const keyedTables = {
  requests: "form_submissions",
  customers: "customers",
  testimonials: "testimonials",
} as const;

const keyOf = (table: string) => pgTable(table, { id: serial("id").primaryKey() }).id;

/** `form_submissions.id`, a request (src/features/requests/tables.ts). */
export const requestKey = () => keyOf(keyedTables.requests);

/** `customers.id`, a customer (src/features/customers/tables.ts). */
export const customerKey = () => keyOf(keyedTables.customers);

/** `testimonials.id`, a review (src/features/reviews/tables.ts). */
export const testimonialKey = () => keyOf(keyedTables.testimonials);
