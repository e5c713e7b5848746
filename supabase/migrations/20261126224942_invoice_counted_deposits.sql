ALTER TABLE "invoices" ADD COLUMN "counted_deposit_ids" integer[];--> statement-breakpoint
-- Drafts and invoices written before this column: the deposits their lines name, as issuing read them until now.
UPDATE "invoices" AS i SET "counted_deposit_ids" = coalesce((
  SELECT array_agg(d."id" ORDER BY d."id") FROM "invoices" AS d
  WHERE d."quote_id" = i."quote_id" AND d."kind" = 'deposit' AND d."number" IS NOT NULL AND d."status" <> 'void'
    AND EXISTS (SELECT 1 FROM "invoice_lines" AS l WHERE l."invoice_id" = i."id" AND position('(' || d."number" || ')' in l."description") > 0)
), '{}')
WHERE i."kind" IN ('full', 'balance') AND i."quote_id" IS NOT NULL;
