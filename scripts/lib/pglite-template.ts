/**
 * A migrated PGlite data directory, made once per migration set and cached on disk as a tar
 * (`.data/pglite-template/<hash>.tar`). Creating a PGlite database runs initdb (2-6 s, far more on
 * a busy machine); loading this dump takes well under a second. Used by the test helpers (a fresh
 * database per test file) and the dev runner (a new or --fresh data folder).
 *
 * The template also has Supabase's API roles (`anon`, `authenticated`) with Supabase's default
 * grants, made before the migrations as on Supabase, so local databases behave like Supabase and
 * tests can prove RLS hides every table and no function is theirs to call.
 */
import { PGlite } from "@electric-sql/pglite";
import { createHash, randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, rename, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { migratePglite, migrationsFolder } from "../../src/platform/db/migrate";

/**
 * Supabase's API roles and what Supabase grants them, run before the migrations as on Supabase:
 * usage of the schema, and by default every table, sequence and function the migrations create
 * (so a migration that revokes something is tested against what Supabase really grants).
 */
export const supabaseRolesSql = `
do $$ begin
  begin create role anon nologin; exception when duplicate_object or unique_violation then null; end;
  begin create role authenticated nologin; exception when duplicate_object or unique_violation then null; end;
end $$;
grant usage on schema public to anon, authenticated;
alter default privileges in schema public grant select, insert, update, delete on tables to anon, authenticated;
alter default privileges in schema public grant usage, select on sequences to anon, authenticated;
alter default privileges in schema public grant execute on functions to anon, authenticated;
`;

/** Supabase's table grants again after the migrations, for a database whose roles came later. */
export const supabaseTableGrantsSql = `
grant select, insert, update, delete on all tables in schema public to anon, authenticated;
grant usage, select on all sequences in schema public to anon, authenticated;
`;

/** Changes whenever a migration (or the role bootstrap) changes. */
export async function migrationsHash(): Promise<string> {
  const hash = createHash("sha256");
  const walk = async (dir: string): Promise<void> => {
    const entries = (await readdir(dir, { withFileTypes: true })).sort((a, b) =>
      a.name.localeCompare(b.name),
    );
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else hash.update(entry.name).update(await readFile(full));
    }
  };
  await walk(migrationsFolder);
  hash.update(supabaseRolesSql).update(supabaseTableGrantsSql);
  return hash.digest("hex").slice(0, 16);
}

const templateDir = path.resolve(migrationsFolder, "../../.data/pglite-template");

/** The migrated template as a Blob for `PGlite.create(dir, { loadDataDir })`. */
export async function pgliteTemplate(): Promise<Blob> {
  const file = path.join(templateDir, `${await migrationsHash()}.tar`);
  const exists = await stat(file).then(
    () => true,
    () => false,
  );
  if (!exists) {
    const pg = await PGlite.create();
    await pg.exec(supabaseRolesSql);
    await migratePglite(pg);
    await pg.exec(supabaseTableGrantsSql);
    const dump = await pg.dumpDataDir("none");
    await pg.close();
    await mkdir(templateDir, { recursive: true });
    const tmp = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
    await writeFile(tmp, Buffer.from(await dump.arrayBuffer()));
    await rename(tmp, file); // atomic: parallel processes never read a half-written template
  }
  return new Blob([await readFile(file)]);
}
