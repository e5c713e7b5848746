-- An acceptance is evidence (docs/decisions/029-quotes.md): once a quote row holds one, no path
-- into the database (a bug, a script, the SQL editor) can change or remove it or its time.
CREATE OR REPLACE FUNCTION "quotes_acceptance_is_final"() RETURNS trigger
LANGUAGE plpgsql SET search_path = '' AS $$
BEGIN
  IF OLD."acceptance" IS NOT NULL AND (
    NEW."acceptance" IS DISTINCT FROM OLD."acceptance" OR NEW."accepted_at" IS DISTINCT FROM OLD."accepted_at"
  ) THEN
    RAISE EXCEPTION 'A quote''s acceptance is evidence and never changes' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "quotes_acceptance_final" BEFORE UPDATE ON "quotes"
FOR EACH ROW EXECUTE FUNCTION "quotes_acceptance_is_final"();
