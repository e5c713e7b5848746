CREATE TABLE "price_list_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"unit_pence" integer NOT NULL,
	"unit" text,
	"vat_rate_hundredths" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_list_items_description_length" CHECK (char_length("price_list_items"."description") between 1 and 500),
	CONSTRAINT "price_list_items_unit_pence" CHECK ("price_list_items"."unit_pence" between 0 and 10000000),
	CONSTRAINT "price_list_items_unit_length" CHECK ("price_list_items"."unit" is null or char_length("price_list_items"."unit") between 1 and 30),
	CONSTRAINT "price_list_items_vat_rate" CHECK ("price_list_items"."vat_rate_hundredths" is null or "price_list_items"."vat_rate_hundredths" between 0 and 10000)
);
--> statement-breakpoint
ALTER TABLE "price_list_items" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "quote_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"quote_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"description" text NOT NULL,
	"quantity_hundredths" integer NOT NULL,
	"unit_pence" integer NOT NULL,
	"vat_rate_hundredths" integer,
	"optional" boolean DEFAULT false NOT NULL,
	CONSTRAINT "quote_lines_position" CHECK ("quote_lines"."position" between 0 and 99),
	CONSTRAINT "quote_lines_description_length" CHECK (char_length("quote_lines"."description") between 1 and 500),
	CONSTRAINT "quote_lines_quantity" CHECK ("quote_lines"."quantity_hundredths" between 1 and 1000000),
	CONSTRAINT "quote_lines_unit_pence" CHECK ("quote_lines"."unit_pence" between 0 and 10000000),
	CONSTRAINT "quote_lines_vat_rate" CHECK ("quote_lines"."vat_rate_hundredths" is null or "quote_lines"."vat_rate_hundredths" between 0 and 10000)
);
--> statement-breakpoint
ALTER TABLE "quote_lines" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" serial PRIMARY KEY NOT NULL,
	"submission_id" integer NOT NULL,
	"version" integer NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"vat_registered" boolean NOT NULL,
	"note" text,
	"valid_until" date NOT NULL,
	"deposit_pence" integer,
	"deposit_percent_hundredths" integer,
	"urgent_repair" boolean DEFAULT false NOT NULL,
	"total_pence" integer NOT NULL,
	"sent_at" timestamp with time zone,
	"viewed_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"follow_up_sent_at" timestamp with time zone,
	"decline_reason" text,
	"accepted_at" timestamp with time zone,
	"acceptance" jsonb,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" text,
	"cancel_reason" text,
	"amount_owed_pence" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotes_status" CHECK ("quotes"."status" in ('draft', 'sent', 'viewed', 'accepted', 'declined', 'expired', 'superseded', 'cancelled')),
	CONSTRAINT "quotes_version_positive" CHECK ("quotes"."version" >= 1),
	CONSTRAINT "quotes_note_length" CHECK ("quotes"."note" is null or char_length("quotes"."note") between 1 and 2000),
	CONSTRAINT "quotes_deposit" CHECK (("quotes"."deposit_pence" is null or "quotes"."deposit_pence" >= 0) and ("quotes"."deposit_percent_hundredths" is null or "quotes"."deposit_percent_hundredths" between 1 and 10000) and ("quotes"."deposit_pence" is null or "quotes"."deposit_percent_hundredths" is null)),
	CONSTRAINT "quotes_decline_reason_length" CHECK ("quotes"."decline_reason" is null or char_length("quotes"."decline_reason") between 1 and 1000),
	CONSTRAINT "quotes_cancel_reason_length" CHECK ("quotes"."cancel_reason" is null or char_length("quotes"."cancel_reason") between 1 and 1000),
	CONSTRAINT "quotes_cancelled_by" CHECK ("quotes"."cancelled_by" is null or "quotes"."cancelled_by" in ('customer', 'owner')),
	CONSTRAINT "quotes_amount_owed" CHECK ("quotes"."amount_owed_pence" is null or "quotes"."amount_owed_pence" >= 0),
	CONSTRAINT "quotes_accepted_has_evidence" CHECK ("quotes"."status" not in ('accepted', 'cancelled') or "quotes"."acceptance" is not null)
);
--> statement-breakpoint
ALTER TABLE "quotes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_kind";--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_submission_id_form_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."form_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "quote_lines_position_unique" ON "quote_lines" USING btree ("quote_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_submission_version_unique" ON "quotes" USING btree ("submission_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_one_live_per_request" ON "quotes" USING btree ("submission_id") WHERE "quotes"."status" in ('draft', 'sent', 'viewed');--> statement-breakpoint
CREATE INDEX "quotes_open_idx" ON "quotes" USING btree ("status","valid_until");--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_kind" CHECK ("mail_outbox"."kind" in ('owner_submission', 'customer_confirmation', 'owner_review', 'owner_alert', 'owner_digest', 'appointment_confirmed', 'appointment_changed', 'appointment_proposed', 'appointment_cancelled', 'appointment_declined', 'appointment_reminder', 'review_invitation', 'customer_update', 'owner_customer_update', 'customer_link', 'quote_sent', 'quote_follow_up', 'quote_accepted', 'quote_cancelled', 'owner_quote_update'));