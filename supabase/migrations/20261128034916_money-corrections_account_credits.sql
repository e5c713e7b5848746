CREATE TABLE "account_credits" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount_pence" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refunded_on" date,
	"refund_method" text,
	"refund_reference" text,
	"settled_at" timestamp with time zone,
	"removed_at" timestamp with time zone,
	CONSTRAINT "account_credits_kind" CHECK ("account_credits"."kind" in ('on_account', 'refund')),
	CONSTRAINT "account_credits_amount" CHECK ("account_credits"."amount_pence" between 1 and 100000000),
	CONSTRAINT "account_credits_refund" CHECK (("account_credits"."refunded_on" is null) = ("account_credits"."refund_method" is null) and ("account_credits"."refunded_on" is null or "account_credits"."kind" = 'refund')),
	CONSTRAINT "account_credits_refund_method" CHECK ("account_credits"."refund_method" is null or "account_credits"."refund_method" in ('bank_transfer', 'cash', 'card', 'other')),
	CONSTRAINT "account_credits_refund_reference_length" CHECK ("account_credits"."refund_reference" is null or char_length("account_credits"."refund_reference") between 1 and 100)
);
--> statement-breakpoint
ALTER TABLE "account_credits" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "account_credits" ADD CONSTRAINT "account_credits_payment_id_invoice_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."invoice_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_credits" ADD CONSTRAINT "account_credits_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_credits_payment_unique" ON "account_credits" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "account_credits_open_idx" ON "account_credits" USING btree ("kind") WHERE "account_credits"."settled_at" is null and "account_credits"."removed_at" is null;