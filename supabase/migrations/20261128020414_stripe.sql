CREATE TABLE "card_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"refund_id" text NOT NULL,
	"credit_note_id" integer NOT NULL,
	"payment_intent_id" text NOT NULL,
	"amount_pence" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "card_refunds_status" CHECK ("card_refunds"."status" in ('pending', 'succeeded', 'failed')),
	CONSTRAINT "card_refunds_amount" CHECK ("card_refunds"."amount_pence" between 1 and 100000000)
);
--> statement-breakpoint
ALTER TABLE "card_refunds" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "checkout_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"invoice_id" integer NOT NULL,
	"amount_pence" integer NOT NULL,
	"url" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkout_sessions_status" CHECK ("checkout_sessions"."status" in ('open', 'complete', 'expired')),
	CONSTRAINT "checkout_sessions_amount" CHECK ("checkout_sessions"."amount_pence" between 1 and 100000000),
	CONSTRAINT "checkout_sessions_url_length" CHECK (char_length("checkout_sessions"."url") between 1 and 2000)
);
--> statement-breakpoint
ALTER TABLE "checkout_sessions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "payment_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"invoice_id" integer,
	"payment_intent_id" text NOT NULL,
	"amount_pence" integer NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "payment_alerts_kind" CHECK ("payment_alerts"."kind" in ('overpaid', 'invoice_missing', 'invoice_void', 'invoice_paid')),
	CONSTRAINT "payment_alerts_amount" CHECK ("payment_alerts"."amount_pence" between 0 and 100000000),
	CONSTRAINT "payment_alerts_message_length" CHECK (char_length("payment_alerts"."message") between 1 and 500)
);
--> statement-breakpoint
ALTER TABLE "payment_alerts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "outbox_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"topic" text NOT NULL,
	"key" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"available_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "outbox_items_status" CHECK ("outbox_items"."status" in ('pending', 'done', 'failed')),
	CONSTRAINT "outbox_items_topic_length" CHECK (char_length("outbox_items"."topic") between 1 and 100),
	CONSTRAINT "outbox_items_key_length" CHECK (char_length("outbox_items"."key") between 1 and 255),
	CONSTRAINT "outbox_items_last_error_length" CHECK ("outbox_items"."last_error" is null or char_length("outbox_items"."last_error") <= 500)
);
--> statement-breakpoint
ALTER TABLE "outbox_items" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "push_outbox" DROP CONSTRAINT "push_outbox_kind";--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD COLUMN "provider" text;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD COLUMN "fee_pence" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "card_refunds_refund_unique" ON "card_refunds" USING btree ("refund_id");--> statement-breakpoint
CREATE UNIQUE INDEX "card_refunds_credit_note_unique" ON "card_refunds" USING btree ("credit_note_id");--> statement-breakpoint
CREATE UNIQUE INDEX "checkout_sessions_session_unique" ON "checkout_sessions" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "checkout_sessions_invoice_idx" ON "checkout_sessions" USING btree ("invoice_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_alerts_intent_kind_unique" ON "payment_alerts" USING btree ("payment_intent_id","kind");--> statement-breakpoint
CREATE INDEX "payment_alerts_open_idx" ON "payment_alerts" USING btree ("created_at") WHERE "payment_alerts"."resolved_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_items_topic_key_unique" ON "outbox_items" USING btree ("topic","key");--> statement-breakpoint
CREATE INDEX "outbox_items_due_idx" ON "outbox_items" USING btree ("topic","available_at") WHERE "outbox_items"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_payments_provider_reference_unique" ON "invoice_payments" USING btree ("provider","reference") WHERE "invoice_payments"."provider" is not null;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_provider" CHECK ("invoice_payments"."provider" is null or ("invoice_payments"."provider" in ('stripe') and "invoice_payments"."reference" is not null));--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_fee" CHECK ("invoice_payments"."fee_pence" is null or "invoice_payments"."fee_pence" between 0 and 100000000);--> statement-breakpoint
ALTER TABLE "push_outbox" ADD CONSTRAINT "push_outbox_kind" CHECK ("push_outbox"."kind" in ('new_request', 'appointment_accepted', 'another_time_asked', 'request_cancelled', 'quote_opened', 'quote_accepted', 'quote_declined', 'invoice_paid', 'invoice_overdue', 'payment_online', 'payment_attention', 'mail_failed', 'test'));