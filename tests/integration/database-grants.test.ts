/**
 * The database grants nothing by accident (docs/decisions/043-security-by-default.md): Supabase's
 * API roles, `anon` (anyone with the project's public key) and `authenticated`, made before the
 * migrations with Supabase's default grants (scripts/lib/pglite-template.ts), can execute no
 * function of the project and read no table or view: every table has row level security and no
 * policy lets them in. Listed from the catalogue, on PGlite and on PostgreSQL
 * (scripts/with-postgres.ts), so a new function or table that forgets this fails here by name.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { pgErrorCode } from "../../src/platform/db/errors";
import { useTestDatabase } from "../helpers/db";

const t = useTestDatabase();
const apiRoles = ["anon", "authenticated"] as const;

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await t.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

describe("Supabase's API roles", () => {
  it("exist here with Supabase's default grants (else this test would prove nothing)", async () => {
    for (const role of apiRoles) {
      const [found] = await rows<{ tables: number }>(sql`
        select count(*)::int as tables from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and has_table_privilege(${role}, c.oid, 'SELECT')`);
      expect(found!.tables, role).toBeGreaterThan(10);
    }
  });

  it("can execute no function of the project", async () => {
    for (const role of apiRoles) {
      const callable = await rows<{ fn: string }>(sql`
        select p.oid::regprocedure::text as fn from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public' and has_function_privilege(${role}, p.oid, 'EXECUTE')
        order by 1`);
      expect(
        callable.map((r) => r.fn),
        role,
      ).toEqual([]);
    }
    const functions = await rows<{ fn: string }>(sql`
      select p.proname as fn from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public'`);
    expect(functions.map((r) => r.fn)).toContain("assign_customer");
  });

  it("can read no table or view: row level security on every table, no policy for them", async () => {
    for (const role of apiRoles) {
      const readable = await rows<{ name: string; why: string }>(sql`
        select c.relname as name,
               case when c.relkind in ('v', 'm') then 'a view' else 'no row level security' end as why
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm')
          and has_table_privilege(${role}, c.oid, 'SELECT')
          and (c.relkind in ('v', 'm') or not c.relrowsecurity)
        union all
        select p.tablename, 'a policy lets them read'
        from pg_policies p
        where p.schemaname = 'public' and p.cmd in ('SELECT', 'ALL')
          and (${role} = any(p.roles) or 'public' = any(p.roles))
        order by 1`);
      expect(readable, role).toEqual([]);
    }
  });

  it("anon calling assign_customer() is refused outright, before it takes any lock", async () => {
    const code = await t.db
      .transaction(async (tx) => {
        await tx.execute(sql`set local role anon`);
        await tx.execute(sql`select assign_customer(1)`);
      })
      .then(
        () => "ran",
        (e: unknown) => pgErrorCode(e),
      );
    expect(code).toBe("42501");
  });
});
