CREATE TABLE "customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"phone" text,
	"phone_digits" text,
	"address" text,
	"postcode" text GENERATED ALWAYS AS (upper(regexp_replace(substring("address" from '(?i)\m[a-z]{1,2}[0-9][a-z0-9]? *[0-9][a-z]{2}\M'), '\s', '', 'g'))) STORED,
	"notes" text,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, "name" || ' ' || coalesce("email", '') || ' ' || translate(coalesce("email", ''), '@.', '  ') || ' ' || coalesce("phone", '') || ' ' || coalesce("phone_digits", '') || ' ' || coalesce("address", ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customers_name_length" CHECK (char_length("customers"."name") between 1 and 100),
	CONSTRAINT "customers_email_lower" CHECK ("customers"."email" is null or ("customers"."email" = lower("customers"."email") and char_length("customers"."email") between 3 and 254)),
	CONSTRAINT "customers_phone_length" CHECK ("customers"."phone" is null or char_length("customers"."phone") between 1 and 30),
	CONSTRAINT "customers_address_length" CHECK ("customers"."address" is null or char_length("customers"."address") <= 300),
	CONSTRAINT "customers_notes_length" CHECK ("customers"."notes" is null or char_length("customers"."notes") between 1 and 2000)
);
--> statement-breakpoint
ALTER TABLE "customers" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD COLUMN "customer_id" integer;--> statement-breakpoint
CREATE INDEX "customers_email_idx" ON "customers" USING btree ("email");--> statement-breakpoint
CREATE INDEX "customers_phone_digits_idx" ON "customers" USING btree ("phone_digits" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "customers_postcode_idx" ON "customers" USING btree ("postcode" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "customers_search_idx" ON "customers" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "customers_activity_idx" ON "customers" USING btree ("last_activity_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "form_submissions_customer_idx" ON "form_submissions" USING btree ("customer_id","submitted_at");--> statement-breakpoint
-- assign_customer(request_id): the request's customer (docs/decisions/038-customers.md). Called by the
-- web forms' insert transaction (src/features/customers/service.ts) and below for older requests.
--  * Keys: the e-mail address in lower case, and the phone number's digits with +44/0044 written as 0
--    (form_submissions.phone_digits; fewer than 6 digits is no key).
--  * A key belongs to the customers of the requests that carry it (a customer's own e-mail and
--    phone number always come from one of their requests).
--  * The oldest customer (created first: the lowest id) holding the e-mail, and the one holding the
--    phone number; if these differ, the older one is chosen, the two are not merged, and a note on
--    the request says so. With no match, a customer is created from the request.
--  * The request that is the customer's latest sets the name and (when it has one) the address; a
--    missing e-mail or phone number is filled in unless another customer holds it.
-- Spam gets no customer. Every lookup is an index scan of form_submissions; the function plans each
-- statement afresh (plan_cache_mode), since the backfill grows customers from nothing within one
-- transaction and a plan cached while it was empty would read the whole table. One
-- transaction-scoped advisory lock serialises assignments, so two forms racing cannot both create
-- the same person.
CREATE OR REPLACE FUNCTION assign_customer(p_request integer) RETURNS integer
LANGUAGE plpgsql SET plan_cache_mode = force_custom_plan AS $$
DECLARE
  r record;
  v_email text;
  v_digits text;
  v_by_email integer;
  v_by_phone integer;
  v_chosen integer;
  v_other integer;
  v_chosen_name text;
  v_other_name text;
BEGIN
  PERFORM pg_advisory_xact_lock(380038);
  SELECT s.id, s.name, s.email, s.phone, s.phone_digits, s.address, s.submitted_at, s.customer_id, s.state INTO r
    FROM form_submissions s WHERE s.id = p_request FOR UPDATE;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  IF r.customer_id IS NOT NULL OR r.state = 'spam' THEN
    RETURN r.customer_id;
  END IF;
  v_email := nullif(lower(btrim(coalesce(r.email, ''))), '');
  v_digits := CASE WHEN char_length(coalesce(r.phone_digits, '')) >= 6 THEN r.phone_digits END;
  IF v_email IS NOT NULL THEN
    SELECT min(s.customer_id) INTO v_by_email FROM form_submissions s
     WHERE lower(s.email) = v_email AND s.customer_id IS NOT NULL;
  END IF;
  IF v_digits IS NOT NULL THEN
    SELECT min(s.customer_id) INTO v_by_phone FROM form_submissions s
     WHERE s.phone_digits = v_digits AND s.customer_id IS NOT NULL;
  END IF;
  IF v_by_email IS NOT NULL AND v_by_phone IS NOT NULL AND v_by_email <> v_by_phone THEN
    v_chosen := least(v_by_email, v_by_phone);
    v_other := CASE WHEN v_chosen = v_by_email THEN v_by_phone ELSE v_by_email END;
  ELSE
    v_chosen := coalesce(v_by_email, v_by_phone);
  END IF;
  IF v_chosen IS NULL THEN
    INSERT INTO customers (name, email, phone, phone_digits, address, last_activity_at, created_at, updated_at)
    VALUES (r.name, v_email, CASE WHEN v_digits IS NOT NULL THEN r.phone END, v_digits, r.address,
            r.submitted_at, r.submitted_at, r.submitted_at)
    RETURNING id INTO v_chosen;
  ELSE
    UPDATE customers c SET
      name = CASE WHEN r.submitted_at >= c.last_activity_at THEN r.name ELSE c.name END,
      address = CASE WHEN r.submitted_at >= c.last_activity_at AND r.address IS NOT NULL
                     THEN r.address ELSE c.address END,
      email = CASE WHEN c.email IS NULL AND (v_by_email IS NULL OR v_by_email = c.id)
                   THEN v_email ELSE c.email END,
      phone = CASE WHEN c.phone_digits IS NULL AND v_digits IS NOT NULL AND (v_by_phone IS NULL OR v_by_phone = c.id)
                   THEN r.phone ELSE c.phone END,
      phone_digits = CASE WHEN c.phone_digits IS NULL AND (v_by_phone IS NULL OR v_by_phone = c.id)
                          THEN v_digits ELSE c.phone_digits END,
      last_activity_at = greatest(c.last_activity_at, r.submitted_at),
      updated_at = greatest(c.updated_at, r.submitted_at)
    WHERE c.id = v_chosen;
    IF v_other IS NOT NULL THEN
      SELECT c.name INTO v_chosen_name FROM customers c WHERE c.id = v_chosen;
      SELECT c.name INTO v_other_name FROM customers c WHERE c.id = v_other;
      INSERT INTO submission_notes (submission_id, body, created_at, updated_at)
      VALUES (p_request, format(
        'Two customers match this request: the e-mail address is %s''s (customer %s) and the phone number %s''s (customer %s). It was added to the older record, %s (customer %s); the two were not merged.',
        CASE WHEN v_chosen = v_by_email THEN v_chosen_name ELSE v_other_name END,
        v_by_email,
        CASE WHEN v_chosen = v_by_phone THEN v_chosen_name ELSE v_other_name END,
        v_by_phone,
        v_chosen_name, v_chosen), r.submitted_at, r.submitted_at);
    END IF;
  END IF;
  UPDATE form_submissions SET customer_id = v_chosen WHERE id = p_request;
  RETURN v_chosen;
END;
$$;
--> statement-breakpoint
-- Every request stored before customers existed, oldest first: the same rule as a new request.
DO $$
DECLARE
  req record;
BEGIN
  FOR req IN SELECT id FROM form_submissions WHERE customer_id IS NULL AND state <> 'spam' ORDER BY submitted_at, id LOOP
    PERFORM assign_customer(req.id);
  END LOOP;
END;
$$;
