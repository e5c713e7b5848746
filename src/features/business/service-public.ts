/**
 * The business as the website states it (docs/decisions/055-identity-and-public-facts.md): the
 * trader under the settings in force, and the public facts as last published. The website's
 * publish (src/features/site-content/service-publish.ts) keeps the public facts as the "business"
 * part of each published version and puts them back on a restore.
 *
 *   businessPublishPart(db)             the public facts to publish: the ones saved now
 *   restoreBusinessPart(part, now, db)  a restored version's facts saved again as the drafts
 *   siteBusiness(part, db)              the facts saved and published, and which differ (the Website screen)
 *   publicBusiness(part, now, db)       what the pages state, read at build
 *   publicBusinessOf(settings, facts, today)   the same from plain data (no database)
 */
import type { Db } from "../../platform/db/client";
import { dateInZone, type IsoDate } from "../../platform/time";
import { traderOn, type BusinessSettings } from "./contract/identity";
import {
  draftFields,
  publicFactFields,
  sameFact,
  type PublicBusiness,
  type PublicFactField,
  type PublicFacts,
} from "./contract/public-facts";
import { registrationOf } from "./contract/identity";
import * as repo from "./repository";
import {
  defaultBusinessSettings,
  publicFactsOf,
  publishedFactsOf,
  settingsOf,
  traderFactsOf,
} from "./service-settings";

export async function businessPublishPart(db: Db): Promise<PublicFacts> {
  return publicFactsOf(settingsOf(await repo.latestVersion(db)));
}

/** Saves a restored version's public facts as the settings' facts (a new version when any differ). */
export async function restoreBusinessPart(part: unknown, now: Date, db: Db): Promise<void> {
  const facts = publishedFactsOf(part);
  if (!facts) return;
  const before = settingsOf(await repo.latestVersion(db));
  const changes = publicFactFields
    .filter((f) => !sameFact(before[f], facts[f]))
    .map((f) => ({ field: f, from: before[f], to: facts[f] }));
  if (changes.length === 0) return;
  await repo.insertVersion(
    { settings: { ...before, ...facts }, changes, actor: "owner", sessionId: null, savedAt: now },
    db,
  );
}

export interface SiteBusiness {
  draft: PublicFacts;
  published: PublicFacts | null;
  drafts: PublicFactField[];
}

export async function siteBusiness(part: unknown, db: Db): Promise<SiteBusiness> {
  const draft = await businessPublishPart(db);
  const published = publishedFactsOf(part);
  return { draft, published, drafts: draftFields(draft, published) };
}

export function publicBusinessOf(
  settings: BusinessSettings,
  published: PublicFacts | null,
  today: IsoDate,
): PublicBusiness {
  const facts = published ?? publicFactsOf(defaultBusinessSettings());
  const traderFacts = traderFactsOf(facts);
  const registration = registrationOf(settings, traderFacts);
  return {
    trader: traderOn(settings, traderFacts, today),
    facts,
    registration,
    companyNumber: registration === null ? null : settings.companyNumber,
  };
}

/** What the pages state: the trading identity saved now, the public facts last published. */
export async function publicBusiness(part: unknown, now: Date, db: Db): Promise<PublicBusiness> {
  const settings = settingsOf(await repo.latestVersion(db));
  return publicBusinessOf(settings, publishedFactsOf(part), dateInZone(now));
}

/** What a site built without a database states: a fresh install's settings. */
export function firstPublicBusiness(today: IsoDate): PublicBusiness {
  return publicBusinessOf(defaultBusinessSettings(), null, today);
}
