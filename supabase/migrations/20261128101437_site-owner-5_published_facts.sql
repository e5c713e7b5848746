CREATE TABLE "business_published_facts" (
	"id" serial PRIMARY KEY NOT NULL,
	"facts" jsonb NOT NULL,
	"publication_id" integer NOT NULL,
	"live_at" timestamp with time zone NOT NULL,
	CONSTRAINT "business_published_facts_facts" CHECK (jsonb_typeof("business_published_facts"."facts") = 'object')
);
--> statement-breakpoint
ALTER TABLE "business_published_facts" ENABLE ROW LEVEL SECURITY;