CREATE TABLE "invoice_paid_pdfs" (
	"invoice_id" integer PRIMARY KEY NOT NULL,
	"paid_on" date NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_paid_pdfs_size" CHECK (octet_length("invoice_paid_pdfs"."bytes") between 1 and 20000000)
);
--> statement-breakpoint
ALTER TABLE "invoice_paid_pdfs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "invoice_paid_pdfs" ADD CONSTRAINT "invoice_paid_pdfs_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;