/**
 * The website's content as the owner edits it (docs/decisions/050-site-content.md): the drafts of
 * the services, FAQs, team and towns, and every published version as one snapshot. Part of the
 * database schema (src/features/tables.ts). The CHECK constraints repeat the contract's limits
 * (./contract/rules.ts).
 */
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  sql,
} from "../../platform/db/orm";
import { sqlList, timestamps } from "../../platform/db/columns";
import { priceBases } from "./contract/rules";

/** A service page's words beyond the fields the owner edits (kept from the site's first content). */
export interface ServicePageDetails {
  overview: string[];
  typicalJobs: string[];
  image: string | null;
  imageAlt: string | null;
}

const ordering = {
  hidden: boolean("hidden").notNull().default(false),
  position: integer("position").notNull().default(0),
};

export const siteServices = pgTable(
  "site_services",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    summary: text("summary").notNull(),
    description: text("description").notNull(),
    startingPricePence: integer("starting_price_pence").notNull(),
    priceBasis: text("price_basis").notNull(),
    icon: text("icon").notNull(),
    process: jsonb("process").$type<{ title: string; description: string }[]>().notNull(),
    features: jsonb("features").$type<string[]>().notNull(),
    page: jsonb("page").$type<ServicePageDetails>().notNull(),
    ...ordering,
    ...timestamps,
  },
  (t) => [
    uniqueIndex("site_services_slug").on(t.slug),
    check(
      "site_services_slug_shape",
      sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(${t.slug}) <= 60`,
    ),
    check("site_services_name_length", sql`char_length(${t.name}) between 1 and 80`),
    check("site_services_price", sql`${t.startingPricePence} between 0 and 5000000`),
    check("site_services_price_basis", sql`${t.priceBasis} in (${sqlList(priceBases)})`),
  ],
).enableRLS();

export const siteFaqs = pgTable(
  "site_faqs",
  {
    id: serial("id").primaryKey(),
    question: text("question").notNull(),
    answer: text("answer").notNull(),
    ...ordering,
    ...timestamps,
  },
  (t) => [
    check("site_faqs_question_length", sql`char_length(${t.question}) between 1 and 200`),
    check("site_faqs_answer_length", sql`char_length(${t.answer}) between 1 and 3000`),
  ],
).enableRLS();

export const siteTeam = pgTable(
  "site_team",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    role: text("role").notNull(),
    bio: text("bio").notNull(),
    image: text("image"),
    sample: boolean("sample").notNull().default(false),
    ...ordering,
    ...timestamps,
  },
  (t) => [check("site_team_name_length", sql`char_length(${t.name}) between 1 and 80`)],
).enableRLS();

export const siteTowns = pgTable(
  "site_towns",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    latitude: doublePrecision("latitude").notNull(),
    longitude: doublePrecision("longitude").notNull(),
    ...ordering,
    ...timestamps,
  },
  (t) => [check("site_towns_name_length", sql`char_length(${t.name}) between 1 and 60`)],
).enableRLS();

export const sitePublishStates = ["publishing", "live", "failed"] as const;

/**
 * Every published version: the snapshot of all the drafts at "Publish", and how its deploy went.
 * At most one is publishing at a time (the partial unique index), so two tabs cannot start two
 * deploys.
 */
export const sitePublications = pgTable(
  "site_publications",
  {
    id: serial("id").primaryKey(),
    content: jsonb("content").$type<unknown>().notNull(),
    state: text("state").notNull(),
    publishedBy: text("published_by").notNull(),
    /** The version this one put back ("Restore the previous version"), if it was a restore. */
    restoredFrom: integer("restored_from"),
    error: text("error"),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    liveAt: timestamp("live_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    check("site_publications_state", sql`${t.state} in (${sqlList(sitePublishStates)})`),
    uniqueIndex("site_publications_one_publishing")
      .on(t.state)
      .where(sql`${t.state} = 'publishing'`),
    index("site_publications_started").on(t.startedAt),
  ],
).enableRLS();
