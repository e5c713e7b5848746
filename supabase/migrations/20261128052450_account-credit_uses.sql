CREATE TABLE "account_credit_uses" (
	"id" serial PRIMARY KEY NOT NULL,
	"credit_id" integer NOT NULL,
	"payment_id" integer NOT NULL,
	"amount_pence" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone,
	CONSTRAINT "account_credit_uses_amount" CHECK ("account_credit_uses"."amount_pence" between 1 and 100000000)
);
--> statement-breakpoint
ALTER TABLE "account_credit_uses" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "invoice_payments" DROP CONSTRAINT "invoice_payments_method";--> statement-breakpoint
ALTER TABLE "account_credit_uses" ADD CONSTRAINT "account_credit_uses_credit_id_account_credits_id_fk" FOREIGN KEY ("credit_id") REFERENCES "public"."account_credits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_credit_uses" ADD CONSTRAINT "account_credit_uses_payment_id_invoice_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."invoice_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_credit_uses_credit_idx" ON "account_credit_uses" USING btree ("credit_id");--> statement-breakpoint
CREATE UNIQUE INDEX "account_credit_uses_payment_credit_unique" ON "account_credit_uses" USING btree ("payment_id","credit_id");--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_method" CHECK ("invoice_payments"."method" in ('bank_transfer', 'cash', 'card', 'other', 'on_account'));