CREATE TABLE "holiday_openings" (
	"date" date PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "holiday_openings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "submission_history" DROP CONSTRAINT "submission_history_actor";--> statement-breakpoint
ALTER TABLE "appointments" DROP CONSTRAINT "appointments_status";--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_actor";--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "submission_history" ADD CONSTRAINT "submission_history_actor" CHECK ("submission_history"."actor" in ('owner', 'customer', 'website', 'system'));--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_status" CHECK ("appointments"."status" in ('proposed', 'confirmed', 'completed', 'cancelled', 'declined'));--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor" CHECK ("audit_log"."actor" in ('owner', 'customer', 'website', 'system'));--> statement-breakpoint
-- The owner's own confirmations and moves were logged as the system before the actors were named.
UPDATE "submission_history" SET "actor" = 'owner' WHERE "actor" = 'system' AND "to_state" = 'scheduled' AND ("note" LIKE 'Appointment confirmed for%' OR "note" LIKE 'Appointment moved to%');
