CREATE TABLE "photos" (
	"id" text PRIMARY KEY NOT NULL,
	"submission_id" integer,
	"blob_key" text NOT NULL,
	"thumb_key" text NOT NULL,
	"bytes" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"content_hash" text NOT NULL,
	"format" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	CONSTRAINT "photos_id_format" CHECK ("photos"."id" ~ '^[A-Za-z0-9_-]{16,64}$'),
	CONSTRAINT "photos_format" CHECK ("photos"."format" in ('jpeg', 'webp')),
	CONSTRAINT "photos_bytes_positive" CHECK ("photos"."bytes" > 0),
	CONSTRAINT "photos_dimensions_positive" CHECK ("photos"."width" > 0 and "photos"."height" > 0),
	CONSTRAINT "photos_claimed_consistent" CHECK (("photos"."submission_id" is null) = ("photos"."claimed_at" is null))
);
--> statement-breakpoint
ALTER TABLE "photos" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_submission_id_form_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."form_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "photos_submission_idx" ON "photos" USING btree ("submission_id");--> statement-breakpoint
CREATE INDEX "photos_unclaimed_idx" ON "photos" USING btree ("created_at") WHERE "photos"."submission_id" is null;