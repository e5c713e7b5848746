CREATE TABLE "holiday_openings" (
	"date" date PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "holiday_openings" ENABLE ROW LEVEL SECURITY;