CREATE TABLE "document_sequences" (
	"name" text PRIMARY KEY NOT NULL,
	"next" integer NOT NULL,
	CONSTRAINT "document_sequences_next" CHECK ("document_sequences"."next" >= 1)
);
--> statement-breakpoint
ALTER TABLE "document_sequences" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"description" text NOT NULL,
	"quantity_hundredths" integer NOT NULL,
	"unit_pence" integer NOT NULL,
	"vat_rate_hundredths" integer,
	CONSTRAINT "invoice_lines_position" CHECK ("invoice_lines"."position" between 0 and 199),
	CONSTRAINT "invoice_lines_description_length" CHECK (char_length("invoice_lines"."description") between 1 and 500),
	CONSTRAINT "invoice_lines_quantity" CHECK ("invoice_lines"."quantity_hundredths" between 1 and 1000000),
	CONSTRAINT "invoice_lines_unit_pence" CHECK ("invoice_lines"."unit_pence" between -100000000 and 100000000),
	CONSTRAINT "invoice_lines_vat_rate" CHECK ("invoice_lines"."vat_rate_hundredths" is null or "invoice_lines"."vat_rate_hundredths" between 0 and 10000)
);
--> statement-breakpoint
ALTER TABLE "invoice_lines" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "invoice_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"amount_pence" integer NOT NULL,
	"method" text NOT NULL,
	"received_on" date NOT NULL,
	"reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone,
	"removed_by" text,
	CONSTRAINT "invoice_payments_amount" CHECK ("invoice_payments"."amount_pence" between 1 and 100000000),
	CONSTRAINT "invoice_payments_method" CHECK ("invoice_payments"."method" in ('bank_transfer', 'cash', 'card', 'other')),
	CONSTRAINT "invoice_payments_reference_length" CHECK ("invoice_payments"."reference" is null or char_length("invoice_payments"."reference") between 1 and 100),
	CONSTRAINT "invoice_payments_removed" CHECK (("invoice_payments"."removed_at" is null) = ("invoice_payments"."removed_by" is null))
);
--> statement-breakpoint
ALTER TABLE "invoice_payments" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"number" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"submission_id" integer,
	"quote_id" integer,
	"credited_invoice_id" integer,
	"customer_name" text NOT NULL,
	"customer_email" text,
	"customer_address" text,
	"vat_registered" boolean NOT NULL,
	"note" text,
	"reason" text,
	"supply_date" date,
	"issued_on" date,
	"due_on" date,
	"net_pence" integer NOT NULL,
	"vat_pence" integer NOT NULL,
	"total_pence" integer NOT NULL,
	"paid_pence" integer DEFAULT 0 NOT NULL,
	"credited_pence" integer DEFAULT 0 NOT NULL,
	"reminders_enabled" boolean DEFAULT true NOT NULL,
	"reminder1_sent_at" timestamp with time zone,
	"reminder2_sent_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"kept_quote" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_kind" CHECK ("invoices"."kind" in ('full', 'deposit', 'balance', 'direct', 'credit_note')),
	CONSTRAINT "invoices_status" CHECK ("invoices"."status" in ('draft', 'unpaid', 'part-paid', 'paid', 'void')),
	CONSTRAINT "invoices_issued_has_number" CHECK (("invoices"."status" = 'draft') = ("invoices"."number" is null) and ("invoices"."number" is null) = ("invoices"."issued_on" is null)),
	CONSTRAINT "invoices_credit_note_reference" CHECK (("invoices"."kind" = 'credit_note') = ("invoices"."credited_invoice_id" is not null)),
	CONSTRAINT "invoices_customer_name_length" CHECK (char_length("invoices"."customer_name") between 1 and 100),
	CONSTRAINT "invoices_customer_email_length" CHECK ("invoices"."customer_email" is null or char_length("invoices"."customer_email") between 3 and 254),
	CONSTRAINT "invoices_customer_address_length" CHECK ("invoices"."customer_address" is null or char_length("invoices"."customer_address") between 1 and 500),
	CONSTRAINT "invoices_note_length" CHECK ("invoices"."note" is null or char_length("invoices"."note") between 1 and 2000),
	CONSTRAINT "invoices_reason_length" CHECK ("invoices"."reason" is null or char_length("invoices"."reason") between 1 and 1000),
	CONSTRAINT "invoices_total" CHECK ("invoices"."total_pence" between 0 and 100000000),
	CONSTRAINT "invoices_paid" CHECK ("invoices"."paid_pence" >= 0),
	CONSTRAINT "invoices_credited" CHECK ("invoices"."credited_pence" between 0 and "invoices"."total_pence")
);
--> statement-breakpoint
ALTER TABLE "invoices" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_kind";--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_submission_id_form_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."form_submissions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_credited_invoice_id_invoices_id_fk" FOREIGN KEY ("credited_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_lines_position_unique" ON "invoice_lines" USING btree ("invoice_id","position");--> statement-breakpoint
CREATE INDEX "invoice_payments_invoice_idx" ON "invoice_payments" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "invoice_payments_received_idx" ON "invoice_payments" USING btree ("received_on");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_unique" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE INDEX "invoices_status_due_idx" ON "invoices" USING btree ("status","due_on");--> statement-breakpoint
CREATE INDEX "invoices_issued_on_idx" ON "invoices" USING btree ("issued_on");--> statement-breakpoint
CREATE INDEX "invoices_submission_idx" ON "invoices" USING btree ("submission_id");--> statement-breakpoint
CREATE INDEX "invoices_quote_idx" ON "invoices" USING btree ("quote_id");--> statement-breakpoint
CREATE INDEX "invoices_credited_idx" ON "invoices" USING btree ("credited_invoice_id");--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_kind" CHECK ("mail_outbox"."kind" in ('owner_submission', 'customer_confirmation', 'owner_review', 'owner_alert', 'owner_digest', 'appointment_confirmed', 'appointment_changed', 'appointment_proposed', 'appointment_cancelled', 'appointment_declined', 'appointment_reminder', 'review_invitation', 'customer_update', 'owner_customer_update', 'customer_link', 'quote_sent', 'quote_follow_up', 'quote_accepted', 'quote_cancelled', 'owner_quote_update', 'invoice_sent', 'invoice_reminder', 'invoice_receipt'));