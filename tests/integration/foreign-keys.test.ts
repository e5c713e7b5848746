/**
 * Every foreign key of the schema, read back from the catalogue (pg_constraint) after the
 * migrations, on PGlite and on PostgreSQL (scripts/with-postgres.ts): its table and column, the
 * table and column it points at, and what a delete does. A lower feature's table names a higher
 * feature's key through src/platform/db/keys.ts instead of importing its table
 * (docs/decisions/073-no-feature-imports-a-higher-one.md); this list proves the database kept each
 * constraint as it was, and fails by name on one lost, added or changed.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getTableConfig } from "drizzle-orm/pg-core";
import * as schema from "../../src/features/tables";
import { useTestDatabase } from "../helpers/db";

const t = useTestDatabase();

type OnDelete = "cascade" | "set null" | "no action";
/** table.column -> referenced table.column, on delete. */
const expected: Record<string, [string, OnDelete]> = {
  "account_credit_uses.credit_id": ["account_credits.id", "cascade"],
  "account_credit_uses.payment_id": ["invoice_payments.id", "cascade"],
  "account_credits.invoice_id": ["invoices.id", "cascade"],
  "account_credits.payment_id": ["invoice_payments.id", "cascade"],
  "appointments.submission_id": ["form_submissions.id", "cascade"],
  "booking_details.submission_id": ["form_submissions.id", "cascade"],
  "customer_links.mail_id": ["mail_outbox.id", "set null"],
  "customer_links.submission_id": ["form_submissions.id", "cascade"],
  "form_submissions.customer_id": ["customers.id", "set null"],
  "gallery_consent_history.submission_id": ["form_submissions.id", "cascade"],
  "gallery_consents.submission_id": ["form_submissions.id", "cascade"],
  "invoice_lines.invoice_id": ["invoices.id", "cascade"],
  "invoice_links.invoice_id": ["invoices.id", "cascade"],
  "invoice_links.mail_id": ["mail_outbox.id", "set null"],
  "invoice_paid_pdfs.invoice_id": ["invoices.id", "cascade"],
  "invoice_payments.invoice_id": ["invoices.id", "no action"],
  "invoice_pdfs.invoice_id": ["invoices.id", "cascade"],
  "invoices.credited_invoice_id": ["invoices.id", "no action"],
  "invoices.quote_id": ["quotes.id", "set null"],
  "invoices.submission_id": ["form_submissions.id", "set null"],
  "mail_outbox.submission_id": ["form_submissions.id", "cascade"],
  "mail_outbox.testimonial_id": ["testimonials.id", "cascade"],
  "photos.submission_id": ["form_submissions.id", "cascade"],
  "push_outbox.submission_id": ["form_submissions.id", "cascade"],
  "push_outbox.subscription_id": ["push_subscriptions.id", "cascade"],
  "quote_lines.quote_id": ["quotes.id", "cascade"],
  "quotes.submission_id": ["form_submissions.id", "cascade"],
  "review_invitations.mail_id": ["mail_outbox.id", "set null"],
  "review_invitations.submission_id": ["form_submissions.id", "cascade"],
  "review_invitations.testimonial_id": ["testimonials.id", "set null"],
  "site_gallery.after_image_id": ["site_gallery_images.id", "no action"],
  "site_gallery.before_image_id": ["site_gallery_images.id", "no action"],
  "site_gallery.photo_image_id": ["site_gallery_images.id", "no action"],
  "site_gallery.submission_id": ["form_submissions.id", "set null"],
  "submission_history.submission_id": ["form_submissions.id", "cascade"],
  "submission_notes.submission_id": ["form_submissions.id", "cascade"],
};

const deleteRules: Record<string, OnDelete | "restrict" | "set default"> = {
  c: "cascade",
  n: "set null",
  a: "no action",
  r: "restrict",
  d: "set default",
};

interface Row {
  name: string;
  source: string;
  target: string;
  on_delete: string;
  validated: boolean;
}

/** Single-column foreign keys of the public schema, as the catalogue holds them. */
async function constraints(): Promise<Row[]> {
  const result = (await t.db.execute(sql`
    select c.conname as name,
      t.relname || '.' || (select string_agg(a.attname, ',') from pg_attribute a
        where a.attrelid = c.conrelid and a.attnum = any (c.conkey)) as source,
      f.relname || '.' || (select string_agg(a.attname, ',') from pg_attribute a
        where a.attrelid = c.confrelid and a.attnum = any (c.confkey)) as target,
      c.confdeltype as on_delete, c.convalidated as validated
    from pg_constraint c
    join pg_class t on t.oid = c.conrelid
    join pg_class f on f.oid = c.confrelid
    join pg_namespace n on n.oid = t.relnamespace
    where c.contype = 'f' and n.nspname = 'public'
    order by 2`)) as unknown as { rows: Row[] };
  return result.rows;
}

describe("foreign keys", () => {
  it("are all in the database, each pointing where it did, with its ON DELETE", async () => {
    const found = await constraints();
    const actual = Object.fromEntries(
      found.map((row) => [row.source, [row.target, deleteRules[row.on_delete] ?? row.on_delete]]),
    );
    expect(actual).toEqual(expected);
    // Each one checked against existing rows, under the name drizzle-kit gives it.
    for (const row of found) {
      expect(row.validated, row.name).toBe(true);
      const [table, column] = row.source.split(".");
      const [target, targetColumn] = row.target.split(".");
      expect(row.name).toBe(`${table}_${column}_${target}_${targetColumn}_fk`);
    }
  });

  it("are all declared in the schema drizzle-kit reads, so no generated migration drops one", () => {
    const declared: Record<string, [string, OnDelete]> = {};
    for (const value of Object.values(schema)) {
      if (!value || typeof value !== "object" || !("getSQL" in value)) continue;
      let config;
      try {
        config = getTableConfig(value as Parameters<typeof getTableConfig>[0]);
      } catch {
        continue;
      }
      for (const fk of config.foreignKeys) {
        const ref = fk.reference();
        const to = getTableConfig(ref.foreignTable).name;
        declared[`${config.name}.${ref.columns.map((c) => c.name).join(",")}`] = [
          `${to}.${ref.foreignColumns.map((c) => c.name).join(",")}`,
          (fk.onDelete ?? "no action") as OnDelete,
        ];
      }
    }
    expect(declared).toEqual(expected);
  });

  it("act on a delete: a request's mail goes with it, a removed customer leaves the request", async () => {
    const rows = async <T>(query: ReturnType<typeof sql>) =>
      ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
    const [customer] = await rows<{ id: number }>(
      sql`insert into customers (name, email) values ('Fk Test', 'fk-test@example.com') returning id`,
    );
    const [request] = await rows<{ id: number }>(sql`
      insert into form_submissions (name, email, message, form_type, customer_id)
      values ('Fk Test', 'fk-test@example.com', 'A dripping tap in the kitchen.', 'contact', ${customer!.id})
      returning id`);
    const mail = (submissionId: number) => sql`
      insert into mail_outbox (kind, submission_id, to_address, subject, text_body, html_body)
      values ('customer_confirmation', ${submissionId}, 'fk-test@example.com', 'S', 'T', '<p>T</p>')
      returning id`;
    const [queued] = await rows<{ id: number }>(mail(request!.id));
    // A key that points nowhere is refused (foreign_key_violation).
    await expect(t.db.execute(mail(request!.id + 1_000_000))).rejects.toMatchObject({
      cause: expect.objectContaining({ code: "23503" }),
    });
    await t.db.execute(sql`delete from customers where id = ${customer!.id}`);
    expect(await rows(sql`select customer_id from form_submissions where id = ${request!.id}`)).toEqual([
      { customer_id: null },
    ]);
    await t.db.execute(sql`delete from form_submissions where id = ${request!.id}`);
    expect(await rows(sql`select id from mail_outbox where id = ${queued!.id}`)).toEqual([]);
  });
});
