CREATE TABLE "business_settings_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"settings" jsonb NOT NULL,
	"changes" jsonb NOT NULL,
	"actor" text NOT NULL,
	"session_id" integer,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_settings_versions_settings" CHECK (jsonb_typeof("business_settings_versions"."settings") = 'object'),
	CONSTRAINT "business_settings_versions_changes" CHECK (jsonb_typeof("business_settings_versions"."changes") = 'array'),
	CONSTRAINT "business_settings_versions_actor" CHECK ("business_settings_versions"."actor" in ('owner', 'system'))
);
--> statement-breakpoint
ALTER TABLE "business_settings_versions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "start_date" date;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "start_within_working_days" smallint;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "issued_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "business_settings_versions_saved_at_idx" ON "business_settings_versions" USING btree ("saved_at");--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_work_start" CHECK (("quotes"."start_date" is null or "quotes"."start_within_working_days" is null) and ("quotes"."start_within_working_days" is null or "quotes"."start_within_working_days" between 1 and 90));