/**
 * The database schema: every feature's tables (src/features/<name>/tables.ts), gathered in the one
 * module drizzle-kit reads (drizzle.config.ts). SQL names are snake_case and TypeScript names
 * camelCase; Drizzle maps them in each tables file, once. Migrations in supabase/migrations/ are
 * generated from these with `npm run db:generate`.
 *
 * CHECK constraints repeat the limits in src/lib/form-fields/limits.ts so that no path into the
 * database (a bug, a script, the Supabase SQL editor) can store a row the API would refuse.
 * `char_length` counts code points, as the shared zod schemas do (src/lib/form-fields/text.ts).
 *
 * Row Level Security is enabled on every table with no policy at all: Supabase's public REST
 * endpoint (roles anon/authenticated) sees and changes nothing, while the functions connect as the
 * table owner, which RLS does not restrict.
 */
export * from "./requests/tables";
export * from "./reviews/tables";
export * from "./reviews/tables-invitations";
export * from "./appointments/tables";
export * from "./customer-page/tables";
export * from "./photos/tables";
export * from "./mail/tables";
export * from "./admin-auth/tables";
export * from "./rate-limits/tables";
export * from "./person-tools/tables";
export * from "./housekeeping/tables";
export * from "./quotes/tables";
export * from "./invoices/tables";
export * from "./push/tables";
export * from "./customers/tables";
export * from "./business/tables";
export * from "./site-content/tables";
export type { MailAttachment } from "../platform/mail/message";
export * from "./payments/tables";
export * from "../platform/outbox/tables";
export * from "./site-content/tables-gallery";
