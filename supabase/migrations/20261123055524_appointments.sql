CREATE TABLE "appointments" (
	"id" serial PRIMARY KEY NOT NULL,
	"submission_id" integer NOT NULL,
	"uid" text NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"date" date,
	"window" text,
	"status" text NOT NULL,
	"message" text,
	"confirmed_at" timestamp with time zone,
	"reminder_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointments_status" CHECK ("appointments"."status" in ('proposed', 'confirmed', 'cancelled', 'declined')),
	CONSTRAINT "appointments_window" CHECK ("appointments"."window" is null or "appointments"."window" in ('morning', 'afternoon', 'any')),
	CONSTRAINT "appointments_date_when_live" CHECK ("appointments"."status" = 'declined' or ("appointments"."date" is not null and "appointments"."window" is not null)),
	CONSTRAINT "appointments_sequence" CHECK ("appointments"."sequence" >= 0),
	CONSTRAINT "appointments_message_length" CHECK ("appointments"."message" is null or char_length("appointments"."message") between 1 and 1000)
);
--> statement-breakpoint
ALTER TABLE "appointments" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "blocked_dates" (
	"date" date PRIMARY KEY NOT NULL,
	"label" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blocked_dates_label_length" CHECK ("blocked_dates"."label" is null or char_length("blocked_dates"."label") between 1 and 100)
);
--> statement-breakpoint
ALTER TABLE "blocked_dates" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "booking_details" (
	"submission_id" integer PRIMARY KEY NOT NULL,
	"preferred_options" jsonb NOT NULL,
	"urgent" boolean DEFAULT false NOT NULL,
	"access_notes" text,
	CONSTRAINT "booking_details_options_count" CHECK (jsonb_typeof("booking_details"."preferred_options") = 'array' and jsonb_array_length("booking_details"."preferred_options") between 1 and 3),
	CONSTRAINT "booking_details_access_notes_length" CHECK ("booking_details"."access_notes" is null or char_length("booking_details"."access_notes") between 1 and 500)
);
--> statement-breakpoint
ALTER TABLE "booking_details" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "booking_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"working_days" jsonb,
	"daily_cap" integer,
	"minimum_notice_working_days" integer,
	"horizon_weeks" integer,
	"calendar_feed_hash" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_settings_single_row" CHECK ("booking_settings"."id" = 1),
	CONSTRAINT "booking_settings_daily_cap" CHECK ("booking_settings"."daily_cap" is null or "booking_settings"."daily_cap" between 0 and 20),
	CONSTRAINT "booking_settings_notice" CHECK ("booking_settings"."minimum_notice_working_days" is null or "booking_settings"."minimum_notice_working_days" between 0 and 30),
	CONSTRAINT "booking_settings_horizon" CHECK ("booking_settings"."horizon_weeks" is null or "booking_settings"."horizon_weeks" between 1 and 52)
);
--> statement-breakpoint
ALTER TABLE "booking_settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_kind";--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_submission_id_form_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."form_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_details" ADD CONSTRAINT "booking_details_submission_id_form_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."form_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_uid_unique" ON "appointments" USING btree ("uid");--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_one_live_per_request" ON "appointments" USING btree ("submission_id") WHERE "appointments"."status" in ('proposed', 'confirmed');--> statement-breakpoint
CREATE INDEX "appointments_date_idx" ON "appointments" USING btree ("date","status");--> statement-breakpoint
CREATE INDEX "appointments_submission_idx" ON "appointments" USING btree ("submission_id","id");--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_kind" CHECK ("mail_outbox"."kind" in ('owner_submission', 'customer_confirmation', 'owner_review', 'owner_alert', 'owner_digest', 'appointment_confirmed', 'appointment_changed', 'appointment_proposed', 'appointment_cancelled', 'appointment_declined', 'appointment_reminder', 'review_invitation'));