CREATE TABLE "admin_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "admin_sessions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "admin_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"setting_key" text NOT NULL,
	"setting_value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_settings_setting_key_length" CHECK (char_length("admin_settings"."setting_key") between 1 and 100)
);
--> statement-breakpoint
ALTER TABLE "admin_settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "form_submissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"message" text NOT NULL,
	"form_type" text NOT NULL,
	"address" text,
	"service" text,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "form_submissions_form_type" CHECK ("form_submissions"."form_type" in ('contact', 'booking')),
	CONSTRAINT "form_submissions_name_length" CHECK (char_length("form_submissions"."name") between 1 and 100),
	CONSTRAINT "form_submissions_email_length" CHECK (char_length("form_submissions"."email") between 3 and 254),
	CONSTRAINT "form_submissions_phone_length" CHECK (char_length("form_submissions"."phone") between 1 and 30),
	CONSTRAINT "form_submissions_message_length" CHECK (char_length("form_submissions"."message") between 1 and 5000),
	CONSTRAINT "form_submissions_address_length" CHECK ("form_submissions"."address" is null or char_length("form_submissions"."address") <= 300),
	CONSTRAINT "form_submissions_service_length" CHECK ("form_submissions"."service" is null or char_length("form_submissions"."service") <= 100),
	CONSTRAINT "form_submissions_booking_fields" CHECK ("form_submissions"."form_type" <> 'booking' or ("form_submissions"."address" is not null and "form_submissions"."service" is not null)),
	CONSTRAINT "form_submissions_idempotency_key_length" CHECK ("form_submissions"."idempotency_key" is null or char_length("form_submissions"."idempotency_key") between 1 and 200)
);
--> statement-breakpoint
ALTER TABLE "form_submissions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"submission_id" integer,
	"testimonial_id" integer,
	"to_address" text NOT NULL,
	"to_name" text DEFAULT '' NOT NULL,
	"reply_to_address" text,
	"reply_to_name" text,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_outbox_status" CHECK ("mail_outbox"."status" in ('pending', 'sent', 'failed')),
	CONSTRAINT "mail_outbox_kind" CHECK ("mail_outbox"."kind" in ('owner_submission', 'customer_confirmation', 'owner_review'))
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"bucket" text NOT NULL,
	"window_start" bigint NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rate_limits" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "testimonials" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"location" text NOT NULL,
	"rating" smallint NOT NULL,
	"text" text NOT NULL,
	"image" text,
	"approved" boolean DEFAULT false NOT NULL,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "testimonials_rating_range" CHECK ("testimonials"."rating" between 1 and 5),
	CONSTRAINT "testimonials_name_length" CHECK (char_length("testimonials"."name") between 2 and 100),
	CONSTRAINT "testimonials_location_length" CHECK (char_length("testimonials"."location") between 2 and 100),
	CONSTRAINT "testimonials_text_length" CHECK (char_length("testimonials"."text") between 10 and 2000),
	CONSTRAINT "testimonials_idempotency_key_length" CHECK ("testimonials"."idempotency_key" is null or char_length("testimonials"."idempotency_key") between 1 and 200)
);
--> statement-breakpoint
ALTER TABLE "testimonials" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_submission_id_form_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."form_submissions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_testimonial_id_testimonials_id_fk" FOREIGN KEY ("testimonial_id") REFERENCES "public"."testimonials"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "admin_sessions_token_hash_unique" ON "admin_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "admin_sessions_expires_at_idx" ON "admin_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "admin_settings_setting_key_unique" ON "admin_settings" USING btree ("setting_key");--> statement-breakpoint
CREATE UNIQUE INDEX "form_submissions_idempotency_key_unique" ON "form_submissions" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "form_submissions_submitted_at_idx" ON "form_submissions" USING btree ("submitted_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "form_submissions_unread_idx" ON "form_submissions" USING btree ("is_read");--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_submission_idx" ON "mail_outbox" USING btree ("submission_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rate_limits_bucket_window_unique" ON "rate_limits" USING btree ("bucket","window_start");--> statement-breakpoint
CREATE INDEX "rate_limits_window_start_idx" ON "rate_limits" USING btree ("window_start");--> statement-breakpoint
CREATE UNIQUE INDEX "testimonials_idempotency_key_unique" ON "testimonials" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "testimonials_public_idx" ON "testimonials" USING btree ("approved","rating" DESC NULLS FIRST,"created_at" DESC NULLS FIRST);