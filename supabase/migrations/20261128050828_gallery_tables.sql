CREATE TABLE "gallery_consents" (
	"submission_id" integer PRIMARY KEY NOT NULL,
	"recorded_by" text NOT NULL,
	"method" text NOT NULL,
	"note" text,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gallery_consents_recorded_by" CHECK ("gallery_consents"."recorded_by" in ('customer', 'owner')),
	CONSTRAINT "gallery_consents_method" CHECK ("gallery_consents"."method" in ('review-form', 'owner-note')),
	CONSTRAINT "gallery_consents_note" CHECK (("gallery_consents"."method" = 'owner-note') = ("gallery_consents"."note" is not null) and char_length(coalesce("gallery_consents"."note", '')) <= 500)
);
--> statement-breakpoint
ALTER TABLE "gallery_consents" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "site_gallery" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"caption" text NOT NULL,
	"town" text NOT NULL,
	"service" text NOT NULL,
	"before_image_id" text,
	"after_image_id" text,
	"photo_image_id" text,
	"submission_id" integer,
	"hidden" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_gallery_kind" CHECK ("site_gallery"."kind" in ('pair', 'single')),
	CONSTRAINT "site_gallery_images_by_kind" CHECK (("site_gallery"."kind" = 'pair' and "site_gallery"."before_image_id" is not null and "site_gallery"."after_image_id" is not null and "site_gallery"."photo_image_id" is null)
        or ("site_gallery"."kind" = 'single' and "site_gallery"."photo_image_id" is not null and "site_gallery"."before_image_id" is null and "site_gallery"."after_image_id" is null)),
	CONSTRAINT "site_gallery_caption_length" CHECK (char_length("site_gallery"."caption") between 1 and 200),
	CONSTRAINT "site_gallery_town_length" CHECK (char_length("site_gallery"."town") between 1 and 60),
	CONSTRAINT "site_gallery_service_shape" CHECK ("site_gallery"."service" ~ '^[a-z0-9]+(-[a-z0-9]+)*$')
);
--> statement-breakpoint
ALTER TABLE "site_gallery" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "site_gallery_images" (
	"id" text PRIMARY KEY NOT NULL,
	"bytes" "bytea" NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"content_hash" text NOT NULL,
	"source_photo_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_gallery_images_id_format" CHECK ("site_gallery_images"."id" ~ '^[A-Za-z0-9_-]{16,64}$'),
	CONSTRAINT "site_gallery_images_size" CHECK (octet_length("site_gallery_images"."bytes") between 1 and 20000000),
	CONSTRAINT "site_gallery_images_dimensions" CHECK ("site_gallery_images"."width" > 0 and "site_gallery_images"."height" > 0)
);
--> statement-breakpoint
ALTER TABLE "site_gallery_images" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "gallery_consents" ADD CONSTRAINT "gallery_consents_submission_id_form_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."form_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_gallery" ADD CONSTRAINT "site_gallery_before_image_id_site_gallery_images_id_fk" FOREIGN KEY ("before_image_id") REFERENCES "public"."site_gallery_images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_gallery" ADD CONSTRAINT "site_gallery_after_image_id_site_gallery_images_id_fk" FOREIGN KEY ("after_image_id") REFERENCES "public"."site_gallery_images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_gallery" ADD CONSTRAINT "site_gallery_photo_image_id_site_gallery_images_id_fk" FOREIGN KEY ("photo_image_id") REFERENCES "public"."site_gallery_images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_gallery" ADD CONSTRAINT "site_gallery_submission_id_form_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."form_submissions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "site_gallery_submission" ON "site_gallery" USING btree ("submission_id");