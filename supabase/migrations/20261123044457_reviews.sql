CREATE TABLE "review_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"submission_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"name" text NOT NULL,
	"location" text NOT NULL,
	"job_completed_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"testimonial_id" integer,
	"mail_id" integer,
	CONSTRAINT "review_invitations_name_length" CHECK (char_length("review_invitations"."name") <= 100),
	CONSTRAINT "review_invitations_location_length" CHECK (char_length("review_invitations"."location") <= 100)
);
--> statement-breakpoint
ALTER TABLE "review_invitations" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_kind";--> statement-breakpoint
ALTER TABLE "testimonials" ADD COLUMN "job_completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "testimonials" ADD COLUMN "rejected_reason" text;--> statement-breakpoint
ALTER TABLE "testimonials" ADD COLUMN "rejected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "testimonials" ADD COLUMN "reply_text" text;--> statement-breakpoint
ALTER TABLE "testimonials" ADD COLUMN "reply_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "review_invitations" ADD CONSTRAINT "review_invitations_submission_id_form_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."form_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_invitations" ADD CONSTRAINT "review_invitations_testimonial_id_testimonials_id_fk" FOREIGN KEY ("testimonial_id") REFERENCES "public"."testimonials"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_invitations" ADD CONSTRAINT "review_invitations_mail_id_mail_outbox_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mail_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "review_invitations_token_hash_unique" ON "review_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "review_invitations_submission_idx" ON "review_invitations" USING btree ("submission_id");--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_kind" CHECK ("mail_outbox"."kind" in ('owner_submission', 'customer_confirmation', 'owner_review', 'owner_alert', 'owner_digest', 'review_invitation'));--> statement-breakpoint
ALTER TABLE "testimonials" ADD CONSTRAINT "testimonials_rejected_reason" CHECK ("testimonials"."rejected_reason" is null or "testimonials"."rejected_reason" in ('abusive', 'personal-data', 'not-about-our-work', 'not-genuine', 'duplicate'));--> statement-breakpoint
ALTER TABLE "testimonials" ADD CONSTRAINT "testimonials_rejection_complete" CHECK (("testimonials"."rejected_reason" is null) = ("testimonials"."rejected_at" is null));--> statement-breakpoint
ALTER TABLE "testimonials" ADD CONSTRAINT "testimonials_rejected_not_approved" CHECK (not ("testimonials"."approved" and "testimonials"."rejected_at" is not null));--> statement-breakpoint
ALTER TABLE "testimonials" ADD CONSTRAINT "testimonials_reply_length" CHECK ("testimonials"."reply_text" is null or char_length("testimonials"."reply_text") between 1 and 2000);--> statement-breakpoint
ALTER TABLE "testimonials" ADD CONSTRAINT "testimonials_reply_complete" CHECK (("testimonials"."reply_text" is null) = ("testimonials"."reply_updated_at" is null));