ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_submission_id_form_submissions_id_fk";
--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_testimonial_id_testimonials_id_fk";
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_submission_id_form_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."form_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_testimonial_id_testimonials_id_fk" FOREIGN KEY ("testimonial_id") REFERENCES "public"."testimonials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Copies left behind by deletions before this migration (ON DELETE SET NULL): every message of these kinds was written with its link, so a message without one belongs to a deleted request or review.
DELETE FROM "mail_outbox" WHERE "submission_id" IS NULL AND "testimonial_id" IS NULL AND "kind" IN ('owner_submission', 'customer_confirmation', 'owner_review');
