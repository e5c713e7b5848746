CREATE TABLE "customer_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"submission_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"mail_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_links_token_hash_format" CHECK ("customer_links"."token_hash" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
ALTER TABLE "customer_links" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_kind";--> statement-breakpoint
ALTER TABLE "customer_links" ADD CONSTRAINT "customer_links_submission_id_form_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."form_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_links" ADD CONSTRAINT "customer_links_mail_id_mail_outbox_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mail_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_links_token_hash_unique" ON "customer_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "customer_links_submission_idx" ON "customer_links" USING btree ("submission_id","id");--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_kind" CHECK ("mail_outbox"."kind" in ('owner_submission', 'customer_confirmation', 'owner_review', 'owner_alert', 'owner_digest', 'appointment_confirmed', 'appointment_changed', 'appointment_proposed', 'appointment_cancelled', 'appointment_declined', 'appointment_reminder', 'review_invitation', 'customer_update', 'owner_customer_update', 'customer_link'));