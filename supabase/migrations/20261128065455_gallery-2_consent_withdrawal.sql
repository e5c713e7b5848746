CREATE TABLE "gallery_consent_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"submission_id" integer NOT NULL,
	"event" text NOT NULL,
	"actor" text NOT NULL,
	"acted_by" jsonb,
	"method" text,
	"note" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gallery_consent_history_event" CHECK ("gallery_consent_history"."event" in ('given', 'withdrawn')),
	CONSTRAINT "gallery_consent_history_note" CHECK (char_length(coalesce("gallery_consent_history"."note", '')) <= 500)
);
--> statement-breakpoint
ALTER TABLE "gallery_consent_history" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "gallery_consents" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gallery_consents" ADD COLUMN "withdrawn_by" text;--> statement-breakpoint
ALTER TABLE "gallery_consents" ADD COLUMN "withdrawal_note" text;--> statement-breakpoint
ALTER TABLE "gallery_consent_history" ADD CONSTRAINT "gallery_consent_history_submission_id_form_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."form_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gallery_consent_history_submission" ON "gallery_consent_history" USING btree ("submission_id","id");--> statement-breakpoint
ALTER TABLE "gallery_consents" ADD CONSTRAINT "gallery_consents_withdrawn" CHECK (("gallery_consents"."withdrawn_at" is null) = ("gallery_consents"."withdrawn_by" is null)
        and ("gallery_consents"."withdrawn_by" is null or "gallery_consents"."withdrawn_by" in ('customer', 'owner'))
        and char_length(coalesce("gallery_consents"."withdrawal_note", '')) <= 500);