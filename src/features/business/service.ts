/**
 * The business details (docs/decisions/045-business-details.md): the owner's trading identity and
 * VAT registration, saved as whole versions with who changed what, and read by every paper.
 *
 *   getBusinessDetails(ctx, published) the settings now, the effective date's range, the audit
 *                                      trail, and what the website shows (`published`: the
 *                                      published site's business part, which the caller reads
 *                                      from the site-content feature, above this one)
 *   updateBusinessSettings(patch, ctx) checks the result as a whole and saves a new version
 *   currentBusiness(db)                what applies to the next document, at once
 *   businessAt(instant, db)            what applied at an instant (an issued or sent paper's moment)
 *   vatOn(date, db)                    whether the next document, dated `date`, carries VAT
 *   traderAt(instant, date, db)        how a paper sent at `instant` and dated `date` names the trader
 *                                      (its contact lines: the public facts live at `instant`)
 *   defaultBusinessSettings()          a fresh install's settings, from src/config/site.ts
 */
import { traderFacts as configTraderFacts } from "../../config/site";
import { type ServiceContext, inTransaction } from "../../platform/context";
import { getDb, type Db } from "../../platform/db/client";
import { Invalid } from "../../platform/domain-errors";
import { dateInZone, type IsoDate } from "../../platform/time";
import { businessSettingsSchema, type BusinessDetails, type BusinessPatchParsed } from "./contract/endpoints";
import { draftFields, sameFact } from "./contract/public-facts";
import {
  traderOn,
  vatAppliesOn,
  type BusinessSettings,
  type Trader,
  type TraderFacts,
} from "./contract/identity";
import * as repo from "./repository";
import {
  defaultBusinessSettings,
  publicFactsOf,
  publishedFactsOf,
  settingsOf,
  traderFactsOf,
} from "./service-settings";
import { checklistOf, confirmationsAfter } from "./service-checklist";

export type { BusinessSettings, Trader };

/** The saves the screen lists. */
const auditShown = 100;
/** HMRC backdates a registration at most four years. */
const vatBackdateYears = 4;

export { defaultBusinessSettings };

export const traderFacts: TraderFacts = configTraderFacts;

export async function currentBusiness(db: Db = getDb()): Promise<BusinessSettings> {
  return settingsOf(await repo.latestVersion(db));
}

export async function businessAt(instant: Date, db: Db = getDb()): Promise<BusinessSettings> {
  return settingsOf(await repo.versionAt(instant, db));
}

/** Whether the next document, dated `date`, carries VAT (the settings now: a change applies at once). */
export async function vatOn(date: IsoDate, db: Db = getDb()): Promise<boolean> {
  return vatAppliesOn(await currentBusiness(db), date);
}

/** How a paper sent (or issued) at `instant`, bearing the date `date`, names the trader. */
export async function traderAt(instant: Date, date: IsoDate, db: Db = getDb()): Promise<Trader> {
  const [s, published] = await Promise.all([businessAt(instant, db), repo.publishedFactsAt(instant, db)]);
  // Its contacts and office as the live website stated them then (docs/decisions/071-published-facts-everywhere.md);
  // a paper from before the first recorded publish keeps those of the settings it was made under.
  const facts = (published && publishedFactsOf(published.facts)) ?? publicFactsOf(s);
  return traderOn(s, traderFactsOf(facts), date);
}

/**
 * The trader a quote or an invoice names: the settings in force at `at` (when it was sent or
 * issued; now for a draft), with the paper's own VAT state, which it keeps whatever changes later.
 */
export async function paperTrader(at: Date, vatRegistered: boolean, db: Db = getDb()): Promise<Trader> {
  return { ...(await traderAt(at, dateInZone(at), db)), vatRegistered };
}

/** The same calendar date `years` on (29 February becomes 28 February). */
function yearsOn(date: IsoDate, years: number): IsoDate {
  const y = Number(date.slice(0, 4)) + years;
  const md = date.slice(5) === "02-29" ? "02-28" : date.slice(5);
  return `${String(y).padStart(4, "0")}-${md}`;
}

async function limitsOf(today: IsoDate, db: Db) {
  const firstInvoiceOn = await repo.firstIssuedInvoiceOn(db);
  const backdate = yearsOn(today, -vatBackdateYears);
  return {
    vatFromEarliest: firstInvoiceOn && firstInvoiceOn > backdate ? firstInvoiceOn : backdate,
    vatFromLatest: yearsOn(today, 1),
    firstInvoiceOn,
  };
}

export async function getBusinessDetails(ctx: ServiceContext, part: unknown): Promise<BusinessDetails> {
  const [latest, limits, versions] = await Promise.all([
    repo.latestVersion(ctx.db),
    limitsOf(dateInZone(ctx.now), ctx.db),
    repo.listVersions(auditShown, ctx.db),
  ]);
  const business = settingsOf(latest);
  const published = publishedFactsOf(part);
  return {
    business,
    checklist: checklistOf(business),
    published,
    drafts: draftFields(publicFactsOf(business), published),
    tradingName: traderFacts.tradingName,
    limits,
    audit: versions.map((v) => ({
      id: v.id,
      savedAt: v.savedAt.toISOString(),
      actor: v.actor,
      sessionId: v.sessionId,
      changes: v.changes,
    })),
  };
}

const fieldError = (field: string, message: string) =>
  new Invalid("Please check the highlighted fields.", { fields: { [field]: message } });

type Limits = Awaited<ReturnType<typeof limitsOf>>;

/** The rules the settings obey together; `dateChanged` says whether the effective date is new. */
function checkSettings(s: BusinessSettings, limits: Limits, dateChanged: boolean): void {
  if (s.tradingAs === "sole_trader" && !s.soleTraderName) {
    throw fieldError(
      "soleTraderName",
      "Please enter your own name: a sole trader's papers say who trades, as in “Jane Smith trading as …”.",
    );
  }
  if (s.tradingAs === "company" && !s.companyNumber) {
    throw fieldError("companyNumber", "Please enter the company number: a company's papers must show it.");
  }
  if (!s.vatRegistered) return;
  if (!s.vatNumber) throw fieldError("vatNumber", "Please enter the VAT registration number.");
  if (!s.vatRegisteredFrom) {
    throw fieldError(
      "vatRegisteredFrom",
      "Please give the date your VAT registration takes effect: documents dated from then carry VAT.",
    );
  }
  if (!dateChanged) return;
  const from = s.vatRegisteredFrom;
  if (from < limits.vatFromEarliest) {
    throw fieldError(
      "vatRegisteredFrom",
      limits.firstInvoiceOn === limits.vatFromEarliest
        ? `The effective date cannot be before your first issued invoice (${limits.firstInvoiceOn}): issued invoices never change.`
        : `The effective date cannot be more than ${vatBackdateYears} years ago (${limits.vatFromEarliest} at the earliest).`,
    );
  }
  if (from > limits.vatFromLatest) {
    throw fieldError(
      "vatRegisteredFrom",
      `The effective date cannot be more than a year ahead (${limits.vatFromLatest} at the latest).`,
    );
  }
}

const fields = (Object.keys(businessSettingsSchema.shape) as (keyof BusinessSettings)[]).filter(
  (f) => f !== "confirmations",
);

export async function updateBusinessSettings(
  patch: BusinessPatchParsed,
  ctx: ServiceContext,
  by: { sessionId: number | null } = { sessionId: null },
): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const before = settingsOf(await repo.latestVersion(tx));
    const { confirm, ...settingsPatch } = patch;
    const given = Object.fromEntries(Object.entries(settingsPatch).filter(([, v]) => v !== undefined));
    const edited: BusinessSettings = { ...before, ...given };
    const fieldChanges = fields
      .filter((f) => !sameFact(edited[f], before[f]))
      .map((f) => ({ field: f, from: before[f], to: edited[f] }));
    const checked = confirmationsAfter(
      before.confirmations,
      fieldChanges.map((c) => c.field),
      confirm,
      { at: ctx.now, sessionId: by.sessionId },
    );
    const after: BusinessSettings = { ...edited, confirmations: checked.confirmations };
    const changes = [...fieldChanges, ...checked.changes];
    if (changes.length === 0) return;
    const dateChanged =
      after.vatRegisteredFrom !== before.vatRegisteredFrom || (after.vatRegistered && !before.vatRegistered);
    checkSettings(after, await limitsOf(dateInZone(ctx.now), tx), dateChanged);
    await repo.insertVersion(
      {
        settings: { ...after },
        changes,
        actor: by.sessionId === null ? "system" : "owner",
        sessionId: by.sessionId,
        savedAt: ctx.now,
      },
      tx,
    );
  });
}
