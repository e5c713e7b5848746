CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"action" text NOT NULL,
	"actor" text NOT NULL,
	"item_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audit_log_action" CHECK ("audit_log"."action" in ('person_search', 'person_export', 'person_erase', 'retention')),
	CONSTRAINT "audit_log_actor" CHECK ("audit_log"."actor" in ('owner', 'customer', 'system'))
);
--> statement-breakpoint
ALTER TABLE "audit_log" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "job_runs" (
	"job" text NOT NULL,
	"run_key" text NOT NULL,
	"outcome" text DEFAULT 'started' NOT NULL,
	"ran_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_runs_outcome_length" CHECK (char_length("job_runs"."outcome") between 1 and 200)
);
--> statement-breakpoint
ALTER TABLE "job_runs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "submission_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"submission_id" integer NOT NULL,
	"from_state" text,
	"to_state" text NOT NULL,
	"actor" text NOT NULL,
	"note" text,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "submission_history_from_state" CHECK ("submission_history"."from_state" is null or "submission_history"."from_state" in ('new', 'contacted', 'quoted', 'scheduled', 'done', 'lost', 'cancelled', 'spam')),
	CONSTRAINT "submission_history_to_state" CHECK ("submission_history"."to_state" in ('new', 'contacted', 'quoted', 'scheduled', 'done', 'lost', 'cancelled', 'spam')),
	CONSTRAINT "submission_history_actor" CHECK ("submission_history"."actor" in ('owner', 'customer', 'system')),
	CONSTRAINT "submission_history_note_length" CHECK ("submission_history"."note" is null or char_length("submission_history"."note") between 1 and 1000)
);
--> statement-breakpoint
ALTER TABLE "submission_history" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "submission_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"submission_id" integer NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "submission_notes_body_length" CHECK (char_length("submission_notes"."body") between 1 and 2000)
);
--> statement-breakpoint
ALTER TABLE "submission_notes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_kind";--> statement-breakpoint
DROP INDEX "form_submissions_submitted_at_idx";--> statement-breakpoint
ALTER TABLE "form_submissions" ADD COLUMN "state" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD COLUMN "state_changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD COLUMN "phone_digits" text GENERATED ALWAYS AS (regexp_replace(regexp_replace(regexp_replace("phone", '[^0-9+]', '', 'g'), '^(\+|00)44', '0'), '[^0-9]', '', 'g')) STORED;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, "name" || ' ' || "email" || ' ' || translate("email", '@.', '  ') || ' ' || "phone" || ' ' || regexp_replace(regexp_replace(regexp_replace("phone", '[^0-9+]', '', 'g'), '^(\+|00)44', '0'), '[^0-9]', '', 'g') || ' ' || coalesce("address", '') || ' ' || "message") || to_tsvector('english'::regconfig, "name" || ' ' || "email" || ' ' || translate("email", '@.', '  ') || ' ' || "phone" || ' ' || regexp_replace(regexp_replace(regexp_replace("phone", '[^0-9+]', '', 'g'), '^(\+|00)44', '0'), '[^0-9]', '', 'g') || ' ' || coalesce("address", '') || ' ' || "message")) STORED;--> statement-breakpoint
ALTER TABLE "submission_history" ADD CONSTRAINT "submission_history_submission_id_form_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."form_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_notes" ADD CONSTRAINT "submission_notes_submission_id_form_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."form_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_created_at_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "job_runs_job_key_unique" ON "job_runs" USING btree ("job","run_key");--> statement-breakpoint
CREATE INDEX "submission_history_submission_idx" ON "submission_history" USING btree ("submission_id","id");--> statement-breakpoint
CREATE INDEX "submission_notes_submission_idx" ON "submission_notes" USING btree ("submission_id","id");--> statement-breakpoint
CREATE INDEX "form_submissions_inbox_idx" ON "form_submissions" USING btree ("submitted_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "form_submissions_state_idx" ON "form_submissions" USING btree ("state","submitted_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "form_submissions_state_changed_idx" ON "form_submissions" USING btree ("state","state_changed_at");--> statement-breakpoint
CREATE INDEX "form_submissions_search_idx" ON "form_submissions" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "form_submissions_phone_digits_idx" ON "form_submissions" USING btree ("phone_digits");--> statement-breakpoint
CREATE INDEX "form_submissions_email_lower_idx" ON "form_submissions" USING btree (lower("email"));--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_state" CHECK ("form_submissions"."state" in ('new', 'contacted', 'quoted', 'scheduled', 'done', 'lost', 'cancelled', 'spam'));--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_kind" CHECK ("mail_outbox"."kind" in ('owner_submission', 'customer_confirmation', 'owner_review', 'owner_alert', 'owner_digest'));--> statement-breakpoint
-- Requests stored before states existed: unread ones are new, read ones were seen and answered.
UPDATE "form_submissions" SET "state" = CASE WHEN "is_read" THEN 'contacted' ELSE 'new' END, "state_changed_at" = "updated_at";
