ALTER TABLE "form_submissions" DROP CONSTRAINT "form_submissions_email_length";--> statement-breakpoint
ALTER TABLE "form_submissions" DROP CONSTRAINT "form_submissions_phone_length";--> statement-breakpoint
ALTER TABLE "form_submissions" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "form_submissions" ALTER COLUMN "phone" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "form_submissions" drop column "search_vector";--> statement-breakpoint
ALTER TABLE "form_submissions" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, "name" || ' ' || coalesce("email", '') || ' ' || translate(coalesce("email", ''), '@.', '  ') || ' ' || coalesce("phone", '') || ' ' || coalesce(regexp_replace(regexp_replace(regexp_replace("phone", '[^0-9+]', '', 'g'), '^(\+|00)44', '0'), '[^0-9]', '', 'g'), '') || ' ' || coalesce("address", '') || ' ' || "message") || to_tsvector('english'::regconfig, "name" || ' ' || coalesce("email", '') || ' ' || translate(coalesce("email", ''), '@.', '  ') || ' ' || coalesce("phone", '') || ' ' || coalesce(regexp_replace(regexp_replace(regexp_replace("phone", '[^0-9+]', '', 'g'), '^(\+|00)44', '0'), '[^0-9]', '', 'g'), '') || ' ' || coalesce("address", '') || ' ' || "message")) STORED;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD COLUMN "source" text DEFAULT 'web' NOT NULL;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_source" CHECK ("form_submissions"."source" in ('web', 'phone', 'email', 'walk_in', 'repeat'));--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_reachable" CHECK ("form_submissions"."email" is not null or "form_submissions"."phone" is not null);--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_email_length" CHECK ("form_submissions"."email" is null or char_length("form_submissions"."email") between 3 and 254);--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_phone_length" CHECK ("form_submissions"."phone" is null or char_length("form_submissions"."phone") between 1 and 30);--> statement-breakpoint
-- Dropping the generated column above dropped its index; the inbox search needs it back.
CREATE INDEX "form_submissions_search_idx" ON "form_submissions" USING gin ("search_vector");
