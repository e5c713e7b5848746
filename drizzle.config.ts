import { defineConfig } from "drizzle-kit";

// Migrations use the Supabase CLI's naming (<timestamp>_<name>.sql) so `supabase db push` can apply them too.
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/features/tables.ts",
  out: "./supabase/migrations",
  migrations: { prefix: "supabase" },
});
