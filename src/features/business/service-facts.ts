/**
 * The business's details as every e-mail and function answer states them
 * (docs/decisions/071-published-facts-everywhere.md): the public facts (phone, e-mail, address)
 * as the live website states them, never a draft the owner saved but has not published; the bank
 * account, a paper fact like VAT, as saved now (it applies to the next invoice at once).
 *
 *   recordPublishedFacts(publicationId, part, at, db)  a website version went live with this business part
 *   publishedPublicFacts(db)   the public facts live now; before any publish, a fresh install's (as the pages)
 *   businessFactValues(db)     the values of the placeholders of src/lib/business-facts.ts
 */
import { getDb, type Db } from "../../platform/db/client";
import type { BusinessFactValues } from "../../lib/business-facts";
import { addressOneLine, telHref, type PublicFacts } from "./contract/public-facts";
import * as repo from "./repository";
import { currentBusiness } from "./service";
import { defaultBusinessSettings, publicFactsOf, publishedFactsOf } from "./service-settings";

/** What a version without a business part states (published before it existed): the defaults. */
const firstFacts = () => publicFactsOf(defaultBusinessSettings());

export async function recordPublishedFacts(
  publicationId: number,
  part: unknown,
  at: Date,
  db: Db = getDb(),
): Promise<void> {
  const facts = publishedFactsOf(part) ?? firstFacts();
  await repo.insertPublishedFacts({ facts: { ...facts }, publicationId, liveAt: at }, db);
}

export async function publishedPublicFacts(db: Db = getDb()): Promise<PublicFacts> {
  const row = await repo.latestPublishedFacts(db);
  return (row && publishedFactsOf(row.facts)) ?? firstFacts();
}

export async function businessFactValues(db: Db = getDb()): Promise<BusinessFactValues> {
  const [facts, saved] = await Promise.all([publishedPublicFacts(db), currentBusiness(db)]);
  return {
    phone: facts.phone,
    phoneHref: telHref(facts.phone),
    email: facts.email,
    address: addressOneLine(facts.address),
    accountName: saved.bank.accountName,
    sortCode: saved.bank.sortCode,
    accountNumber: saved.bank.accountNumber,
  };
}
