/**
 * Drizzle ORM for the server code, loaded from its CommonJS build.
 *
 * Why not `import … from "drizzle-orm"`: Node 24's ES-module loader looks up the package scope of
 * each file it loads, and for drizzle-orm that means reading its 178 KB package.json (a long
 * "exports" map) again for each of the hundred-odd files pg-core and node-postgres pull in. That
 * took 700-900 ms of every cold start on our machines, and `netlify dev` / `netlify serve` start
 * a fresh worker for every function call, so every local API call paid it. The CommonJS build of
 * the same version loads in about 130 ms. docs/decisions/021-functions-cold-start.md has the
 * measurements.
 *
 * Types are the package's own (`typeof import(…)`). Drizzle marks its classes with
 * `Symbol.for(…)` keys, so objects from this copy and from an ES-module import elsewhere (tests,
 * the PGlite driver in scripts) still recognise each other.
 */
import { createRequire } from "node:module";

// A plain `createRequire` binding, which the function bundler's file tracer (@vercel/nft) follows
// to ship drizzle-orm's CommonJS files. drizzle-kit loads the schema as CommonJS, where
// import.meta.url is undefined and __filename is set.
const load = createRequire(import.meta.url ?? __filename);

const core = load("drizzle-orm") as typeof import("drizzle-orm");
const pgCore = load("drizzle-orm/pg-core") as typeof import("drizzle-orm/pg-core");
const nodePostgres = load("drizzle-orm/node-postgres") as typeof import("drizzle-orm/node-postgres");

export type { SQL } from "drizzle-orm";

export const {
  and,
  asc,
  avg,
  between,
  count,
  desc,
  eq,
  getTableColumns,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  or,
  sql,
} = core;

export const {
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} = pgCore;

export const { drizzle: drizzleNodePostgres } = nodePostgres;
