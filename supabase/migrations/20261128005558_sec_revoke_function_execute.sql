-- No project function is callable by the database's API roles (docs/decisions/043-security-by-default.md).
-- PostgreSQL grants EXECUTE on every new function to PUBLIC, and Supabase also grants it to its
-- `anon` and `authenticated` roles (the Data API's callers), so `assign_customer()` could be called
-- through the API: row level security made it return nothing, but it still took the advisory lock.
-- Only the site's own server calls these functions, as the owner of the schema. Revoked here for
-- every function that exists, and by default for every function created later by the same role.
-- The API roles exist on Supabase and in the test databases, not in every local one: each is
-- revoked only where it exists.
REVOKE EXECUTE ON ALL FUNCTIONS IN SCHEMA public FROM PUBLIC;--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public REVOKE EXECUTE ON FUNCTIONS FROM PUBLIC;--> statement-breakpoint
DO $$
DECLARE
  r text;
BEGIN
  FOREACH r IN ARRAY ARRAY['anon', 'authenticated'] LOOP
    IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = r) THEN
      EXECUTE format('REVOKE EXECUTE ON ALL FUNCTIONS IN SCHEMA public FROM %I', r);
      EXECUTE format('ALTER DEFAULT PRIVILEGES IN SCHEMA public REVOKE EXECUTE ON FUNCTIONS FROM %I', r);
    END IF;
  END LOOP;
END $$;
