ALTER TABLE "customer_links" ADD COLUMN "last_used_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customer_links" ADD COLUMN "revoked_at" timestamp with time zone;