CREATE TABLE "push_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_key" text NOT NULL,
	"kind" text NOT NULL,
	"subscription_id" integer NOT NULL,
	"submission_id" integer,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"url" text NOT NULL,
	"urgency" text DEFAULT 'normal' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_outbox_status" CHECK ("push_outbox"."status" in ('pending', 'sent', 'failed')),
	CONSTRAINT "push_outbox_urgency" CHECK ("push_outbox"."urgency" in ('normal', 'high')),
	CONSTRAINT "push_outbox_kind" CHECK ("push_outbox"."kind" in ('new_request', 'appointment_accepted', 'another_time_asked', 'request_cancelled', 'quote_opened', 'quote_accepted', 'quote_declined', 'invoice_paid', 'invoice_overdue', 'mail_failed', 'test'))
);
--> statement-breakpoint
ALTER TABLE "push_outbox" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"name" text NOT NULL,
	"last_success_at" timestamp with time zone,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_subscriptions_name" CHECK (char_length("push_subscriptions"."name") between 1 and 60),
	CONSTRAINT "push_subscriptions_endpoint_len" CHECK (char_length("push_subscriptions"."endpoint") <= 1000)
);
--> statement-breakpoint
ALTER TABLE "push_subscriptions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "push_outbox" ADD CONSTRAINT "push_outbox_subscription_id_push_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."push_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_outbox" ADD CONSTRAINT "push_outbox_submission_id_form_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."form_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "push_outbox_due_idx" ON "push_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "push_outbox_event_idx" ON "push_outbox" USING btree ("event_key");--> statement-breakpoint
CREATE INDEX "push_outbox_subscription_idx" ON "push_outbox" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "push_outbox_submission_idx" ON "push_outbox" USING btree ("submission_id");--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint_idx" ON "push_subscriptions" USING btree ("endpoint");