CREATE TABLE "site_faqs" (
	"id" serial PRIMARY KEY NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_faqs_question_length" CHECK (char_length("site_faqs"."question") between 1 and 200),
	CONSTRAINT "site_faqs_answer_length" CHECK (char_length("site_faqs"."answer") between 1 and 3000)
);
--> statement-breakpoint
ALTER TABLE "site_faqs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "site_publications" (
	"id" serial PRIMARY KEY NOT NULL,
	"content" jsonb NOT NULL,
	"state" text NOT NULL,
	"published_by" text NOT NULL,
	"restored_from" integer,
	"error" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"live_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "site_publications_state" CHECK ("site_publications"."state" in ('publishing', 'live', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "site_publications" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "site_services" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"summary" text NOT NULL,
	"description" text NOT NULL,
	"starting_price_pence" integer NOT NULL,
	"price_basis" text NOT NULL,
	"icon" text NOT NULL,
	"process" jsonb NOT NULL,
	"features" jsonb NOT NULL,
	"page" jsonb NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_services_slug_shape" CHECK ("site_services"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length("site_services"."slug") <= 60),
	CONSTRAINT "site_services_name_length" CHECK (char_length("site_services"."name") between 1 and 80),
	CONSTRAINT "site_services_price" CHECK ("site_services"."starting_price_pence" between 0 and 5000000),
	CONSTRAINT "site_services_price_basis" CHECK ("site_services"."price_basis" in ('per-room', 'per-hour', 'per-day', 'per-project', 'per-item', 'per-square-foot', 'per-square-metre', 'fixed'))
);
--> statement-breakpoint
ALTER TABLE "site_services" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "site_team" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"bio" text NOT NULL,
	"image" text,
	"sample" boolean DEFAULT false NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_team_name_length" CHECK (char_length("site_team"."name") between 1 and 80)
);
--> statement-breakpoint
ALTER TABLE "site_team" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "site_towns" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_towns_name_length" CHECK (char_length("site_towns"."name") between 1 and 60)
);
--> statement-breakpoint
ALTER TABLE "site_towns" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE UNIQUE INDEX "site_publications_one_publishing" ON "site_publications" USING btree ("state") WHERE "site_publications"."state" = 'publishing';--> statement-breakpoint
CREATE INDEX "site_publications_started" ON "site_publications" USING btree ("started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "site_services_slug" ON "site_services" USING btree ("slug");